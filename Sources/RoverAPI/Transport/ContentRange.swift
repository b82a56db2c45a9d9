import Foundation

/// A `Content-Range: bytes <first>-<last>/<total>` header, as a `206` answer carries it.
public struct ContentRange: Sendable, Hashable {
  /// The first byte of this piece.
  public var first: Int
  /// The last byte of this piece, included.
  public var last: Int
  /// The whole body's length, when the server says (`*` when it does not).
  public var total: Int?

  /// Parses the header; `nil` for any other form.
  public init?(_ header: String?) {
    guard let header, header.lowercased().hasPrefix("bytes ") else { return nil }
    let parts = header.dropFirst(6).split(separator: "/", maxSplits: 1)
    let bounds = parts.first?.split(separator: "-", maxSplits: 1) ?? []
    guard parts.count == 2, bounds.count == 2,
      let first = Int(bounds[0].trimmingCharacters(in: .whitespaces)),
      let last = Int(bounds[1].trimmingCharacters(in: .whitespaces)), first >= 0, last >= first
    else { return nil }
    let total = parts[1].trimmingCharacters(in: .whitespaces)
    self.first = first
    self.last = last
    self.total = total == "*" ? nil : Int(total)
    if let known = self.total, known <= last { return nil }
  }

  /// Whether this piece ends the body.
  public var isLast: Bool { total.map { last + 1 >= $0 } ?? false }
}
