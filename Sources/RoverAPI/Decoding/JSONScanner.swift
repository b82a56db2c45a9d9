#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads JSON bytes straight into typed values, without a value tree, dynamic casts or a
/// `Decoder` per field: what the large lists (thousands of photos, manifest entries) need to
/// decode at the speed of the bytes.
///
/// It accepts any JSON, never traps on what a server sends (every read is bounds-checked,
/// nesting is skipped without recursion) and reports problems as `DecodingError`s with the
/// path of the field, like `JSONDecoder`, so messages read the same.
package struct JSONScanner: ~Copyable {
  private let bytes: UnsafeRawBufferPointer
  private var index = 0
  /// The fields and positions being read, outermost first, for error messages.
  private var path: [PathKey] = []

  /// Reads `data` with `body`; the whole input must be one value and white space.
  package static func read<T>(_ data: Data, _ body: (inout JSONScanner) throws -> T) throws -> T {
    try data.withUnsafeBytes { try read(bytes: $0, body) }
  }

  /// Reads `bytes` with `body`, as ``read(_:_:)`` reads data: a journal's lines are read in
  /// place, none copied out first.
  package static func read<T>(
    bytes: UnsafeRawBufferPointer, _ body: (inout JSONScanner) throws -> T
  ) throws -> T {
    var scanner = JSONScanner(bytes: bytes)
    let value = try body(&scanner)
    scanner.skipWhitespace()
    guard scanner.index == bytes.count else {
      throw scanner.corrupted("the body does not end after its value")
    }
    return value
  }

  private init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

  // MARK: Structure

  /// Reads an object, calling `body` with each member's name; `body` must read or skip the
  /// member's value.
  package mutating func readObject(_ body: (inout JSONScanner, Key) throws -> Void) throws {
    try expect(UInt8(ascii: "{"), "an object")
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      let key = try readKey()
      skipWhitespace()
      try expect(UInt8(ascii: ":"), "':'")
      skipWhitespace()
      try body(&self, key)
      skipWhitespace()
      guard let next = peek() else { throw corrupted("the body ends inside an object") }
      index += 1
      if next == UInt8(ascii: "}") { return }
      guard next == UInt8(ascii: ",") else { throw corrupted("expected ',' or '}'") }
    }
  }

  /// Reads an array, calling `body` for each element with its position; `body` must read or
  /// skip the element.
  package mutating func readArray(_ body: (inout JSONScanner, Int) throws -> Void) throws {
    try expect(UInt8(ascii: "["), "a list")
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      return
    }
    var position = 0
    while true {
      skipWhitespace()
      path.append(.index(position))
      try body(&self, position)
      path.removeLast()
      position += 1
      skipWhitespace()
      guard let next = peek() else { throw corrupted("the body ends inside a list") }
      index += 1
      if next == UInt8(ascii: "]") { return }
      guard next == UInt8(ascii: ",") else { throw corrupted("expected ',' or ']'") }
    }
  }

  /// Reads a list whose elements `element` reads, one after another.
  package mutating func readList<Element>(_ element: (inout JSONScanner) throws -> Element)
    throws -> [Element]
  {
    var elements: [Element] = []
    try readArray { scanner, _ in elements.append(try element(&scanner)) }
    return elements
  }

  /// Reads the value of the member `name` with `body`, so errors inside it name the member.
  package mutating func member<T>(_ name: String, _ body: (inout JSONScanner) throws -> T) rethrows
    -> T
  {
    path.append(.name(name))
    defer { path.removeLast() }
    return try body(&self)
  }

  /// Whether the next value is `null`, which is then read.
  package mutating func readNull() -> Bool {
    skipWhitespace()
    guard matches("null") else { return false }
    index += 4
    return true
  }

  /// Skips any value, however deeply nested, without recursion.
  package mutating func skipValue() throws {
    // Whether each open container is an object (whose members start with a name).
    var open: [Bool] = []
    repeat {
      skipWhitespace()
      guard let byte = peek() else { throw corrupted("the body ends inside a value") }
      switch byte {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        index += 1
        skipWhitespace()
        let closing = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if peek() == closing {
          index += 1
        } else {
          open.append(byte == UInt8(ascii: "{"))
          if byte == UInt8(ascii: "{") { try skipMemberName() }
          continue
        }
      case UInt8(ascii: "\""): try skipString()
      case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): try skipWord()
      default: try skipNumber()
      }
      // After a value: close containers, or move on to the next element or member.
      while let isObject = open.last {
        skipWhitespace()
        guard let next = peek() else { throw corrupted("the body ends inside a value") }
        index += 1
        if next == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
          open.removeLast()
          continue
        }
        guard next == UInt8(ascii: ",") else { throw corrupted("expected ',' between values") }
        if isObject { try skipMemberName() }
        break
      }
    } while !open.isEmpty
  }

  /// Skips `"name":`.
  private mutating func skipMemberName() throws {
    skipWhitespace()
    _ = try readKey()
    skipWhitespace()
    try expect(UInt8(ascii: ":"), "':'")
  }

  // MARK: Values

  /// Reads a string.
  package mutating func readString() throws -> String {
    skipWhitespace()
    guard peek() == UInt8(ascii: "\"") else { throw mismatch("a string") }
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let text = String(
          decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        index += 1
        return text
      }
      if byte == UInt8(ascii: "\\") { return try readEscapedString(from: start) }
      index += 1
    }
    throw corrupted("the body ends inside a string")
  }

  /// Reads `true` or `false`.
  package mutating func readBool() throws -> Bool {
    skipWhitespace()
    if matches("true") {
      index += 4
      return true
    }
    guard matches("false") else { throw mismatch("true or false") }
    index += 5
    return false
  }

  /// Reads a string, or `nil` for `null`.
  package mutating func readOptionalString() throws -> String? {
    readNull() ? nil : try readString()
  }

  /// Reads a whole number.
  package mutating func readInt() throws -> Int {
    skipWhitespace()
    let start = index
    var negative = false
    if peek() == UInt8(ascii: "-") {
      negative = true
      index += 1
    }
    var value = 0
    var digits = 0
    while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9")
    {
      let digit = Int(bytes[index] - UInt8(ascii: "0"))
      let (times, overflow1) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflow2) = times.addingReportingOverflow(digit)
      guard !overflow1, !overflow2 else {
        index = start
        throw mismatch("a whole number that fits")
      }
      value = sum
      digits += 1
      index += 1
    }
    guard digits > 0 else {
      index = start
      throw mismatch("a number")
    }
    // `5.0` is a whole number; `5.5` and `1e3` are not read as one.
    if peek() == UInt8(ascii: ".") {
      index += 1
      while peek() == UInt8(ascii: "0") { index += 1 }
      if let byte = peek(),
        (UInt8(ascii: "1")...UInt8(ascii: "9")).contains(byte)
          || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
      {
        index = start
        throw mismatch("a whole number")
      }
    } else if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index = start
      throw mismatch("a whole number")
    }
    return negative ? -value : value
  }

  /// Reads a whole number, or `nil` for `null`.
  package mutating func readOptionalInt() throws -> Int? {
    readNull() ? nil : try readInt()
  }

  /// Reads a number with a fraction or an exponent, or a string holding one (NASA's files
  /// write some numbers as text); `nil` for `null`, a string that is no number, or a number
  /// that is not finite.
  package mutating func readDecimal() throws -> Double? {
    skipWhitespace()
    if readNull() { return nil }
    if peek() == UInt8(ascii: "\"") { return Double(try readString()).flatMap(Self.finite) }
    let start = index
    try skipNumber()
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text) else {
      index = start
      throw mismatch("a number")
    }
    return Self.finite(value)
  }

  private static func finite(_ value: Double) -> Double? { value.isFinite ? value : nil }

  /// What the next value is, told by its first byte and not read: for a field whose type
  /// varies from record to record.
  package enum ValueKind { case object, list, string, number, flag, null }

  /// The kind of the next value; `nil` where the body ends.
  package mutating func nextKind() -> ValueKind? {
    skipWhitespace()
    switch peek() {
    case nil: return nil
    case UInt8(ascii: "{"): return .object
    case UInt8(ascii: "["): return .list
    case UInt8(ascii: "\""): return .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"): return .flag
    case UInt8(ascii: "n"): return .null
    default: return .number
    }
  }

  /// Reads any number: its value (infinite where a double cannot hold it) and, where
  /// ``readInt()`` reads it as one, the whole number it is.
  package mutating func readNumber() throws -> (value: Double, whole: Int?) {
    skipWhitespace()
    let start = index
    try skipNumber()
    let end = index
    guard let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)) else {
      index = start
      throw mismatch("a number")
    }
    index = start
    let whole = try? readInt()
    index = end
    return (value, whole)
  }

  /// Reads a list of strings.
  package mutating func readStrings() throws -> [String] {
    try readList { try $0.readString() }
  }

  // MARK: Keys

  /// A member's name: the raw bytes, compared without making a string when it has no escapes.
  package struct Key {
    fileprivate let start: Int
    fileprivate let end: Int
    fileprivate let escaped: String?
  }

  /// Whether `key` is `name`.
  package func isKey(_ key: Key, _ name: StaticString) -> Bool {
    if let escaped = key.escaped { return escaped == name.description }
    let count = key.end - key.start
    guard count == name.utf8CodeUnitCount else { return false }
    let expected = UnsafeRawBufferPointer(start: name.utf8Start, count: count)
    return UnsafeRawBufferPointer(start: bytes.baseAddress! + key.start, count: count)
      .elementsEqual(expected)
  }

  /// The position in `names` of the name `key` is; `nil` when it is none of them. For a
  /// record of many members read by a table of their names, not a comparison a name.
  package func position(of key: Key, in names: [[UInt8]]) -> Int? {
    if let escaped = key.escaped { return names.firstIndex { $0.elementsEqual(escaped.utf8) } }
    let count = key.end - key.start
    let raw = UnsafeRawBufferPointer(start: bytes.baseAddress! + key.start, count: count)
    return names.firstIndex { $0.count == count && $0.elementsEqual(raw) }
  }

  private mutating func readKey() throws -> Key {
    guard peek() == UInt8(ascii: "\"") else { throw corrupted("expected a member name") }
    index += 1
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        index += 1
        return Key(start: start, end: index - 1, escaped: nil)
      }
      if byte == UInt8(ascii: "\\") {
        return Key(start: 0, end: 0, escaped: try readEscapedString(from: start))
      }
      index += 1
    }
    throw corrupted("the body ends inside a member name")
  }

  // MARK: Lexing

  /// The rest of a string that began at `start` (after its quote), with an escape at
  /// ``index``: unescaped into UTF-8 bytes and made a string once. The text between escapes
  /// is copied a run at a time: an address written with `\/` for each slash has a few dozen.
  private mutating func readEscapedString(from start: Int) throws -> String {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(index - start + 64)
    var run = start
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
        index += 1
        continue
      }
      utf8.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[run..<index]))
      if byte == UInt8(ascii: "\"") {
        index += 1
        return String(decoding: utf8, as: UTF8.self)
      }
      guard index + 1 < bytes.count else { break }
      let escape = bytes[index + 1]
      index += 2
      switch escape {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "u"): utf8.append(contentsOf: String(try readUnicodeEscape()).utf8)
      default: throw corrupted("a string holds an unknown escape")
      }
      run = index
    }
    throw corrupted("the body ends inside a string")
  }

  /// `XXXX` after `\u`, with a following `\uXXXX` low surrogate when this is a high one; a
  /// lone surrogate becomes U+FFFD.
  private mutating func readUnicodeEscape() throws -> Unicode.Scalar {
    let high = try readHex4()
    guard (0xD800...0xDBFF).contains(high) else {
      return Unicode.Scalar(high) ?? "\u{FFFD}"
    }
    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
      bytes[index + 1] == UInt8(ascii: "u")
    else { return "\u{FFFD}" }
    index += 2
    let low = try readHex4()
    guard (0xDC00...0xDFFF).contains(low) else { return "\u{FFFD}" }
    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)) ?? "\u{FFFD}"
  }

  private mutating func readHex4() throws -> UInt32 {
    guard index + 4 <= bytes.count else { throw corrupted("the body ends inside an escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw corrupted("a string holds a bad \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  private mutating func skipString() throws {
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      index += byte == UInt8(ascii: "\\") ? 2 : 1
      if byte == UInt8(ascii: "\"") { return }
    }
    throw corrupted("the body ends inside a string")
  }

  private mutating func skipWord() throws {
    for word: StaticString in ["true", "false", "null"] where matches(word) {
      index += word.utf8CodeUnitCount
      return
    }
    throw corrupted("the body is not valid JSON")
  }

  private mutating func skipNumber() throws {
    let start = index
    while index < bytes.count {
      switch bytes[index] {
      case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
        UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
        index += 1
      default:
        guard index > start else { throw corrupted("the body is not valid JSON") }
        return
      }
    }
    guard index > start else { throw corrupted("the body ends inside a value") }
  }

  /// Whether the bytes at ``index`` spell `word`: its first letter looked at first, since
  /// most values are not `null` and a comparison of strings cost more than a member's reading.
  private func matches(_ word: StaticString) -> Bool {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count, bytes[index] == word.utf8Start.pointee else {
      return false
    }
    return UnsafeRawBufferPointer(start: bytes.baseAddress! + index, count: count)
      .elementsEqual(UnsafeRawBufferPointer(start: word.utf8Start, count: count))
  }

  private mutating func expect(_ byte: UInt8, _ what: String) throws {
    skipWhitespace()
    guard peek() == byte else {
      if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { throw mismatch(what) }
      throw corrupted("expected \(what)")
    }
    index += 1
  }

  private func peek() -> UInt8? { index < bytes.count ? bytes[index] : nil }

  package mutating func skipWhitespace() {
    while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
  }

  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  // MARK: Errors

  /// A required member that was not there.
  package func missing(_ name: String) -> DecodingError {
    .keyNotFound(
      PathKey.name(name),
      DecodingError.Context(codingPath: path, debugDescription: "missing member \(name)"))
  }

  private func mismatch(_ expected: String) -> DecodingError {
    let type: Any.Type =
      switch expected {
      case "a string": String.self
      case "a list": [String].self
      case "an object": [String: String].self
      default: Int.self
      }
    return .typeMismatch(
      type, DecodingError.Context(codingPath: path, debugDescription: "expected \(expected)"))
  }

  private func corrupted(_ problem: String) -> DecodingError {
    .dataCorrupted(
      DecodingError.Context(codingPath: path.isEmpty ? [] : path, debugDescription: problem))
  }
}

/// One step of a path in a JSON body: a member's name or a list position.
enum PathKey: CodingKey {
  case name(String)
  case index(Int)

  var stringValue: String {
    switch self {
    case .name(let name): name
    case .index(let index): String(index)
    }
  }

  var intValue: Int? {
    if case .index(let index) = self { return index }
    return nil
  }

  init?(stringValue: String) { self = .name(stringValue) }
  init?(intValue: Int) { self = .index(intValue) }
}
