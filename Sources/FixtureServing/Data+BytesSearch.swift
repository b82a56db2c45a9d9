import Foundation
import PlainText

extension Data {
  /// Where `pattern` first occurs at or after `start` (an index of the data's own), by
  /// ``UTF8Scan/firstOffset(of:in:from:)``: the servers search every answer and every request
  /// head, and Foundation's `range(of:)` went through `NSData`.
  func firstRange(ofBytes pattern: [UInt8], from start: Index? = nil) -> Range<Index>? {
    let offset = (start ?? startIndex) - startIndex
    return withUnsafeBytes { bytes in
      UTF8Scan.firstOffset(of: pattern, in: bytes, from: offset).map {
        (startIndex + $0)..<(startIndex + $0 + pattern.count)
      }
    }
  }
}
