/// One Huffman table of a JPEG file (DHT), with a 9-bit lookup for the common short codes and
/// the canonical limits for the long ones.
final class JPEGHuffmanTable: Sendable {
  /// For a 9-bit prefix: the code's length in the high byte and its value in the low, or 0
  /// when the code is longer than 9 bits.
  let fast: [UInt16]
  /// The largest code of each length (1…16), -1 when there is none.
  let maxCode: [Int32]
  /// Index into ``values`` of the first code of each length, less that code.
  let offset: [Int32]
  /// The symbols, in code order.
  let values: [UInt8]
  /// For an AC table, a 9-bit prefix that holds a whole short code and the coefficient's bits
  /// after it, both: the coefficient in the high byte (signed), the run of zeros before it in
  /// bits 4…7 and the bits taken in 0…3; 0 when the prefix holds less (or an end of block).
  /// Most of a photo's coefficients are small, so most are read with one lookup, as
  /// stb_image and libjpeg-turbo do.
  let fastAC: [Int16]

  static let fastBits = 9

  /// Builds the table from its 16 counts and its symbols; throws when the counts describe
  /// more codes than fit their lengths.
  init(counts: [Int], values: [UInt8]) throws {
    self.values = values
    var fast = [UInt16](repeating: 0, count: 512)
    var maxCode = [Int32](repeating: -1, count: 18)
    var offset = [Int32](repeating: 0, count: 18)
    var code: Int32 = 0
    var index = 0
    for length in 1...16 {
      let count = counts[length - 1]
      offset[length] = Int32(index) - code
      if count > 0 {
        for _ in 0..<count {
          if length <= Self.fastBits {
            let shift = Self.fastBits - length
            let first = Int(code) << shift
            for fill in first..<(first + (1 << shift)) {
              fast[fill] = UInt16(length) << 8 | UInt16(values[index])
            }
          }
          code += 1
          index += 1
        }
        maxCode[length] = code - 1
      }
      guard code <= (1 << length) else {
        throw ImageError("a Huffman table holds more codes than fit")
      }
      code <<= 1
    }
    maxCode[17] = Int32.max
    self.fast = fast
    self.maxCode = maxCode
    self.offset = offset
    var fastAC = [Int16](repeating: 0, count: 512)
    for prefix in 0..<512 {
      let entry = fast[prefix]
      guard entry != 0 else { continue }
      let length = Int(entry >> 8)
      let symbol = Int(entry & 0xFF)
      let (run, size) = (symbol >> 4, symbol & 15)
      guard size > 0, length + size <= Self.fastBits else { continue }
      // The coefficient's bits follow the code within the prefix; extended as JPEG does.
      let raw = (prefix << length & 511) >> (Self.fastBits - size)
      let value = raw < 1 << (size - 1) ? raw - (1 << size) + 1 : raw
      guard (-128...127).contains(value) else { continue }
      fastAC[prefix] = Int16(value) << 8 | Int16(run << 4 | (length + size))
    }
    self.fastAC = fastAC
  }

  /// The symbol of a code longer than the fast lookup's 9 bits at the top of `bits`, and the
  /// code's length; nil when no code of the table starts there. Out of line and given the bits,
  /// not the reader: this rare call does not make the reader's bits go through memory.
  @inline(never)
  func longCode(_ bits: UInt64) -> (symbol: Int, length: Int)? {
    let code16 = Int32(truncatingIfNeeded: bits >> 48)
    var length = Self.fastBits + 1
    while length <= 16 {
      let code = code16 >> Int32(16 - length)
      if code <= maxCode[length] {
        let index = Int(code + offset[length])
        guard index >= 0, index < values.count else { return nil }
        return (Int(values[index]), length)
      }
      length += 1
    }
    return nil
  }
}

/// Reads the entropy-coded bits of a scan, most significant first, taking out the stuffed
/// zero after each 0xFF and stopping at a marker (past which it reads zeros).
struct JPEGBitReader {
  var bits: UInt64 = 0
  var count = 0
  var position: Int
  /// Whether a marker (or the end of the data) was reached.
  var atMarker = false

  init(position: Int) { self.position = position }

  /// Makes at least 57 bits ready: the bytes it takes at once where eight of them hold no
  /// 0xFF (no stuffing, no marker), else one by one.
  @inline(__always)
  mutating func fill(_ data: UnsafeBufferPointer<UInt8>) {
    guard count <= 56 else { return }
    if !atMarker, position &+ 8 <= data.count, let base = data.baseAddress {
      let word = UInt64(
        bigEndian: UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self))
      // A byte of all ones is a zero byte of the complement.
      let inverted = ~word
      if (inverted &- 0x0101_0101_0101_0101) & ~inverted & 0x8080_8080_8080_8080 == 0 {
        let taken = (64 &- count) &>> 3
        let kept = taken == 8 ? word : word & ~(UInt64.max &>> UInt64(taken &<< 3))
        bits |= kept &>> UInt64(count)
        count &+= taken &<< 3
        position &+= taken
        return
      }
    }
    self = Self.filledByBytes(self, data)
  }

  /// ``fill(_:)`` a byte at a time, minding stuffed bytes and markers. It takes the reader
  /// and gives it back, not `inout`, so that the decoding loops do not hand this call the
  /// reader's address (and keep its bits in memory for it).
  @inline(never)
  private static func filledByBytes(_ reader: Self, _ data: UnsafeBufferPointer<UInt8>) -> Self {
    var reader = reader
    while reader.count <= 56 {
      var byte: UInt8 = 0
      if !reader.atMarker, reader.position < data.count {
        byte = data[reader.position]
        if byte == 0xFF {
          let next = reader.position + 1 < data.count ? data[reader.position + 1] : 0xD9
          if next == 0 {
            reader.position += 2
          } else {
            reader.atMarker = true
            byte = 0
          }
        } else {
          reader.position += 1
        }
      } else {
        reader.atMarker = true
      }
      reader.bits |= UInt64(byte) << UInt64(56 - reader.count)
      reader.count += 8
    }
    return reader
  }

  /// The next `n` bits (1…16) as a number.
  @inline(__always)
  mutating func take(_ n: Int, _ data: UnsafeBufferPointer<UInt8>) -> Int32 {
    if count < n { fill(data) }
    let value = Int32(truncatingIfNeeded: bits >> UInt64(64 - n))
    bits <<= UInt64(n)
    count -= n
    return value
  }

  /// One bit.
  @inline(__always)
  mutating func bit(_ data: UnsafeBufferPointer<UInt8>) -> Bool {
    take(1, data) != 0
  }

  /// `n` bits read as a signed coefficient (the JPEG "extend" of a magnitude category).
  @inline(__always)
  mutating func signed(_ n: Int, _ data: UnsafeBufferPointer<UInt8>) -> Int32 {
    guard n > 0 else { return 0 }
    let value = take(n, data)
    return value < (1 << (n - 1)) ? value - (1 << n) + 1 : value
  }

  /// The next symbol of `table`.
  @inline(__always)
  mutating func decode(_ table: JPEGHuffmanTable, _ data: UnsafeBufferPointer<UInt8>) throws
    -> Int
  {
    if count < 16 { fill(data) }
    let prefix = Int(bits >> UInt64(64 - JPEGHuffmanTable.fastBits))
    let entry = table.fast[prefix]
    if entry != 0 {
      let length = Int(entry >> 8)
      bits <<= UInt64(length)
      count -= length
      return Int(entry & 0xFF)
    }
    guard let (symbol, length) = table.longCode(bits) else {
      throw ImageError("the image's data does not match its Huffman tables")
    }
    bits <<= UInt64(length)
    count -= length
    return symbol
  }

  /// Drops what is left of the current byte and any bits read ahead, to resume at a marker.
  mutating func reset() {
    bits = 0
    count = 0
    atMarker = false
  }
}
