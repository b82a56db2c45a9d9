import Foundation

/// Pictures compared byte for byte, as plain loops over their buffers: the test targets are
/// built unoptimized, where `zip(a, b).map { … }.max()` over a few million bytes took seconds.
/// Like `zip`, each compares the bytes both have.
enum PixelComparison {
  /// The largest difference between bytes at the same place; 0 when there are none.
  static func worst(_ a: some ContiguousBytes, _ b: some ContiguousBytes) -> Int {
    var worst = 0
    a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in
        for index in 0..<min(a.count, b.count) {
          let difference = a[index] > b[index] ? a[index] - b[index] : b[index] - a[index]
          if Int(difference) > worst { worst = Int(difference) }
        }
      }
    }
    return worst
  }

  /// The sum of the differences between bytes at the same place.
  static func total(_ a: some ContiguousBytes, _ b: some ContiguousBytes) -> Int {
    var total = 0
    a.withUnsafeBytes { a in
      b.withUnsafeBytes { b in
        for index in 0..<min(a.count, b.count) {
          total += Int(a[index] > b[index] ? a[index] - b[index] : b[index] - a[index])
        }
      }
    }
    return total
  }
}
