/// The tables a baseline JPEG encoder writes: the example quantization tables and Huffman
/// codes of the JPEG standard's Annex K (ITU-T T.81), which every decoder reads and which suit
/// photographs well, and the quality scaling libjpeg made the common meaning of "quality 90".
enum JPEGTables {
  /// Annex K.1's luminance table, in natural (row by row) order.
  static let luminance: [Int] = [
    16, 11, 10, 16, 24, 40, 51, 61, 12, 12, 14, 19, 26, 58, 60, 55,
    14, 13, 16, 24, 40, 57, 69, 56, 14, 17, 22, 29, 51, 87, 80, 62,
    18, 22, 37, 56, 68, 109, 103, 77, 24, 35, 55, 64, 81, 104, 113, 92,
    49, 64, 78, 87, 103, 121, 120, 101, 72, 92, 95, 98, 112, 100, 103, 99,
  ]

  /// Annex K.1's chrominance table, in natural order.
  static let chrominance: [Int] =
    [17, 18, 24, 47, 99, 99, 99, 99, 18, 21, 26, 66, 99, 99, 99, 99]
    + [24, 26, 56, 99, 99, 99, 99, 99, 47, 66, 99, 99, 99, 99, 99, 99]
    + [Int](repeating: 99, count: 32)

  /// `base` scaled to `quality` (1 to 100) as libjpeg scales it, each step kept within what a
  /// baseline file's 8-bit table holds.
  static func quantization(_ base: [Int], quality: Int) -> [Int] {
    let quality = min(100, max(1, quality))
    let scale = quality < 50 ? 5000 / quality : 200 - quality * 2
    return base.map { min(255, max(1, ($0 * scale + 50) / 100)) }
  }

  /// One Huffman table as a file declares it: how many codes there are of each length from 1
  /// to 16 bits, and the symbols in the order of their codes.
  struct Huffman: Sendable {
    /// Codes of each length, 1 to 16 bits.
    var counts: [UInt8]
    /// The symbols, shortest code first.
    var symbols: [UInt8]

    /// Each symbol's code and its length, by symbol (length 0: no code): the canonical codes
    /// the counts make, as a decoder rebuilds them.
    var codes: (code: [UInt16], length: [UInt8]) {
      var code = [UInt16](repeating: 0, count: 256)
      var length = [UInt8](repeating: 0, count: 256)
      var next: UInt16 = 0
      var index = 0
      for bits in 1...16 {
        for _ in 0..<Int(counts[bits - 1]) {
          code[Int(symbols[index])] = next
          length[Int(symbols[index])] = UInt8(bits)
          next &+= 1
          index += 1
        }
        next <<= 1
      }
      return (code, length)
    }
  }

  /// Annex K.3's luminance DC codes: categories 0 to 11.
  static let dcLuminance = Huffman(
    counts: [0, 1, 5, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0], symbols: Array(0...11))
  /// Annex K.3's chrominance DC codes.
  static let dcChrominance = Huffman(
    counts: [0, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0], symbols: Array(0...11))

  /// The AC symbols after the first ones Annex K.3 lists: every (run, size) with a size of 3
  /// or more, run by run, in the order both AC tables end with.
  private static func tail(runs: [UInt8], from size: UInt8) -> [UInt8] {
    runs.flatMap { run in (size...10).map { run << 4 | $0 } }
  }

  /// Annex K.3's luminance AC codes.
  static let acLuminance = Huffman(
    counts: [0, 2, 1, 3, 3, 2, 4, 3, 5, 5, 4, 4, 0, 0, 1, 0x7D],
    symbols: [
      0x01, 0x02, 0x03, 0x00, 0x04, 0x11, 0x05, 0x12, 0x21, 0x31, 0x41, 0x06, 0x13, 0x51, 0x61,
      0x07, 0x22, 0x71, 0x14, 0x32, 0x81, 0x91, 0xA1, 0x08, 0x23, 0x42, 0xB1, 0xC1, 0x15, 0x52,
      0xD1, 0xF0, 0x24, 0x33, 0x62, 0x72, 0x82, 0x09, 0x0A, 0x16, 0x17, 0x18, 0x19, 0x1A, 0x25,
      0x26, 0x27, 0x28, 0x29, 0x2A, 0x34, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A,
    ] + tail(runs: [4, 5, 6, 7, 8], from: 3)
      + tail(runs: [9, 10, 11, 12, 13], from: 2)
      + [0xE1] + tail(runs: [14], from: 2) + [0xF1] + tail(runs: [15], from: 2))

  /// Annex K.3's chrominance AC codes.
  static let acChrominance = Huffman(
    counts: [0, 2, 1, 2, 4, 4, 3, 4, 7, 5, 4, 4, 0, 1, 2, 0x77],
    symbols: [
      0x00, 0x01, 0x02, 0x03, 0x11, 0x04, 0x05, 0x21, 0x31, 0x06, 0x12, 0x41, 0x51, 0x07, 0x61,
      0x71, 0x13, 0x22, 0x32, 0x81, 0x08, 0x14, 0x42, 0x91, 0xA1, 0xB1, 0xC1, 0x09, 0x23, 0x33,
      0x52, 0xF0, 0x15, 0x62, 0x72, 0xD1, 0x0A, 0x16, 0x24, 0x34, 0xE1, 0x25, 0xF1, 0x17, 0x18,
      0x19, 0x1A, 0x26, 0x27, 0x28, 0x29, 0x2A, 0x35, 0x36, 0x37, 0x38, 0x39, 0x3A,
    ] + tail(runs: [4, 5, 6, 7], from: 3) + [0x82] + tail(runs: [8], from: 3)
      + tail(runs: [9, 10, 11, 12, 13], from: 2) + tail(runs: [14], from: 2)
      + tail(runs: [15], from: 2))
}
