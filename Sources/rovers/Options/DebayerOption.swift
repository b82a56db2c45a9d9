import ArgumentParsing
import CommandRuntime
import MarsImaging

/// `--debayer` on `show`, `stereo` and `movie`, also `ROVERS_DEBAYER=on` and `debayer = on` in
/// the config file: Bayer frames in colour (``Debayering``).
enum DebayerOption {
  /// On or off, as the environment and the config file write it.
  enum Switch: String, CaseIterable, Sendable {
    case on, off
  }

  static let flag = Flag(
    "debayer", help: "Bayer frames in colour (or set ROVERS_DEBAYER=on, config debayer = on).")
  static let option = Option<Switch>.choice(
    "debayer", value: "on|off", help: "Bayer frames in colour.", variable: "ROVERS_DEBAYER",
    inConfig: true)

  /// The flag, else the environment or the config file; off by default.
  static func parse(_ arguments: ParsedArguments, settings: Settings) throws -> Debayering {
    let setting = try settings[option]
    return Debayering(enabled: arguments[flag] || setting == .on)
  }
}
