import Foundation

extension Data {
  /// Where `pattern` first occurs at or after `start` (an index of the data's own), found by
  /// a scan of the bytes: Foundation's `range(of:)` went through `NSData`, and the servers
  /// search every answer and every request head.
  func firstRange(of pattern: [UInt8], from start: Index? = nil) -> Range<Index>? {
    guard let first = pattern.first else { return nil }
    let from = start ?? startIndex
    return withUnsafeBytes { bytes -> Range<Index>? in
      let offset = from - startIndex
      let last = bytes.count - pattern.count
      guard offset >= 0, offset <= last else { return nil }
      for at in offset...last where bytes[at] == first {
        if pattern.indices.allSatisfy({ bytes[at + $0] == pattern[$0] }) {
          return (startIndex + at)..<(startIndex + at + pattern.count)
        }
      }
      return nil
    }
  }
}
