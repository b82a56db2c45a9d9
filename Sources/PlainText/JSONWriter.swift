/// The one JSON writer of the tool: JSON straight from typed values into bytes, with no value
/// tree and no `Encoder`, members in the order given (callers give them sorted), slashes
/// unescaped so URLs read as URLs. A 100,000-sol manifest prints at the speed of its bytes, and
/// a sol's record of 5,000 photos is written without a copy.
///
/// Two styles:
/// - ``Style/pretty``, what the tool prints: two spaces a level, as `jq` prints; an absent
///   value is `null`; `[]` and `{}` when empty; a number as Swift writes it (`2.0`), one that is
///   not finite as `null`.
/// - ``Style/compact``, the files the tool keeps: the bytes `JSONEncoder` writes with sorted
///   keys and slashes unescaped; an absent optional is left out, a whole number loses its
///   `.0`, and a number that is not finite fails the document (``result()``), as
///   `JSONEncoder` refuses it.
public struct JSONWriter {
  /// How the document is laid out (see ``JSONWriter``).
  public enum Style: Sendable {
    case pretty, compact
  }

  /// The layout.
  public let style: Style
  /// What has been written and not yet handed to the sink.
  public private(set) var bytes: [UInt8] = []
  /// Where a long document goes as it is written, a piece at a time; `nil` to keep it all.
  private let sink: (([UInt8]) -> Void)?
  private var indent = 0
  /// Whether the container being written has no member or element yet.
  private var empty = true
  /// The first number compact JSON could not write.
  private var failure: Double?

  /// How many bytes are collected before the sink is handed them.
  static let pieceSize = 65_536

  /// A writer of `style` that keeps what it writes in ``bytes``, with room for about
  /// `capacity` bytes so a large document is not copied as it grows.
  public init(_ style: Style, capacity: Int = 0) {
    self.style = style
    sink = nil
    bytes.reserveCapacity(capacity)
  }

  /// A writer of `style` that hands what it writes to `sink`, a piece at a time.
  public init(_ style: Style, sink: @escaping ([UInt8]) -> Void) {
    self.style = style
    self.sink = sink
  }

  /// The document's bytes; `EncodingError.invalidValue`, as `JSONEncoder` throws it, when
  /// compact JSON was given a number that is not finite.
  public func result() throws -> [UInt8] {
    if let failure {
      throw EncodingError.invalidValue(
        failure, .init(codingPath: [], debugDescription: "\(failure) is not a JSON number"))
    }
    return bytes
  }

  /// Ends a printed document with a line break, and hands the rest to the sink.
  public mutating func end() {
    bytes.append(UInt8(ascii: "\n"))
    flush()
  }

  /// Hands what was written to the sink, if there is one.
  public mutating func flush() {
    guard let sink, !bytes.isEmpty else { return }
    sink(bytes)
    bytes.removeAll(keepingCapacity: true)
  }

  // MARK: Containers

  /// An object whose members `body` writes.
  public mutating func object(_ body: (inout JSONWriter) -> Void) {
    open(UInt8(ascii: "{"))
    let outer = (indent, empty)
    indent += 1
    empty = true
    body(&self)
    close(UInt8(ascii: "}"), outer)
  }

  /// An array of `items`, each written by `each` as one value.
  public mutating func array<Items: Sequence>(
    _ items: Items, _ each: (inout JSONWriter, Items.Element) -> Void
  ) {
    open(UInt8(ascii: "["))
    let outer = (indent, empty)
    indent += 1
    empty = true
    for item in items {
      separate()
      each(&self, item)
    }
    close(UInt8(ascii: "]"), outer)
  }

  private mutating func open(_ bracket: UInt8) {
    bytes.append(bracket)
  }

  private mutating func close(_ bracket: UInt8, _ outer: (Int, Bool)) {
    let wasEmpty = empty
    (indent, empty) = outer
    if !wasEmpty, style == .pretty { newline() }
    bytes.append(bracket)
    if bytes.count >= Self.pieceSize, sink != nil { flush() }
  }

  // MARK: Names and values

  /// A member's name, escaped as any string; its value must follow.
  public mutating func key(_ name: String) {
    separate()
    quote(name)
    colon()
  }

  private mutating func colon() {
    bytes.append(UInt8(ascii: ":"))
    if style == .pretty { bytes.append(UInt8(ascii: " ")) }
  }

  /// A string.
  public mutating func string(_ value: String) { quote(value) }

  /// A whole number.
  public mutating func number(_ value: Int) { DecimalDigits.append(value, to: &bytes) }

  /// A number with a fraction (see ``Style`` for how each writes it).
  public mutating func decimal(_ value: Double) {
    guard value.isFinite else {
      if style == .compact, failure == nil { failure = value }
      return null()
    }
    let text = value.description
    if style == .compact, text.hasSuffix(".0") {
      bytes += text.utf8.dropLast(2)
    } else {
      bytes += text.utf8
    }
  }

  /// `true` or `false`.
  public mutating func bool(_ value: Bool) { bytes += value ? "true".utf8 : "false".utf8 }

  /// `null`.
  public mutating func null() { bytes += "null".utf8 }

  /// The string as a JSON literal in the pretty style: quotes, backslashes and control
  /// characters escaped, as `jq` writes them.
  public static func quoted(_ text: String) -> [UInt8] {
    var writer = JSONWriter(.pretty, capacity: text.utf8.count + 2)
    writer.quote(text)
    return writer.bytes
  }

  private mutating func quote(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    // Nearly every string needs no escape: its bytes, read in place, are copied whole.
    var text = text
    text.withUTF8 { utf8 in
      if utf8.contains(where: needsEscape) { escape(utf8) } else { bytes.append(contentsOf: utf8) }
    }
    bytes.append(UInt8(ascii: "\""))
  }

  private func needsEscape(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
      || (byte == 0x7F && style == .pretty)
  }

  /// `JSONEncoder` writes backspace and form feed as `\b` and `\f`, and DEL as it is; the
  /// printed style writes them as `\u00XX`, as `jq` does.
  private mutating func escape(_ utf8: UnsafeBufferPointer<UInt8>) {
    let compact = style == .compact
    for byte in utf8 {
      switch byte {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
      case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x08 where compact: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
      case 0x0C where compact: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
      case 0x7F where !compact, 0..<0x20:
        bytes += Array("\\u00".utf8)
        bytes += [Self.hexDigits[Int(byte >> 4)], Self.hexDigits[Int(byte & 0xF)]]
      default: bytes.append(byte)
      }
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  private mutating func separate() {
    if !empty { bytes.append(UInt8(ascii: ",")) }
    empty = false
    if style == .pretty { newline() }
  }

  private mutating func newline() {
    bytes.append(UInt8(ascii: "\n"))
    for _ in 0..<indent { bytes += [UInt8(ascii: " "), UInt8(ascii: " ")] }
  }
}
