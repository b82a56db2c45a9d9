import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsMirror
import RoverAPI

/// `--sample-type` and `--mars-time-from/--mars-time-to`: filters on what NASA's feeds say of
/// each photo, applied to the answers (no request of their own).
enum PhotoFilterOptions {
  static let sampleType = Option<SampleType>.choice(
    "sample-type", value: "type", repeatable: true,
    help:
      "Only full, thumbnail, subframe or downsampled images, from NASA's feeds; repeat for"
      + " several. (default: full frames, and Curiosity's subframes)")
  static let marsTimeFrom = Option<Int>(
    "mars-time-from", value: "hh:mm",
    help: "Only photos taken from this local Mars time of day (sunsets: 17:30).",
    parse: clock)
  static let marsTimeTo = Option<Int>(
    "mars-time-to", value: "hh:mm",
    help: "Only photos taken up to this local Mars time. Photos without one are left out.",
    parse: clock)

  /// The options, for a command's spec.
  static var specs: [OptionSpec] { [sampleType.spec, marsTimeFrom.spec, marsTimeTo.spec] }

  /// The filter the arguments describe.
  static func parse(_ arguments: ParsedArguments) throws -> PhotoFilter {
    let types = try arguments[all: sampleType].map(\.rawValue)
    let from = try arguments[marsTimeFrom]
    let to = try arguments[marsTimeTo]
    let time: (from: Int, to: Int)? =
      from == nil && to == nil ? nil : (from ?? 0, to ?? 24 * 60 - 1)
    return PhotoFilter(sampleTypes: types.isEmpty ? nil : Set(types), marsTime: time)
  }

  /// The photos `filter` keeps; when a time filter left out photos that carry no Mars time at
  /// all (an API server's), a note says where the times are, so an empty answer is not read
  /// as an empty evening. Kept in place: a sol of thousands is not copied.
  static func apply(
    _ filter: PhotoFilter, to photos: consuming [Photo], quiet: Bool, console: Console
  ) -> [Photo] {
    if filter.marsTime != nil, !quiet, !photos.isEmpty,
      photos.allSatisfy({ $0.details.marsTime == nil })
    {
      console.diagnostic(
        "note: these photos carry no Mars time (an API server's never do); NASA's feeds have"
          + " it: --source nasa")
    }
    photos.removeAll { !filter.keeps($0) }
    return photos
  }

  /// `HH:MM` as minutes after midnight.
  private static func clock(_ text: String) -> Result<Int, Option<Int>.ValueProblem> {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
      let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour),
      (0..<60).contains(minute)
    else { return .failure(.init(reason: "give a time of day as HH:MM, such as 17:30")) }
    return .success(hour * 60 + minute)
  }
}
