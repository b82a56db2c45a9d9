/// Reads one setting from a flag, else an environment variable, else its default, and says
/// where a bad value came from.
struct SettingSource {
  var arguments: ParsedArguments
  var environment: [String: String]
  var config = ConfigFile()

  /// The flag's value, else the variable's (when not empty), else the config file's, with
  /// where it came from.
  func text(_ flag: String, _ variable: String?) -> (value: String, origin: String)? {
    if let value = arguments.value(flag) { return (value, arguments.option(flag)) }
    if let variable, let value = environment[variable], !value.isEmpty { return (value, variable) }
    if let (value, _) = config.values[flag], let origin = config.origin(of: flag) {
      return (value, origin)
    }
    return nil
  }

  /// A number within `range`, or the default.
  func number(
    _ flag: String, _ variable: String?, default fallback: Double, in range: ClosedRange<Double>,
    reason: String
  ) throws -> Double {
    try value(flag, variable, default: fallback, reason: reason) {
      Double($0).flatMap { $0.isFinite && range.contains($0) ? $0 : nil }
    }
  }

  /// A whole number within `range`, or the default.
  func integer(
    _ flag: String, _ variable: String?, default fallback: Int, in range: ClosedRange<Int>,
    reason: String
  ) throws -> Int {
    try value(flag, variable, default: fallback, reason: reason) {
      Int($0).flatMap { range.contains($0) ? $0 : nil }
    }
  }

  /// The setting read by `parse`, or the default; a value `parse` refuses is an error naming
  /// where it came from.
  private func value<T>(
    _ flag: String, _ variable: String?, default fallback: T, reason: String,
    parse: (String) -> T?
  ) throws -> T {
    guard let (text, origin) = text(flag, variable) else { return fallback }
    guard let value = parse(text) else { throw invalid(text, origin, reason) }
    return value
  }

  /// The error for a bad value, naming the flag or the variable it came from.
  func invalid(_ text: String, _ origin: String, _ reason: String) -> any Error {
    if origin.hasPrefix("--") {
      return UsageError.invalidValue(text, for: origin, reason: reason, in: arguments.spec)
    }
    // A value from the config file is the file's fault: exit 78, with its line.
    if !config.path.isEmpty, origin.hasPrefix(config.path + ":") {
      let line = Int(origin.dropFirst(config.path.count + 1))
      return ConfigError(
        path: config.path, line: line, problem: "the value '\(text)' is invalid: \(reason)")
    }
    return SettingError(message: "The value '\(text)' of \(origin) is invalid: \(reason)")
  }
}
