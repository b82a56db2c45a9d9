/// An option that takes a value, declared once: how the command line spells it (its spec, for
/// parsing, help, completion and the man page), where else its value may come from (an
/// environment variable, the config file), its default, and how its text becomes a value.
///
/// A command declares `static let page = Option.integer("page", value: "n", …)`, lists
/// `Self.page.spec` in its ``CommandSpec``, and reads `try arguments[Self.page]` (the command
/// line only) or `try settings[Self.page]` (flag, environment, config file, default).
public struct Option<Value: Sendable>: Sendable {
  /// The spelling, help and completion.
  public var spec: OptionSpec
  /// The environment variable that may give the value.
  public var variable: String?
  /// Whether a config file line may give it, keyed by the long name.
  public var inConfig: Bool
  /// The value when nothing gives one.
  public var defaultValue: Value?
  /// The value a text means, or why it means none (`give a whole number, 1 to 64`).
  public var parse: @Sendable (String) -> Result<Value, ValueProblem>

  /// Why a text is no value of an option.
  public struct ValueProblem: Error, Sendable {
    /// Why, in words that follow `is invalid for '--name':`.
    public var reason: String

    /// A problem for this reason.
    public init(reason: String) { self.reason = reason }
  }

  /// An option read by `parse`.
  public init(
    _ long: String, short: Character? = nil, value: String, repeatable: Bool = false,
    help: String, default defaultValue: Value? = nil, shownDefault: String? = nil,
    variable: String? = nil, inConfig: Bool = false, completion: CompletionHint = .none,
    parse: @escaping @Sendable (String) -> Result<Value, ValueProblem>
  ) {
    spec = .option(
      long, short: short, value: value, repeatable: repeatable, help: help,
      default: shownDefault ?? defaultValue.map { "\($0)" }, completion: completion)
    self.variable = variable
    self.inConfig = inConfig
    self.defaultValue = defaultValue
    self.parse = parse
  }

  /// `--sol <sol>`, the way messages name it.
  public var displayName: String { spec.displayName }
}

extension Option where Value == String {
  /// An option whose value is its text; with `blank`, text of spaces alone (or none) is
  /// refused for that reason: a filter given nothing to look for (`--text "$WORDS"` with
  /// nothing in it) would otherwise keep everything or nothing without a word said.
  public static func text(
    _ long: String, short: Character? = nil, value: String, repeatable: Bool = false,
    help: String, default defaultValue: String? = nil, variable: String? = nil,
    inConfig: Bool = false, completion: CompletionHint = .none, blank: String? = nil
  ) -> Option {
    Option(
      long, short: short, value: value, repeatable: repeatable, help: help,
      default: defaultValue, variable: variable, inConfig: inConfig, completion: completion
    ) { text in
      if let blank, text.allSatisfy(\.isWhitespace) {
        return .failure(ValueProblem(reason: blank))
      }
      return .success(text)
    }
  }
}

extension Option where Value == Int {
  /// A whole number within `range`: digits only (`+5` is as wrong as `-5` for a count), and a
  /// number too large for the tool says so.
  public static func integer(
    _ long: String, short: Character? = nil, value: String, help: String,
    default defaultValue: Int? = nil, in range: ClosedRange<Int>, reason: String,
    variable: String? = nil, inConfig: Bool = false
  ) -> Option {
    Option(
      long, short: short, value: value, help: help, default: defaultValue, variable: variable,
      inConfig: inConfig
    ) { text in
      let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
      let isWhole = !digits.isEmpty && digits.allSatisfy { ("0"..."9").contains($0) }
      if isWhole, Int(text) == nil {
        return .failure(ValueProblem(reason: "the number is too large"))
      }
      guard isWhole, let number = Int(text), range.contains(number) else {
        return .failure(ValueProblem(reason: reason))
      }
      return .success(number)
    }
  }
}

extension Option where Value == Double {
  /// A finite number within `range`.
  public static func number(
    _ long: String, value: String, help: String, default defaultValue: Double? = nil,
    shownDefault: String? = nil, in range: ClosedRange<Double>, reason: String,
    variable: String? = nil, inConfig: Bool = false
  ) -> Option {
    Option(
      long, value: value, help: help, default: defaultValue, shownDefault: shownDefault,
      variable: variable, inConfig: inConfig
    ) { text in
      guard let number = Double(text), number.isFinite, range.contains(number) else {
        return .failure(ValueProblem(reason: reason))
      }
      return .success(number)
    }
  }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// One of the type's cases, in any case: `--source api|nasa|auto`; with `repeatable`, given
  /// as often as wanted (`--sample-type full --sample-type subframe`).
  public static func choice(
    _ long: String, value: String, repeatable: Bool = false, help: String,
    default defaultValue: Value? = nil, variable: String? = nil, inConfig: Bool = false,
    reason given: String? = nil
  ) -> Option {
    // A closure, not a key path: a key path over a generic type is made at run time from its
    // mangled name, which every start paid for.
    let names = Value.allCases.map { $0.rawValue }
    let reason =
      given
      ?? "give " + names.dropLast().joined(separator: ", ") + (names.count > 1 ? " or " : "")
      + (names.last ?? "")
    return Option(
      long, value: value, repeatable: repeatable, help: help, default: defaultValue,
      shownDefault: defaultValue?.rawValue, variable: variable, inConfig: inConfig,
      completion: .values(names)
    ) { text in
      Value(rawValue: text.lowercased()).map { .success($0) }
        ?? .failure(ValueProblem(reason: reason))
    }
  }
}

/// A flag, declared once: present or not.
public struct Flag: Sendable {
  /// The spelling and help.
  public var spec: OptionSpec

  /// A flag called `--long`, and `-short` when given.
  public init(_ long: String, short: Character? = nil, help: String) {
    spec = .flag(long, short: short, help: help)
  }
}

extension ParsedArguments {
  /// The option's value on the command line, read by the option; `nil` when not given.
  public subscript<Value>(_ option: Option<Value>) -> Value? {
    get throws {
      guard let text = value(option.spec.long) else { return nil }
      return try read(text, option)
    }
  }

  /// Every value of a repeatable option, in order.
  public subscript<Value>(all option: Option<Value>) -> [Value] {
    get throws { try all(option.spec.long).map { try read($0, option) } }
  }

  /// Whether the flag was given.
  public subscript(_ flag: Flag) -> Bool { self.flag(flag.spec.long) }

  /// The option's text as typed, for messages that quote it.
  public func text<Value>(of option: Option<Value>) -> String? { value(option.spec.long) }

  private func read<Value>(_ text: String, _ option: Option<Value>) throws -> Value {
    switch option.parse(text) {
    case .success(let value): return value
    case .failure(let problem):
      throw UsageError.invalidValue(
        text, for: option.displayName, reason: problem.reason, in: spec)
    }
  }
}
