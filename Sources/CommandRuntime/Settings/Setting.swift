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
    option.spec.defaultValue = shown ?? "\(value)"
    return Setting(option: option, defaultValue: value)
  }
}
