import ArgumentParsing
import CommandRuntime
import MarsFetching
import RoverAPI

/// `--size small|medium|large|full`: which of the sizes NASA publishes of a Perseverance image
/// the photo commands show and fetch. Curiosity publishes one size, which it keeps.
struct SizeOption: Sendable {
  static let option = Option<ImageSize>.choice(
    "size", value: "size",
    help: "Perseverance images at 320, 800 or 1200 px, or full resolution (PNG).", inConfig: true
  ).setting(default: .large, shown: "large")
  static var spec: OptionSpec { option.spec }

  var size: ImageSize

  /// The size from `--size`, else the config file's `size`, else large.
  init(_ settings: Settings) throws {
    size = try settings[Self.option]
  }

  /// The photos at the size asked for; with `--verbose`, a word when some cannot change size.
  /// Changed in place: a sol of thousands is not copied.
  func apply(_ photos: consuming [Photo], _ common: CommonOptions, _ console: Console) -> [Photo] {
    if common.verbose, size != .large,
      let fixed = photos.first(where: { size.address(ofImageAt: $0.imgSrc) == nil })
    {
      console.diagnostic(
        "\(fixed.rover.name) publishes one size: --size \(size.rawValue) changes nothing for its"
          + " photos")
    }
    for index in photos.indices { photos[index].resize(to: size) }
    return photos
  }
}
