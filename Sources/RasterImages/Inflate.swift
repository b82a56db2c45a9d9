/// DEFLATE decompression (RFC 1951) behind a zlib header (RFC 1950): stored, fixed and dynamic
/// Huffman blocks, with an output limit so a small bomb cannot fill memory.
struct Inflate {
  private let input: [UInt8]
  private var position = 0
  private var bitBuffer: UInt64 = 0
  private var bitCount = 0
  /// The output, allocated once at its limit; ``written`` bytes of it are filled.
  private var output: [UInt8]
  private var written = 0
  private let limit: Int

  private init(_ input: [UInt8], limit: Int) {
    self.input = input
    self.limit = limit
    output = [UInt8](repeating: 0, count: limit)
  }

  /// The bytes a zlib stream holds, at most `limit` of them; throws when the stream is damaged
  /// or would grow past the limit.
  static func zlib(_ data: [UInt8], limit: Int) throws -> [UInt8] {
    guard data.count >= 2, data[0] & 0x0F == 8, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0,
      data[1] & 0x20 == 0
    else { throw ImageError("the PNG's compressed data has no valid zlib header") }
    var inflate = Inflate(data, limit: limit)
    inflate.position = 2
    try inflate.run()
    try inflate.checkAdler32()
    // Handed back as it was filled, cut to what was written: a copy would be a second picture.
    var bytes: [UInt8] = []
    swap(&bytes, &inflate.output)
    bytes.removeLast(bytes.count - inflate.written)
    return bytes
  }

  /// Checks the stream's Adler-32, the four bytes after its last block, against what was
  /// inflated: a damaged byte that still inflates (a literal, a stored block) would otherwise
  /// be drawn as wrong pixels, with nothing said.
  private mutating func checkAdler32() throws {
    let end = nextByte
    guard end >= 0, end + 4 <= input.count else { throw Self.cutShort }
    let stored = PNGChunks.uint32(input, at: end)
    let made = output.withUnsafeBufferPointer {
      Checksums.adler32(UnsafeBufferPointer(rebasing: $0[0..<written]))
    }
    guard stored == made else {
      throw ImageError("the PNG's image data is damaged: its checksum does not match")
    }
  }

  private mutating func run() throws {
    var last = false
    while !last {
      last = try bits(1) == 1
      switch try bits(2) {
      case 0: try stored()
      case 1: try huffman(Self.fixedLiterals, Self.fixedDistances)
      case 2:
        let (literals, distances) = try dynamicTables()
        try huffman(literals, distances)
      default: throw ImageError("the PNG's compressed data is damaged")
      }
    }
  }

  /// The next `count` bits of the stream, the first read lowest.
  private mutating func bits(_ count: Int) throws -> Int {
    try reading { try $0.take(count) }
  }

  /// Runs `body` on a bit reader at the stream's place, and keeps where it got to.
  private mutating func reading<Value>(_ body: (inout BitReader) throws -> Value) rethrows
    -> Value
  {
    try input.withUnsafeBufferPointer { input in
      var reader = BitReader(input: input, buffer: bitBuffer, available: bitCount, at: position)
      defer { (bitBuffer, bitCount, position) = (reader.buffer, reader.available, reader.at) }
      return try body(&reader)
    }
  }

  /// Where the next whole byte of the stream is: the bits left of the current byte are
  /// passed over, and whole bytes the bit reader took ahead are given back.
  private var nextByte: Int { position - bitCount / 8 }

  private mutating func stored() throws {
    // To the byte boundary (a stored block after a coded one: zlib's sync flush).
    position = nextByte
    bitBuffer = 0
    bitCount = 0
    guard position + 4 <= input.count else { throw Self.cutShort }
    let length = Int(input[position]) | Int(input[position + 1]) << 8
    let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
    guard length == ~complement & 0xFFFF, position + 4 + length <= input.count else {
      throw ImageError("the PNG's compressed data is damaged")
    }
    guard written + length <= limit else { throw Self.tooLarge }
    output.replaceSubrange(
      written..<(written + length), with: input[(position + 4)..<(position + 4 + length)])
    written += length
    position += 4 + length
  }

  private static let tooLarge = ImageError("the PNG's data inflates past what its size allows")

  /// A canonical Huffman code as a 10-bit lookup plus a slow path.
  struct Code {
    var counts = [Int](repeating: 0, count: 16)
    var symbols: [Int] = []
    var fast = [Int32](repeating: -1, count: 1024)

    init(lengths: [Int]) throws {
      for length in lengths where length > 0 { counts[length] += 1 }
      var offsets = [Int](repeating: 0, count: 16)
      for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
      symbols = [Int](repeating: 0, count: lengths.count)
      var next = offsets
      for (symbol, length) in lengths.enumerated() where length > 0 {
        symbols[next[length]] = symbol
        next[length] += 1
      }
      // The fast table: codes of up to 10 bits, indexed by their bits as read (reversed).
      var code = 0
      var index = 0
      for length in 1..<16 {
        for _ in 0..<counts[length] {
          if length <= 10 {
            var reversed = 0
            for bit in 0..<length where code & (1 << bit) != 0 {
              reversed |= 1 << (length - 1 - bit)
            }
            var fill = reversed
            while fill < 1024 {
              fast[fill] = Int32(symbols[index] << 4 | length)
              fill += 1 << length
            }
          }
          code += 1
          index += 1
        }
        code <<= 1
        guard code <= 1 << (length + 1) else {
          throw ImageError("the PNG's Huffman code is damaged")
        }
      }
    }
  }

  /// The next symbol of `code`.
  private mutating func symbol(_ code: Code) throws -> Int {
    try reading { reader in try code.fast.withUnsafeBufferPointer { try reader.decode($0, code) } }
  }

  private static let fixedLiterals: Code = {
    let lengths = (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 }
    return (try? Code(lengths: lengths)) ?? (try? Code(lengths: [1, 1]))!
  }()
  private static let fixedDistances: Code = {
    (try? Code(lengths: [Int](repeating: 5, count: 30))) ?? (try? Code(lengths: [1, 1]))!
  }()

  private static let cutShort = ImageError("the PNG's compressed data is cut short")
  private static let damaged = ImageError("the PNG's compressed data is damaged")

  /// The Huffman loop's reader: the bit buffer, how many of its bits are the stream's (those
  /// above are kept 0, so a refill can OR its bytes in), and where the input is read next.
  private struct BitReader {
    let input: UnsafeBufferPointer<UInt8>
    var buffer: UInt64
    var available: Int
    var at: Int

    /// At least 57 bits in the buffer, or all the input has: eight bytes a load where eight
    /// are left.
    @inline(__always)
    mutating func refill() {
      if at + 8 <= input.count, let base = input.baseAddress {
        let word = UInt64(littleEndian: UnsafeRawPointer(base + at).loadUnaligned(as: UInt64.self))
        let taken = (63 - available) / 8
        buffer |= word << UInt64(available)
        at += taken
        available += taken * 8
        buffer &= (1 << UInt64(available)) - 1
      } else {
        while available <= 56, at < input.count {
          buffer |= UInt64(input[at]) << UInt64(available)
          at += 1
          available += 8
        }
      }
    }

    /// The next `count` bits, the first read lowest.
    @inline(__always)
    mutating func take(_ count: Int) throws -> Int {
      if available < count {
        refill()
        guard available >= count else { throw Inflate.cutShort }
      }
      let value = Int(buffer & ((1 << UInt64(count)) - 1))
      buffer >>= UInt64(count)
      available -= count
      return value
    }

    /// The next symbol of `code`, whose 10-bit lookup is `table`.
    @inline(__always)
    mutating func decode(_ table: UnsafeBufferPointer<Int32>, _ code: Code) throws -> Int {
      if available < 15 { refill() }
      let entry = table[Int(buffer & 1023)]
      if entry >= 0 {
        let length = Int(entry & 15)
        guard length <= available else { throw Inflate.cutShort }
        buffer >>= UInt64(length)
        available -= length
        return Int(entry >> 4)
      }
      // Longer codes, bit by bit.
      var (value, first, index) = (0, 0, 0)
      for length in 1..<16 {
        value |= try take(1)
        let count = code.counts[length]
        if value - first < count { return code.symbols[index + value - first] }
        index += count
        first = (first + count) << 1
        value <<= 1
      }
      throw Inflate.damaged
    }
  }

  /// One block's codes, to its end. The loop works on locals and raw pointers (the bit reader,
  /// the output, the two lookup tables), refilling eight bytes at a time, and copies a match
  /// whole where it does not overlap what it writes: the decoder's time was mostly this
  /// loop's checks. The fields are written back when the block ends, or when it throws.
  private mutating func huffman(_ literals: Code, _ distances: Code) throws {
    var filled = written
    defer { written = filled }
    let limit = self.limit
    // The output is moved out for the block (a swap, no copy): the reader holds `self` while
    // the loop writes.
    var output: [UInt8] = []
    swap(&output, &self.output)
    defer { swap(&output, &self.output) }
    try reading { reader in
      try output.withUnsafeMutableBufferPointer { output in
        try literals.fast.withUnsafeBufferPointer { literalTable in
          try distances.fast.withUnsafeBufferPointer { distanceTable in
            guard let out = output.baseAddress else { throw Self.tooLarge }
            while true {
              let symbol = try reader.decode(literalTable, literals)
              if symbol < 256 {
                guard filled < limit else { throw Self.tooLarge }
                out[filled] = UInt8(truncatingIfNeeded: symbol)
                filled += 1
              } else if symbol == 256 {
                return
              } else {
                let lengthIndex = symbol - 257
                guard lengthIndex < 29 else { throw Self.damaged }
                let length =
                  DeflateFormat.lengthBase[lengthIndex]
                  + (try reader.take(DeflateFormat.lengthExtra[lengthIndex]))
                let distanceIndex = try reader.decode(distanceTable, distances)
                guard distanceIndex < 30 else { throw Self.damaged }
                let distance =
                  DeflateFormat.distanceBase[distanceIndex]
                  + (try reader.take(DeflateFormat.distanceExtra[distanceIndex]))
                guard distance <= filled else { throw Self.damaged }
                guard filled + length <= limit else { throw Self.tooLarge }
                if distance >= length {
                  (out + filled).update(from: out + (filled - distance), count: length)
                } else {
                  // Byte by byte: the copy reads what it writes (a run of a few bytes repeated).
                  var from = filled - distance
                  for to in filled..<(filled + length) {
                    out[to] = out[from]
                    from += 1
                  }
                }
                filled += length
              }
            }
          }
        }
      }
    }
  }

  private mutating func dynamicTables() throws -> (Code, Code) {
    let literalCount = try bits(5) + 257
    let distanceCount = try bits(5) + 1
    let codeCount = try bits(4) + 4
    let order = DeflateFormat.codeLengthOrder
    var codeLengths = [Int](repeating: 0, count: 19)
    for index in 0..<codeCount { codeLengths[order[index]] = try bits(3) }
    let lengthCode = try Code(lengths: codeLengths)
    var lengths: [Int] = []
    while lengths.count < literalCount + distanceCount {
      let symbol = try symbol(lengthCode)
      switch symbol {
      case 0...15: lengths.append(symbol)
      case 16:
        guard let previous = lengths.last else {
          throw ImageError("the PNG's compressed data is damaged")
        }
        lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
      case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
      default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
      }
    }
    guard lengths.count == literalCount + distanceCount else {
      throw ImageError("the PNG's compressed data is damaged")
    }
    return (
      try Code(lengths: Array(lengths[0..<literalCount])),
      try Code(lengths: Array(lengths[literalCount...]))
    )
  }
}
