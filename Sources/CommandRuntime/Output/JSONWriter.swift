/// Writes JSON straight from typed values into an ``OutputBuffer``: pretty-printed with two
/// spaces as `jq` prints, members in the order given (callers give them sorted, as
/// documented), `[]` and `{}` when empty, slashes unescaped so URLs read as URLs.
///
/// No value tree and no `Encoder`: a 100,000-sol manifest prints at the speed of its bytes,
/// with memory that does not grow with the output.
package struct JSONWriter {
  package let out: OutputBuffer
  private var indent = 0
  /// Whether the container being written has no member or element yet.
  private var empty = true

  package init(_ out: OutputBuffer) { self.out = out }

  /// An object whose members `body` writes.
  package mutating func object(_ body: (inout JSONWriter) -> Void) {
    out.write("{")
    let outer = (indent, empty)
    indent += 1
    empty = true
    body(&self)
    let wasEmpty = empty
    (indent, empty) = outer
    if !wasEmpty { newline() }
    out.write("}")
  }

  /// An array of `items`, each written by `each`.
  package mutating func array<Items: Sequence>(
    _ items: Items, _ each: (inout JSONWriter, Items.Element) -> Void
  ) {
    out.write("[")
    let outer = (indent, empty)
    indent += 1
    empty = true
    for item in items {
      separate()
      each(&self, item)
    }
    let wasEmpty = empty
    (indent, empty) = outer
    if !wasEmpty { newline() }
    out.write("]")
  }

  /// A member's name; its value must follow.
  package mutating func key(_ name: String) {
    separate()
    string(name)
    out.write(": ")
  }

  package mutating func string(_ value: String) {
    out.write(bytes: Self.quoted(value))
  }

  package mutating func number(_ value: Int) { out.write(String(value)) }

  package mutating func null() { out.write("null") }

  package mutating func bool(_ value: Bool) { out.write(value ? "true" : "false") }

  // Members, for brevity at the call sites.

  package mutating func member(_ name: String, _ value: String) {
    key(name)
    string(value)
  }

  package mutating func member(_ name: String, _ value: String?) {
    key(name)
    if let value { string(value) } else { null() }
  }

  package mutating func member(_ name: String, _ value: Int) {
    key(name)
    number(value)
  }

  package mutating func member(_ name: String, _ value: Int?) {
    key(name)
    if let value { number(value) } else { null() }
  }

  package mutating func member(_ name: String, _ value: Double?) {
    key(name)
    if let value, value.isFinite { out.write(String(value)) } else { null() }
  }

  package mutating func member(_ name: String, strings: [String]) {
    key(name)
    array(strings) { $0.string($1) }
  }

  /// A list of whole numbers, or `null`.
  package mutating func member(_ name: String, integers: [Int]?) {
    key(name)
    if let integers { array(integers) { $0.number($1) } } else { null() }
  }

  /// A list of numbers, or `null`.
  package mutating func member(_ name: String, numbers: [Double]?) {
    key(name)
    if let numbers { array(numbers) { $0.decimal($1) } } else { null() }
  }

  /// A list of lists of numbers, or `null`.
  package mutating func member(_ name: String, lists: [[Double]]?) {
    key(name)
    guard let lists else { return null() }
    array(lists) { json, list in json.array(list) { $0.decimal($1) } }
  }

  /// A number with a fraction; one that is not finite (no JSON has it) as `null`.
  package mutating func decimal(_ value: Double) {
    if value.isFinite { out.write(String(value)) } else { null() }
  }

  /// Ends the document with a line break.
  package func end() { out.write("\n") }

  private mutating func separate() {
    if !empty { out.write(",") }
    empty = false
    newline()
  }

  private func newline() {
    out.write("\n" + String(repeating: "  ", count: indent))
  }

  /// The string as a JSON literal: quotes, backslashes and control characters escaped.
  package static func quoted(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = [UInt8(ascii: "\"")]
    bytes.reserveCapacity(text.utf8.count + 2)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
      case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case 0x0A: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x0D: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
      case 0x09: bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
      case 0..<0x20, 0x7F:
        let hex = Array("0123456789abcdef".utf8)
        bytes += Array("\\u00".utf8) + [hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
      default: bytes.append(byte)
      }
    }
    bytes.append(UInt8(ascii: "\""))
    return bytes
  }
}
