/// A `Content-Range: bytes <first>-<last>/<total>` header, as a `206` answer carries it.
public struct ContentRange: Sendable, Hashable {
  /// The first byte of this piece.
  public var first: Int
  /// The last byte of this piece, included.
  public var last: Int
  /// The whole body's length, when the server says (`*` when it does not).
  public var total: Int?

  /// Parses the header; `nil` for any other form. Read without Foundation: every piece of
  /// every image carries one.
  public init?(_ header: String?) {
    guard let header, header.utf8.count > 6,
      header.prefix(6).lowercased() == "bytes "
    else { return nil }
    let parts = header.dropFirst(6).split(separator: "/", maxSplits: 1)
    let bounds = parts.first?.split(separator: "-", maxSplits: 1) ?? []
    guard parts.count == 2, bounds.count == 2,
      let first = Self.number(bounds[0]), let last = Self.number(bounds[1]), first >= 0,
      last >= first
    else { return nil }
    let total = Self.trimmed(parts[1])
    self.first = first
    self.last = last
    self.total = total == "*" ? nil : Int(total)
    if let known = self.total, known <= last { return nil }
  }

  /// Whether this piece ends the body.
  public var isLast: Bool { total.map { last + 1 >= $0 } ?? false }

  private static func number(_ text: Substring) -> Int? { Int(trimmed(text)) }

  private static func trimmed(_ text: Substring) -> Substring {
    var text = text
    while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
    while let last = text.last, last == " " || last == "\t" { text.removeLast() }
    return text
  }
}
