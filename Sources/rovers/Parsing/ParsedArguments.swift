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

  /// The option's value as a whole number no smaller than `minimum`: digits only (`+5` is as
  /// wrong as `-5` would be for a count), and a number too large for the tool says so.
  func integer(_ long: String, minimum: Int, reason: String) throws -> Int? {
    guard let text = value(long) else { return nil }
    let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
    let isWhole = !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
    if isWhole, Int(text) == nil {
      throw UsageError.invalidValue(
        text, for: option(long), reason: "the number is too large", in: spec)
    }
    guard isWhole, let number = Int(text), number >= minimum else {
      throw UsageError.invalidValue(text, for: option(long), reason: reason, in: spec)
    }
    return number
  }

  /// The option's spec, for messages.
  func option(_ long: String) -> String {
    spec.options.first { $0.long == long }?.displayName ?? "--\(long)"
  }
}
