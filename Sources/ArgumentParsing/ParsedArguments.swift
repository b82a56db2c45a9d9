/// What the parser found on a command line: positionals, option values and flags.
public struct ParsedArguments: Sendable {
  /// The command these arguments were parsed for.
  public var spec: CommandSpec
  /// Positional words, in order.
  public var positionals: [String] = []
  /// Option values by long name, in the order given.
  public var values: [String: [String]] = [:]
  /// Flags given, by long name.
  public var flags: Set<String> = []

  /// What was parsed for `spec`.
  public init(
    spec: CommandSpec, positionals: [String] = [], values: [String: [String]] = [:],
    flags: Set<String> = []
  ) {
    self.spec = spec
    self.positionals = positionals
    self.values = values
    self.flags = flags
  }

  /// Whether the flag was given.
  public func flag(_ long: String) -> Bool { flags.contains(long) }

  /// The option's value (the parser refuses a single-value option given twice).
  public func value(_ long: String) -> String? { values[long]?.last }

  /// Every value of a repeatable option.
  public func all(_ long: String) -> [String] { values[long] ?? [] }
}
