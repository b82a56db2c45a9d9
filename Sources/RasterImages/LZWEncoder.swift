/// GIF's variable-width LZW (GIF89a, appendix F): codes from 9 to 12 bits packed from the
/// least significant bit, a clear code first, the table cleared when its 4,096 codes are
/// spent, the end code last.
///
/// The table is one flat array indexed by (prefix code, byte), so each step is one load; an
/// entry carries the number of the table it belongs to, so clearing the table is counting one
/// up rather than writing four megabytes.
enum LZWEncoder {
  private static let maxCode = 4095
  private static let literalBits = 8

  /// The LZW stream of `indices`, each below 256.
  static func encode(_ indices: [UInt8]) -> [UInt8] {
    let clear = 1 << literalBits
    let end = clear + 1
    var width = literalBits + 1
    var highest = end
    var overflow = clear << 1
    var generation: UInt32 = 1
    var table = [UInt32](repeating: 0, count: 4096 * 256)
    var packer = BitPacker(capacity: indices.count / 2 + 16)
    packer.write(clear, width: width)
    guard var code = indices.first.map(Int.init) else {
      packer.write(end, width: width)
      return packer.finished()
    }
    indices.withUnsafeBufferPointer { indices in
      table.withUnsafeMutableBufferPointer { table in
        for literal in indices.dropFirst() {
          let key = code << 8 | Int(literal)
          let entry = table[key]
          if entry >> 16 == generation {
            code = Int(entry & 0xFFFF)
            continue
          }
          packer.write(code, width: width)
          code = Int(literal)
          highest += 1
          if highest == overflow {
            width += 1
            overflow <<= 1
          }
          if highest == maxCode {
            // Out of codes: start again with a clear table, as the decoder will.
            packer.write(clear, width: width)
            width = literalBits + 1
            highest = end
            overflow = clear << 1
            generation += 1
            continue
          }
          table[key] = generation << 16 | UInt32(highest)
        }
      }
    }
    packer.write(code, width: width)
    highest += 1
    if highest == overflow {
      width += 1
    } else if highest == maxCode {
      packer.write(clear, width: width)
      width = literalBits + 1
    }
    packer.write(end, width: width)
    return packer.finished()
  }
}

/// Codes packed into bytes from the least significant bit, as GIF stores them.
private struct BitPacker {
  private var bits: UInt64 = 0
  private var count = 0
  private var bytes: [UInt8] = []

  init(capacity: Int) { bytes.reserveCapacity(capacity) }

  mutating func write(_ code: Int, width: Int) {
    bits |= UInt64(code) << UInt64(count)
    count += width
    while count >= 8 {
      bytes.append(UInt8(truncatingIfNeeded: bits))
      bits >>= 8
      count -= 8
    }
  }

  mutating func finished() -> [UInt8] {
    if count > 0 { bytes.append(UInt8(truncatingIfNeeded: bits)) }
    count = 0
    bits = 0
    return bytes
  }
}
