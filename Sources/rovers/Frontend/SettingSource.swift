/// Reads one setting from a flag, else an environment variable, else its default, and says
/// where a bad value came from.
struct SettingSource {
  var arguments: ParsedArguments
  var environment: [String: String]

  /// The flag's value, else the variable's (when not empty), with where it came from.
  func text(_ flag: String, _ variable: String) -> (value: String, origin: String)? {
    if let value = arguments.value(flag) { return (value, arguments.option(flag)) }
    if let value = environment[variable], !value.isEmpty { return (value, variable) }
    return nil
  }

  /// A number within `range`, or the default.
  func number(
    _ flag: String, _ variable: String, default fallback: Double, in range: ClosedRange<Double>,
    reason: String
  )
    throws -> Double
  {
    guard let (text, origin) = text(flag, variable) else { return fallback }
    guard let value = Double(text), value.isFinite, range.contains(value) else {
      throw invalid(text, origin, reason)
    }
    return value
  }

  /// A whole number within `range`, or the default.
  func integer(
    _ flag: String, _ variable: String, default fallback: Int, in range: ClosedRange<Int>,
    reason: String
  )
    throws -> Int
  {
    guard let (text, origin) = text(flag, variable) else { return fallback }
    guard let value = Int(text), range.contains(value) else { throw invalid(text, origin, reason) }
    return value
  }

  /// The error for a bad value, naming the flag or the variable it came from.
  func invalid(_ text: String, _ origin: String, _ reason: String) -> UsageError {
    origin.hasPrefix("--")
      ? UsageError.invalidValue(text, for: origin, reason: reason, in: arguments.spec)
      : UsageError(
        message: "The value '\(text)' of \(origin) is invalid: \(reason)", command: arguments.spec)
  }
}
