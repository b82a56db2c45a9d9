/// `--color auto|always|never`: whether output is painted.
enum ColorChoice: String, Sendable, CaseIterable {
  /// On a terminal only, unless `NO_COLOR` or `TERM=dumb` says no.
  case auto
  /// Always, for a pager or a viewer that shows colour from a pipe (`less -R`, `watch --color`).
  case always
  /// Never, even on a terminal.
  case never

  /// The choice on a command line; `--no-color` is `never`, and contradicting it is a mistake.
  init(_ arguments: ParsedArguments) throws {
    let noColor = arguments.flag("no-color")
    guard let text = arguments.value("color") else {
      self = noColor ? .never : .auto
      return
    }
    guard let choice = ColorChoice(rawValue: text.lowercased()) else {
      throw UsageError.invalidValue(
        text, for: "--color <when>", reason: "give auto, always or never", in: arguments.spec)
    }
    if noColor, choice != .never {
      throw UsageError(
        message: "'--no-color' and '--color \(text)' cannot be used together",
        command: arguments.spec)
    }
    self = choice
  }
}
