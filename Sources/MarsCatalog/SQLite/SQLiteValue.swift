/// A value bound to a statement or read from a row, in SQLite's own kinds.
public enum SQLiteValue: Sendable, Hashable {
  /// SQL's NULL.
  case null
  /// A 64-bit integer.
  case integer(Int64)
  /// A double.
  case real(Double)
  /// UTF-8 text.
  case text(String)

  /// An optional integer, NULL when absent.
  public static func integer(_ value: Int?) -> SQLiteValue {
    value.map { .integer(Int64($0)) } ?? .null
  }

  /// An optional double, NULL when absent or not finite (SQLite has no NaN).
  public static func real(_ value: Double?) -> SQLiteValue {
    guard let value, value.isFinite else { return .null }
    return .real(value)
  }

  /// Optional text, NULL when absent.
  public static func text(_ value: String?) -> SQLiteValue { value.map { .text($0) } ?? .null }

  /// The value as an integer, when it is a number.
  public var integerValue: Int? {
    switch self {
    case .integer(let value): Int(value)
    case .real(let value) where value.isFinite && abs(value) < 9e18: Int(value)
    default: nil
    }
  }

  /// The value as a double, when it is a number.
  public var realValue: Double? {
    switch self {
    case .integer(let value): Double(value)
    case .real(let value): value
    default: nil
    }
  }

  /// The value as text, when it is text.
  public var textValue: String? { if case .text(let text) = self { text } else { nil } }
}
