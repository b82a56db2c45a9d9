/// Turns 8 × 8 blocks of samples into a baseline JPEG's entropy-coded bytes: the forward DCT
/// (Arai, Agui and Nakajima's factorisation, in floating point, as libjpeg's `jfdctflt`), the
/// quantization folded into its output scaling, and the Huffman codes, written most
/// significant bit first with a zero after every 0xFF byte.
struct JPEGBlockWriter {
  /// A component's quantization and codes, made once per image, in memory of its own that
  /// each block reads without retaining anything.
  final class Coding: @unchecked Sendable {
    // Unchecked: written once in `init`, only read after.
    /// What each DCT output, in natural order, is multiplied by: 1 / (step × the AAN scale
    /// of its row and column × 8).
    let multipliers = UnsafeMutablePointer<Float>.allocate(capacity: 64)
    /// Each symbol's code and length, DC then AC, 256 of each.
    let codes = UnsafeMutablePointer<UInt16>.allocate(capacity: 512)
    let lengths = UnsafeMutablePointer<UInt8>.allocate(capacity: 512)
    /// Where each coefficient in zigzag order stands in natural order.
    let zigzag = UnsafeMutablePointer<Int>.allocate(capacity: 64)
    /// For each row of a block in natural order and each byte of its coefficients that are
    /// not zero (bit `c` for column `c`), those coefficients' bits in zigzag order.
    let zigzagBits = UnsafeMutablePointer<UInt64>.allocate(capacity: 8 * 256)

    init(steps: [Int], dc: JPEGTables.Huffman, ac: JPEGTables.Huffman) {
      let scale: [Float] = [
        1.0, 1.387039845, 1.306562965, 1.175875602, 1.0, 0.785694958, 0.541196100, 0.275899379,
      ]
      for index in 0..<64 {
        multipliers[index] = 1 / (Float(steps[index]) * scale[index / 8] * scale[index % 8] * 8)
      }
      for index in 0..<64 { zigzag[index] = jpegZigzag[index] }
      var place = [Int](repeating: 0, count: 64)
      for index in 0..<64 { place[jpegZigzag[index]] = index }
      for row in 0..<8 {
        for byte in 0..<256 {
          var bits: UInt64 = 0
          for column in 0..<8 where byte & (1 << column) != 0 {
            bits |= 1 << UInt64(place[row * 8 + column])
          }
          zigzagBits[row * 256 + byte] = bits
        }
      }
      for (offset, table) in [(0, dc), (256, ac)] {
        let (code, length) = table.codes
        for symbol in 0..<256 {
          codes[offset + symbol] = code[symbol]
          lengths[offset + symbol] = length[symbol]
        }
      }
    }

    deinit {
      multipliers.deallocate()
      codes.deallocate()
      lengths.deallocate()
      zigzag.deallocate()
      zigzagBits.deallocate()
    }
  }

  /// The bytes written so far; ``finish()`` hands them over and must end every writer.
  private var bytes: ByteStorage
  private var buffer: UInt64 = 0
  private var count = 0

  init(capacity: Int) { bytes = ByteStorage(capacity: capacity) }

  /// The bytes written; the writer is done.
  mutating func finish() -> [UInt8] { bytes.finish() }

  /// Appends one byte, and a zero after a 0xFF, as the format stuffs them.
  @inline(__always)
  private mutating func append(_ byte: UInt8) {
    bytes.reserve(2)
    bytes.end.pointee = byte
    bytes.advance(1)
    if byte == 0xFF {
      bytes.end.pointee = 0
      bytes.advance(1)
    }
  }

  /// Writes the low `width` bits of `value`, first bit first; whole bytes leave 32 bits at a
  /// time. Small enough to be inlined, so that the bits stay in registers across a block.
  @inline(__always)
  private mutating func put(_ value: UInt32, _ width: Int) {
    buffer = buffer << UInt64(width) | UInt64(value & (1 << UInt32(width) &- 1))
    count &+= width
    if count >= 32 { leaveWord() }
  }

  /// Moves the oldest 32 bits of the buffer into the bytes.
  @inline(never)
  private mutating func leaveWord() {
    count &-= 32
    let word = UInt32(truncatingIfNeeded: buffer >> UInt64(count))
    // Most words hold no 0xFF byte (whose inverse has a zero byte): stored at once.
    let inverse = ~word
    if (inverse &- 0x0101_0101) & ~inverse & 0x8080_8080 == 0 {
      bytes.reserve(4)
      UnsafeMutableRawPointer(bytes.end).storeBytes(of: word.bigEndian, as: UInt32.self)
      bytes.advance(4)
      return
    }
    append(UInt8(truncatingIfNeeded: word >> 24))
    append(UInt8(truncatingIfNeeded: word >> 16))
    append(UInt8(truncatingIfNeeded: word >> 8))
    append(UInt8(truncatingIfNeeded: word))
  }

  /// Writes `symbol`'s code and then `value`'s bits (none unless told), as one: at most
  /// 16 + 11 bits.
  @inline(__always)
  private mutating func put(
    _ symbol: Int, _ codes: UnsafeMutablePointer<UInt16>, _ lengths: UnsafeMutablePointer<UInt8>,
    then value: (size: Int, bits: UInt32) = (0, 0)
  ) {
    let bits = value.bits & (1 << UInt32(value.size) &- 1)
    put(UInt32(codes[symbol]) << UInt32(value.size) | bits, Int(lengths[symbol]) &+ value.size)
  }

  /// Pads the last byte with one bits, as a segment ends before a marker.
  mutating func padToByte() {
    while count >= 8 {
      count &-= 8
      append(UInt8(truncatingIfNeeded: buffer >> UInt64(count)))
    }
    if count > 0 {
      append(UInt8(truncatingIfNeeded: buffer << UInt64(8 - count)) | (0xFF >> UInt8(count)))
    }
    count = 0
    buffer = 0
  }

  /// Appends a marker (0xFF and `code`), at a byte boundary.
  mutating func marker(_ code: UInt8) {
    append(0xFF)
    // The stuffed zero after the 0xFF is the marker's code instead.
    (bytes.end - 1).pointee = code
  }

  /// The bits a value's size category takes, and the bits that write it (a negative one as
  /// its one's complement).
  @inline(__always)
  private static func category(_ value: Int32) -> (size: Int, bits: UInt32) {
    // With no branch: `sign` is all ones for a negative value, else zero.
    let sign = value >> 31
    let magnitude = UInt32(bitPattern: (value ^ sign) &- sign)
    return (32 - magnitude.leadingZeroBitCount, UInt32(bitPattern: value &+ sign))
  }

  /// Transforms, quantizes and writes one block of level-shifted samples (each minus 128, row
  /// by row), whose DC is coded against `previous`; returns its DC. `levels` is room for the
  /// 64 quantized values.
  mutating func block(
    _ samples: UnsafeMutablePointer<Float>, levels: UnsafeMutablePointer<Int32>,
    previous: Int32, coding: Coding
  ) -> Int32 {
    Self.forwardDCT(samples)
    // Quantized a row at a time, rounded to the nearest by adding 1.5 × 2^23, which leaves the
    // integer in the low bits of the float's mantissa: no call, no branch, no range check
    // (every level of an 8-bit picture is far inside ±2^22). Each row's levels that are not
    // zero make a byte, which a table turns into their places in zigzag order.
    let magic = SIMD8<Float>(repeating: 12_582_912)
    let bias = SIMD8<Int32>(repeating: 0x4B40_0000)
    var nonzero: UInt64 = 0
    for row in 0..<8 {
      let product =
        UnsafeRawPointer(samples + row * 8).loadUnaligned(as: SIMD8<Float>.self)
        * UnsafeRawPointer(coding.multipliers + row * 8).loadUnaligned(as: SIMD8<Float>.self)
        + magic
      let level = unsafeBitCast(product, to: SIMD8<Int32>.self) &- bias
      UnsafeMutableRawPointer(levels + row * 8).storeBytes(of: level, as: SIMD8<Int32>.self)
      // One where a level is not zero (it or its negation has the sign bit), as eight bytes;
      // the multiplication gathers each byte's bit into the top byte, column c at bit c.
      let flags = SIMD8<UInt32>(truncatingIfNeeded: level | (SIMD8<Int32>.zero &- level)) &>> 31
      let word = UInt64(
        littleEndian: unsafeBitCast(SIMD8<UInt8>(truncatingIfNeeded: flags), to: UInt64.self))
      let byte = Int(truncatingIfNeeded: (word &* 0x0102_0408_1020_4080) >> 56)
      nonzero |= coding.zigzagBits[row &* 256 &+ byte]
    }
    let codes = coding.codes
    let lengths = coding.lengths
    let dc = levels[0]
    let difference = Self.category(dc &- previous)
    put(difference.size, codes, lengths, then: difference)
    let zigzag = coding.zigzag
    // The coefficients that are not zero, in zigzag order, the DC left out: the zeros between
    // them are counted from their places, never looked at.
    var remaining = nonzero & ~1
    var last = 0
    while remaining != 0 {
      let k = remaining.trailingZeroBitCount
      remaining &= remaining &- 1
      var run = k &- last &- 1
      last = k
      while run > 15 {
        put(256 + 0xF0, codes, lengths)
        run &-= 16
      }
      let value = Self.category(levels[zigzag[k]])
      put(256 + (run << 4 | value.size), codes, lengths, then: value)
    }
    // The end of block stands for the zeros after the last coefficient that is not.
    if last < 63 { put(256, codes, lengths) }
    return dc
  }

  /// The 2-D DCT of 64 samples in place, rows then columns, each output scaled by 8 and its
  /// row's and column's AAN factors (which the quantization takes away).
  @inline(__always)
  static func forwardDCT(_ data: UnsafeMutablePointer<Float>) {
    for row in 0..<8 { pass(data + row * 8, stride: 1) }
    for column in 0..<8 { pass(data + column, stride: 8) }
  }

  /// One 8-point AAN pass over `data[0]`, `data[stride]`, … `data[7 * stride]`.
  @inline(__always)
  private static func pass(_ data: UnsafeMutablePointer<Float>, stride: Int) {
    let d0 = data[0]
    let d1 = data[stride]
    let d2 = data[2 * stride]
    let d3 = data[3 * stride]
    let d4 = data[4 * stride]
    let d5 = data[5 * stride]
    let d6 = data[6 * stride]
    let d7 = data[7 * stride]
    let sum07 = d0 + d7
    let difference07 = d0 - d7
    let sum16 = d1 + d6
    let difference16 = d1 - d6
    let sum25 = d2 + d5
    let difference25 = d2 - d5
    let sum34 = d3 + d4
    let difference34 = d3 - d4
    // The even half.
    let evenSum = sum07 + sum34
    let evenDifference = sum07 - sum34
    let oddSum = sum16 + sum25
    let oddDifference = sum16 - sum25
    data[0] = evenSum + oddSum
    data[4 * stride] = evenSum - oddSum
    let rotated = (oddDifference + evenDifference) * 0.707106781
    data[2 * stride] = evenDifference + rotated
    data[6 * stride] = evenDifference - rotated
    // The odd half.
    let first = difference34 + difference25
    let second = difference25 + difference16
    let third = difference16 + difference07
    let z5 = (first - third) * 0.382683433
    let z2 = 0.541196100 * first + z5
    let z4 = 1.306562965 * third + z5
    let z3 = second * 0.707106781
    let z11 = difference07 + z3
    let z13 = difference07 - z3
    data[5 * stride] = z13 + z2
    data[3 * stride] = z13 - z2
    data[stride] = z11 + z4
    data[7 * stride] = z11 - z4
  }
}
