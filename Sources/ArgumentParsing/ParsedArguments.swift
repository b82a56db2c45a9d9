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

  /// Whether the flag was given. By name, for this module alone: commands read an option
  /// through the option itself (`arguments[Self.page]`, ``isGiven(_:)``), so a renamed option
  /// cannot leave a reader behind.
  func flag(_ long: String) -> Bool { flags.contains(long) }

  /// The option's value (the parser refuses a single-value option given twice).
  func value(_ long: String) -> String? { values[long]?.last }

  /// Every value of a repeatable option.
  func all(_ long: String) -> [String] { values[long] ?? [] }

  /// Whether the option or flag of `spec` was given, with any value.
  public func isGiven(_ spec: OptionSpec) -> Bool {
    flags.contains(spec.long) || values[spec.long] != nil
  }
}
