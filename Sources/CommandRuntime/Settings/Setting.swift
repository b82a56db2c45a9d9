import ArgumentParsing

/// An option with a default, so it always has a value: `--timeout`, `--jobs`, `--source`.
package struct Setting<Value: Sendable>: Sendable {
  /// The option, its default shown in help.
  package var option: Option<Value>
  /// The value when nothing gives one.
  package var defaultValue: Value

  /// The spelling, help and completion.
  package var spec: OptionSpec { option.spec }
}

extension Option {
  /// This option with a default: a setting, always with a value. `shown` is how help writes
  /// the default, when not as the value itself.
  package func setting(default value: Value, shown: String? = nil) -> Setting<Value> {
    var option = self
    option.defaultValue = value
    option.spec.defaultValue = shown ?? Self.text(of: value)
    return Setting(option: option, defaultValue: value)
  }

  /// The default as help writes it. A value of a type known here is written without
  /// `String(describing:)`, whose first use in a run scans every protocol conformance in the
  /// binary (a millisecond of every start, for a line of help that is seldom shown).
  private static func text(of value: Value) -> String {
    if let text = value as? String { return text }
    if let number = value as? Int { return String(number) }
    if let number = value as? Double { return String(number) }
    return "\(value)"
  }
}

extension Option where Value: RawRepresentable, Value.RawValue == String {
  /// This option with a default, written in help as its raw value, the word it is given as.
  package func setting(default value: Value) -> Setting<Value> {
    setting(default: value, shown: value.rawValue)
  }
}
