import MarsData
import RoverAPI

/// `--size small|medium|large|full`: which of the sizes NASA publishes of a Perseverance image
/// the photo commands show and fetch. Curiosity publishes one size, which it keeps.
struct SizeOption: Sendable {
  static let spec = OptionSpec.option(
    "size", value: "size",
    help: "Perseverance images at 320, 800 or 1200 px, or full resolution (PNG).",
    default: "large", completion: .values(ImageSize.allCases.map(\.rawValue)))

  var size: ImageSize

  /// The size from `--size`, else the config file's `size`, else large.
  init(_ arguments: ParsedArguments, environment: [String: String]) throws {
    let settings = SettingSource(
      arguments: arguments, environment: environment,
      config: try ConfigFile.load(arguments, environment))
    guard let (text, origin) = settings.text("size", nil) else {
      size = .large
      return
    }
    guard let size = ImageSize(rawValue: text.lowercased()) else {
      throw settings.invalid(text, origin, "give small, medium, large or full")
    }
    self.size = size
  }

  /// The photos at the size asked for; with `--verbose`, a word when some cannot change size.
  func apply(_ photos: [Photo], _ common: CommonOptions, _ console: Console) -> [Photo] {
    let resized = photos.map { $0.resized(to: size) }
    if common.verbose, size != .large,
      let fixed = photos.first(where: { size.address(ofImageAt: $0.imgSrc) == nil })
    {
      console.diagnostic(
        "\(fixed.rover.name) publishes one size: --size \(size.rawValue) changes nothing for its"
          + " photos")
    }
    return resized
  }
}
