/// Members, for brevity at the call sites. An absent value is `null` in the pretty style, so
/// every printed object has the same keys, and left out in the compact one, as `JSONEncoder`
/// leaves out an absent optional.
extension JSONWriter {
  /// A member with a string.
  public mutating func member(_ name: String, _ value: String) {
    key(name)
    string(value)
  }

  /// A member with a string, or none.
  public mutating func member(_ name: String, _ value: String?) {
    guard let value else { return absent(name) }
    member(name, value)
  }

  /// A member with a whole number.
  public mutating func member(_ name: String, _ value: Int) {
    key(name)
    number(value)
  }

  /// A member with a whole number, or none.
  public mutating func member(_ name: String, _ value: Int?) {
    guard let value else { return absent(name) }
    member(name, value)
  }

  /// A member with a number with a fraction, or none.
  public mutating func member(_ name: String, _ value: Double?) {
    guard let value else { return absent(name) }
    key(name)
    decimal(value)
  }

  /// A member with `true` or `false`.
  public mutating func member(_ name: String, _ value: Bool) {
    key(name)
    bool(value)
  }

  /// A list of strings.
  public mutating func member(_ name: String, strings: [String]) {
    key(name)
    array(strings) { $0.string($1) }
  }

  /// A list of whole numbers, or none.
  public mutating func member(_ name: String, integers: [Int]?) {
    guard let integers else { return absent(name) }
    key(name)
    array(integers) { $0.number($1) }
  }

  /// A list of numbers, or none.
  public mutating func member(_ name: String, numbers: [Double]?) {
    guard let numbers else { return absent(name) }
    key(name)
    array(numbers) { $0.decimal($1) }
  }

  /// A list of lists of numbers, or none.
  public mutating func member(_ name: String, lists: [[Double]]?) {
    guard let lists else { return absent(name) }
    key(name)
    array(lists) { json, list in json.array(list) { $0.decimal($1) } }
  }

  /// A member without a value: `null` when printed, left out of a kept file.
  private mutating func absent(_ name: String) {
    guard style == .pretty else { return }
    key(name)
    null()
  }
}
