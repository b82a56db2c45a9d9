import MarsFetching
import RoverAPI

/// What `--sample-type` and `--mars-time-from/--mars-time-to` keep of the photos a query
/// found: applied to the answers, so a filter never costs a request of its own.
public struct PhotoFilter: Sendable, Equatable {
  /// The sample types kept, in lower case; `nil` keeps what the source keeps (full frames,
  /// and Curiosity's subframes from the feeds).
  public var sampleTypes: Set<String>?
  /// The local Mars time of day kept, in minutes after midnight; a range whose start is after
  /// its end runs through midnight. `nil` keeps every time.
  public var marsTime: (from: Int, to: Int)?

  /// A filter; with nothing given it keeps every photo.
  public init(sampleTypes: Set<String>? = nil, marsTime: (from: Int, to: Int)? = nil) {
    self.sampleTypes = sampleTypes
    self.marsTime = marsTime
  }

  /// Whether the filter keeps every photo.
  public var keepsAll: Bool { sampleTypes == nil && marsTime == nil }

  /// Whether `photo` is kept. A photo without a sample type (an API server's) counts as a full
  /// frame, which is all those servers keep; one without a Mars time is left out by a time
  /// filter, since nothing says it falls in the range.
  public func keeps(_ photo: Photo) -> Bool {
    if let sampleTypes, !sampleTypes.contains(photo.details.sampleType ?? "full") { return false }
    if let marsTime {
      guard let minute = photo.details.marsMinuteOfDay else { return false }
      return marsTime.from <= marsTime.to
        ? (marsTime.from...marsTime.to).contains(minute)
        : minute >= marsTime.from || minute <= marsTime.to
    }
    return true
  }

  /// Whether two filters keep the same photos.
  public static func == (left: PhotoFilter, right: PhotoFilter) -> Bool {
    left.sampleTypes == right.sampleTypes && left.marsTime?.from == right.marsTime?.from
      && left.marsTime?.to == right.marsTime?.to
  }
}
