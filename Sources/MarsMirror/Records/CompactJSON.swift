import MarsFetching

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes compact JSON straight into bytes, the bytes `JSONEncoder` writes with sorted keys and
/// slashes unescaped: members come in the order given (callers give them sorted), an absent
/// optional is left out, a whole `Double` loses its `.0`.
///
/// No value tree and no `Encoder`: a sol's record of 5,000 photos is written by every
/// download of it, and through `JSONEncoder` it cost more than the rest of the run's end.
struct CompactJSON {
  /// What has been written.
  private(set) var bytes: [UInt8] = []
  /// Whether a value was just written, so the next member or element needs a comma.
  private var afterValue = false

  /// A writer with room for about `capacity` bytes, so a large document is not copied as
  /// it grows.
  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  /// An object whose members `body` writes.
  mutating func object(_ body: (inout CompactJSON) throws -> Void) rethrows {
    bytes.append(UInt8(ascii: "{"))
    afterValue = false
    try body(&self)
    bytes.append(UInt8(ascii: "}"))
    afterValue = true
  }

  /// An array of `items`, each written by `each` as one value.
  mutating func array<Items: Sequence>(
    _ items: Items, _ each: (inout CompactJSON, Items.Element) throws -> Void
  ) rethrows {
    bytes.append(UInt8(ascii: "["))
    afterValue = false
    for item in items {
      if afterValue { bytes.append(UInt8(ascii: ",")) }
      try each(&self, item)
    }
    bytes.append(UInt8(ascii: "]"))
    afterValue = true
  }

  /// A member's name, which needs no escape (the record's own names); its value must follow.
  /// Copied as it is: a record of thousands of photos writes tens of thousands of them.
  mutating func key(_ name: StaticString) {
    if afterValue { bytes.append(UInt8(ascii: ",")) }
    bytes.append(UInt8(ascii: "\""))
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
    bytes.append(UInt8(ascii: "\""))
    bytes.append(UInt8(ascii: ":"))
    afterValue = false
  }

  /// A string, escaped as `JSONEncoder` escapes it: quotes, backslashes and control
  /// characters; everything else, `/` and non-ASCII included, as it is.
  mutating func string(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    // Nearly every string needs no escape: its bytes, read in place, are copied whole.
    var text = text
    text.withUTF8 { utf8 in
      if utf8.contains(where: Self.needsEscape) {
        escape(utf8)
      } else {
        bytes.append(contentsOf: utf8)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    afterValue = true
  }

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
      case 0x08: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
      case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0C: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
      case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0..<0x20:
        bytes +=
          Array("\\u00".utf8) + [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]]
      default: bytes.append(byte)
      }
    }
  }

  /// A whole number.
  mutating func number(_ value: Int) {
    bytes += value.description.utf8
    afterValue = true
  }

  /// A number with a fraction; one that is not finite has no JSON and is refused, as
  /// `JSONEncoder` refuses it.
  mutating func number(_ value: Double) throws {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: [], debugDescription: "\(value) is not a JSON number"))
    }
    let text = value.description
    bytes += text.hasSuffix(".0") ? text.utf8.dropLast(2) : text.utf8[...]
    afterValue = true
  }

  /// A member with a string value.
  mutating func member(_ name: StaticString, _ value: String) {
    key(name)
    string(value)
  }

  /// A member with a whole number.
  mutating func member(_ name: StaticString, _ value: Int) {
    key(name)
    number(value)
  }

  /// A member with a number with a fraction.
  mutating func member(_ name: StaticString, _ value: Double) throws {
    key(name)
    try number(value)
  }

  /// A member with `true` or `false`.
  mutating func member(_ name: StaticString, _ value: Bool) {
    key(name)
    bytes += value ? "true".utf8 : "false".utf8
    afterValue = true
  }

  /// A member left out when there is no value.
  mutating func member(_ name: StaticString, _ value: String?) {
    if let value { member(name, value) }
  }

  /// A member left out when there is no value.
  mutating func member(_ name: StaticString, _ value: Int?) {
    if let value { member(name, value) }
  }

  /// A member left out when there is no value.
  mutating func member(_ name: StaticString, _ value: Double?) throws {
    if let value { try member(name, value) }
  }

  /// A list of whole numbers, left out when there is none.
  mutating func member(_ name: StaticString, integers: [Int]?) {
    guard let integers else { return }
    key(name)
    array(integers) { $0.number($1) }
  }

  /// A list of numbers, left out when there is none.
  mutating func member(_ name: StaticString, numbers: [Double]?) throws {
    guard let numbers else { return }
    key(name)
    try array(numbers) { try $0.number($1) }
  }

  /// A list of lists of numbers, left out when there is none.
  mutating func member(_ name: StaticString, lists: [[Double]]?) throws {
    guard let lists else { return }
    key(name)
    try array(lists) { json, list in try json.array(list) { try $0.number($1) } }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}
