/// The two checksums a PNG file carries: CRC-32 on every chunk, Adler-32 on the zlib stream.
enum Checksums {
  /// CRC-32 (the polynomial of ISO 3309, as PNG and gzip use it), a byte at a time from a table.
  static let crcTable: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
    return value
  }

  /// The CRC-32 of `bytes`, continuing from `crc` (the CRC of what came before, 0 to start).
  static func crc32<Bytes: Sequence>(_ bytes: Bytes, continuing crc: UInt32 = 0) -> UInt32
  where Bytes.Element == UInt8 {
    var value = ~crc
    crcTable.withUnsafeBufferPointer { table in
      for byte in bytes { value = table[Int((value ^ UInt32(byte)) & 0xFF)] ^ (value >> 8) }
    }
    return ~value
  }

  /// The Adler-32 of `bytes`, the sums reduced every 5,552 bytes, the most that cannot
  /// overflow 32 bits.
  static func adler32(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    var index = 0
    while index < bytes.count {
      let end = min(bytes.count, index + 5552)
      while index < end {
        a &+= UInt32(bytes[index])
        b &+= a
        index += 1
      }
      a %= 65_521
      b %= 65_521
    }
    return b << 16 | a
  }
}
