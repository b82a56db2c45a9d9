/// A `Content-Range: bytes <first>-<last>/<total>` header, as a `206` answer carries it.
public struct ContentRange: Sendable, Hashable {
  /// The first byte of this piece.
  public var first: Int
  /// The last byte of this piece, included.
  public var last: Int
  /// The whole body's length, when the server says (`*` when it does not).
  public var total: Int?

  /// Parses the header; `nil` for any other form. Read byte by byte: every piece of every
  /// image carries one, and a client reads it more than once.
  public init?(_ header: String?) {
    guard let header else { return nil }
    var reader = Reader(bytes: Array(header.utf8))
    guard reader.take(caseless: "bytes "), let first = reader.number(), reader.take("-"),
      let last = reader.number(), reader.take("/"), first >= 0, last >= first
    else { return nil }
    let total: Int?
    if reader.take("*") {
      total = nil
    } else {
      guard let known = reader.number(), known > last else { return nil }
      total = known
    }
    guard reader.atEnd else { return nil }
    self.first = first
    self.last = last
    self.total = total
  }

  /// Whether this piece ends the body.
  public var isLast: Bool { total.map { last + 1 >= $0 } ?? false }

  /// The header's bytes, read from the front; spaces and tabs around each part are skipped.
  private struct Reader {
    let bytes: [UInt8]
    var index = 0

    var atEnd: Bool {
      mutating get {
        skipSpaces()
        return index == bytes.count
      }
    }

    /// Takes `text` if the bytes go on with it.
    mutating func take(_ text: String) -> Bool {
      skipSpaces()
      let wanted = Array(text.utf8)
      guard bytes.count - index >= wanted.count,
        bytes[index..<index + wanted.count].elementsEqual(wanted)
      else { return false }
      index += wanted.count
      return true
    }

    /// Takes `text`, lower-case ASCII, in any case, where the header begins.
    mutating func take(caseless text: String) -> Bool {
      let wanted = Array(text.utf8)
      guard bytes.count - index >= wanted.count,
        zip(bytes[index...], wanted).allSatisfy({ ((65...90).contains($0) ? $0 + 32 : $0) == $1 })
      else { return false }
      index += wanted.count
      return true
    }

    /// A whole number of one or more digits; `nil` for none, or one too large for `Int`.
    mutating func number() -> Int? {
      skipSpaces()
      var value = 0
      let start = index
      while index < bytes.count, (48...57).contains(bytes[index]) {
        let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
        let (sum, overflowSum) = times.addingReportingOverflow(Int(bytes[index] - 48))
        guard !overflowTimes, !overflowSum else { return nil }
        value = sum
        index += 1
      }
      return index > start ? value : nil
    }

    private mutating func skipSpaces() {
      while index < bytes.count, bytes[index] == 32 || bytes[index] == 9 { index += 1 }
    }
  }
}
