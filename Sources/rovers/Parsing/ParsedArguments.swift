/// What the parser found on a command line: positionals, option values and flags.
struct ParsedArguments: Sendable {
  /// The command these arguments were parsed for.
  var spec: CommandSpec
  /// Positional words, in order.
  var positionals: [String] = []
  /// Option values by long name, in the order given.
  var values: [String: [String]] = [:]
  /// Flags given, by long name.
  var flags: Set<String> = []

  /// Whether the flag was given.
  func flag(_ long: String) -> Bool { flags.contains(long) }

  /// The option's value (the parser refuses a single-value option given twice).
  func value(_ long: String) -> String? { values[long]?.last }

  /// Every value of a repeatable option.
  func all(_ long: String) -> [String] { values[long] ?? [] }
}
