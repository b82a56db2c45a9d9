/// Collects what a command prints and hands it to the console in pieces of about 64 KB, so a
/// large answer is printed as it is written and never held whole.
///
/// Pieces end where a written string ends, so no UTF-8 character is ever split between two.
package final class OutputBuffer {
  package static let pieceSize = 65_536

  private var bytes: [UInt8] = []
  private let console: Console

  package init(_ console: Console) {
    self.console = console
    bytes.reserveCapacity(Self.pieceSize + 4096)
  }

  /// Adds text.
  package func write(_ text: String) {
    bytes.append(contentsOf: text.utf8)
    if bytes.count >= Self.pieceSize { flush() }
  }

  /// Adds bytes that form whole characters.
  package func write<Bytes: Sequence>(bytes more: Bytes) where Bytes.Element == UInt8 {
    bytes.append(contentsOf: more)
    if bytes.count >= Self.pieceSize { flush() }
  }

  /// Hands everything collected so far to the console.
  package func flush() {
    guard !bytes.isEmpty else { return }
    console.output(String(decoding: bytes, as: UTF8.self))
    bytes.removeAll(keepingCapacity: true)
  }
}
