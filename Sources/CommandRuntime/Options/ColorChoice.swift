import ArgumentParsing

/// `--color auto|always|never`: whether output is painted.
package enum ColorChoice: String, Sendable, CaseIterable {
  /// On a terminal only, unless `NO_COLOR` or `TERM=dumb` says no.
  case auto
  /// Always, for a pager or a viewer that shows colour from a pipe (`less -R`, `watch --color`).
  case always
  /// Never, even on a terminal.
  case never

  package static let option = Option<ColorChoice>.choice(
    "color", value: "when", help: "auto (on a terminal), always (for less -R) or never.",
    default: .auto)
  package static let noColor = Flag("no-color", help: "The same as --color never.")

  /// The choice on a command line; `--no-color` is `never`, and contradicting it is a mistake.
  package init(_ arguments: ParsedArguments) throws {
    let noColor = arguments[Self.noColor]
    guard let choice = try arguments[Self.option] else {
      self = noColor ? .never : .auto
      return
    }
    if noColor, choice != .never {
      throw UsageError(
        message:
          "'--no-color' and '--color \(arguments.text(of: Self.option) ?? "")' cannot be used"
          + " together", command: arguments.spec)
    }
    self = choice
  }
}
