/// The two checksums a PNG file carries: CRC-32 on every chunk, Adler-32 on the zlib stream.
enum Checksums {
  /// CRC-32 (the polynomial of ISO 3309, as PNG and gzip use it): eight tables, so that eight
  /// bytes are taken a step ("slicing by 8"); table 0 is the plain byte-at-a-time one, table k
  /// what a byte does to the CRC k bytes further on.
  static let crcTables: [UInt32] = {
    var tables = [UInt32](repeating: 0, count: 8 * 256)
    for index in 0..<256 {
      var value = UInt32(index)
      for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
      tables[index] = value
    }
    for table in 1..<8 {
      for index in 0..<256 {
        let previous = tables[(table - 1) * 256 + index]
        tables[table * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
      }
    }
    return tables
  }()

  /// The CRC-32 of `bytes`, continuing from `crc` (the CRC of what came before, 0 to start).
  static func crc32(_ bytes: [UInt8], continuing crc: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { crc32($0, continuing: crc) }
  }

  /// The CRC-32 of the bytes in place.
  static func crc32(_ bytes: UnsafeBufferPointer<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    var value = ~crc
    crcTables.withUnsafeBufferPointer { tables in
      do {
        var index = 0
        while index + 8 <= bytes.count {
          let low =
            value
            ^ (UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
              | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24)
          let high =
            UInt32(bytes[index + 4]) | UInt32(bytes[index + 5]) << 8
            | UInt32(bytes[index + 6]) << 16 | UInt32(bytes[index + 7]) << 24
          value =
            tables[7 * 256 + Int(low & 0xFF)] ^ tables[6 * 256 + Int(low >> 8 & 0xFF)]
            ^ tables[5 * 256 + Int(low >> 16 & 0xFF)] ^ tables[4 * 256 + Int(low >> 24)]
            ^ tables[3 * 256 + Int(high & 0xFF)] ^ tables[2 * 256 + Int(high >> 8 & 0xFF)]
            ^ tables[256 + Int(high >> 16 & 0xFF)] ^ tables[Int(high >> 24)]
          index += 8
        }
        while index < bytes.count {
          value = tables[Int((value ^ UInt32(bytes[index])) & 0xFF)] ^ (value >> 8)
          index += 1
        }
      }
    }
    return ~value
  }

  /// The Adler-32 of `bytes`, the sums reduced every 5,552 bytes, the most that cannot
  /// overflow 32 bits.
  static func adler32(_ bytes: UnsafeBufferPointer<UInt8>, continuing adler: UInt32 = 1) -> UInt32 {
    var a = adler & 0xFFFF
    var b = adler >> 16
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

  /// The Adler-32 of two pieces of bytes one after the other, from each piece's own and the
  /// second's length. The first sum carries over as it is; the second sum of the second piece
  /// gains the first's first sum once for each of its bytes, less its own starting 1 for each.
  static func joinAdler32(_ first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
    let base: UInt64 = 65_521
    let length = UInt64(secondLength) % base
    let a1 = UInt64(first & 0xFFFF)
    let b1 = UInt64(first >> 16)
    let a2 = UInt64(second & 0xFFFF)
    let b2 = UInt64(second >> 16)
    // a = a1 + a2 - 1; b = b1 + b2 + length × (a1 - 1).
    let a = (a1 + a2 + base - 1) % base
    let b = (b1 + b2 + length * ((a1 + base - 1) % base)) % base
    return UInt32(b << 16 | a)
  }
}
