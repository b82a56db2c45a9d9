/// One deflate block's literals and matches, counted as they come, then written with the
/// Huffman codes those counts make (RFC 1951, 3.2.5 to 3.2.7).
///
/// Made once per stream and reused block after block: the tokens and counts live in buffers of
/// its own, written in place, since a compressor makes one token every few bytes.
final class TokenBlock {
  /// Literal bytes (length 0) and matches (length 3 to 258), each with its distance less one
  /// (or the byte), a token each: the length in the high half, the value in the low.
  private let tokens = UnsafeMutablePointer<UInt32>.allocate(capacity: Deflate.blockTokens)
  private var count = 0
  /// ``lengthSymbol`` and the distance symbols, copied once out of their lazily made globals.
  private let lengthSymbols = UnsafeMutablePointer<UInt16>.allocate(capacity: 259)
  private let nearDistances = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
  private let farDistances = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
  private let literalCount = UnsafeMutablePointer<Int>.allocate(capacity: 286)
  private let distanceCount = UnsafeMutablePointer<Int>.allocate(capacity: 30)

  init() {
    lengthSymbols.initialize(from: Self.lengthSymbol, count: 259)
    nearDistances.initialize(from: Self.nearDistanceSymbol, count: 256)
    farDistances.initialize(from: Self.farDistanceSymbol, count: 256)
    literalCount.initialize(repeating: 0, count: 286)
    distanceCount.initialize(repeating: 0, count: 30)
  }

  deinit {
    tokens.deallocate()
    lengthSymbols.deallocate()
    nearDistances.deallocate()
    farDistances.deallocate()
    literalCount.deallocate()
    distanceCount.deallocate()
  }

  var isFull: Bool { count >= Deflate.blockTokens }

  @inline(__always)
  func literal(_ byte: UInt8) {
    tokens[count] = UInt32(byte)
    count &+= 1
    literalCount[Int(byte)] &+= 1
  }

  @inline(__always)
  func match(_ length: Int, _ distance: Int) {
    tokens[count] =
      UInt32(truncatingIfNeeded: length) << 16 | UInt32(truncatingIfNeeded: distance &- 1)
    count &+= 1
    literalCount[Int(lengthSymbols[length])] &+= 1
    let symbol =
      distance <= 256
      ? Int(nearDistances[distance &- 1]) : Int(farDistances[(distance &- 1) &>> 7])
    distanceCount[symbol] &+= 1
  }

  /// Empties the block for the next one.
  private func reset() {
    count = 0
    literalCount.update(repeating: 0, count: 286)
    distanceCount.update(repeating: 0, count: 30)
  }

  // MARK: - The tables of RFC 1951, 3.2.5

  /// The symbol (257 to 285) of each match length 0 to 258.
  static let lengthSymbol: [UInt16] = (0...258).map { length in
    guard length >= 3 else { return 0 }
    let index = DeflateFormat.lengthBase.lastIndex { $0 <= length } ?? 0
    return UInt16(257 + index)
  }
  /// The distance symbol of distances 1 to 256, and of larger ones by `(distance - 1) >> 7`.
  static let nearDistanceSymbol: [UInt8] = (1...256).map { distance in
    UInt8(DeflateFormat.distanceBase.lastIndex { $0 <= distance } ?? 0)
  }
  static let farDistanceSymbol: [UInt8] = (0..<256).map { high in
    let distance = (high << 7) + 1
    return UInt8(DeflateFormat.distanceBase.lastIndex { $0 <= distance } ?? 0)
  }

  // MARK: - Writing

  /// Writes the block: with codes of its own, or stored (`stored` are its bytes) when that is
  /// smaller, as for noise.
  func write(to writer: inout BitWriter, final: Bool, stored: UnsafeBufferPointer<UInt8>) {
    defer { reset() }
    guard let (literalWords, distanceWords) = writeHeader(to: &writer, final: final, stored: stored)
    else { return }
    let lengthExtra = DeflateFormat.lengthExtra
    let lengthBase = DeflateFormat.lengthBase
    let distanceExtra = DeflateFormat.distanceExtra
    let distanceBase = DeflateFormat.distanceBase
    // The writer as a local while the tokens go out: held in registers, not written back to
    // the caller's after every code.
    var out = writer
    defer { writer = out }
    literalWords.withUnsafeBufferPointer { literals in
      distanceWords.withUnsafeBufferPointer { distances in
        for index in 0..<count {
          let token = tokens[index]
          let length = Int(token >> 16)
          if length == 0 {
            let word = literals[Int(token & 0xFFFF)]
            out.write(word & 0xFFFF, Int(word >> 16))
            continue
          }
          let symbol = Int(lengthSymbols[length])
          let word = literals[symbol]
          out.write(word & 0xFFFF, Int(word >> 16))
          let extra = lengthExtra[symbol &- 257]
          if extra > 0 {
            out.write(UInt32(truncatingIfNeeded: length &- lengthBase[symbol &- 257]), extra)
          }
          let distance = Int(token & 0xFFFF) &+ 1
          let distanceSymbol =
            distance <= 256
            ? Int(nearDistances[distance &- 1]) : Int(farDistances[(distance &- 1) &>> 7])
          let distanceWord = distances[distanceSymbol]
          out.write(distanceWord & 0xFFFF, Int(distanceWord >> 16))
          let more = distanceExtra[distanceSymbol]
          if more > 0 {
            out.write(
              UInt32(truncatingIfNeeded: distance &- distanceBase[distanceSymbol]), more)
          }
        }
        let end = literals[256]
        out.write(end & 0xFFFF, Int(end >> 16))
      }
    }
  }

  /// Writes `bytes` as one block of literals alone (zlib's `Z_HUFFMAN_ONLY`), or stored when
  /// that is smaller: counted and coded straight from the bytes, with no token between, since
  /// a literal is all a token would say.
  func writeLiterals(
    _ bytes: UnsafeBufferPointer<UInt8>, to writer: inout BitWriter, final: Bool
  ) {
    defer { reset() }
    // Four tallies side by side: neighbouring bytes are often alike, and one tally would make
    // each count wait for the one before.
    var tallies = [Int](repeating: 0, count: 4 * 256)
    tallies.withUnsafeMutableBufferPointer { tallies in
      var index = 0
      while index &+ 4 <= bytes.count {
        tallies[Int(bytes[index])] &+= 1
        tallies[256 &+ Int(bytes[index &+ 1])] &+= 1
        tallies[512 &+ Int(bytes[index &+ 2])] &+= 1
        tallies[768 &+ Int(bytes[index &+ 3])] &+= 1
        index &+= 4
      }
      while index < bytes.count {
        tallies[Int(bytes[index])] &+= 1
        index &+= 1
      }
      for byte in 0..<256 {
        literalCount[byte] =
          tallies[byte] &+ tallies[256 &+ byte] &+ tallies[512 &+ byte]
          &+ tallies[768 &+ byte]
      }
    }
    guard let (literalWords, _) = writeHeader(to: &writer, final: final, stored: bytes) else {
      return
    }
    var out = writer
    defer { writer = out }
    literalWords.withUnsafeBufferPointer { words in
      guard let codes = words.baseAddress else { return }
      out.writeCodes(of: bytes, codes)
      let end = words[256]
      out.write(end & 0xFFFF, Int(end >> 16))
    }
  }

  /// Writes the block's header with the codes its counts make, and hands back each literal or
  /// length symbol's code and each distance symbol's, with its length, in one word (the code
  /// in the low 16 bits); or writes `stored` as it is, when that is smaller, and hands back
  /// nothing.
  private func writeHeader(
    to writer: inout BitWriter, final: Bool, stored: UnsafeBufferPointer<UInt8>
  ) -> ([UInt32], [UInt32])? {
    var literalCounts = Array(UnsafeBufferPointer(start: literalCount, count: 286))
    var distanceCounts = Array(UnsafeBufferPointer(start: distanceCount, count: 30))
    literalCounts[256] += 1
    // Two codes at least in each alphabet: a code of one symbol is a case some readers refuse.
    for index in 0..<2 where distanceCounts.filter({ $0 > 0 }).count < 2 {
      distanceCounts[index] = max(distanceCounts[index], 1)
    }
    if literalCounts.filter({ $0 > 0 }).count < 2 { literalCounts[0] = max(literalCounts[0], 1) }
    let literalLengths = HuffmanLengths.lengths(literalCounts, limit: 15)
    let distanceLengths = HuffmanLengths.lengths(distanceCounts, limit: 15)
    let literalCount = max(257, (literalLengths.lastIndex { $0 > 0 } ?? 0) + 1)
    let distanceCount = max(1, (distanceLengths.lastIndex { $0 > 0 } ?? 0) + 1)
    let header = Self.codeLengthSymbols(
      Array(literalLengths[0..<literalCount]) + Array(distanceLengths[0..<distanceCount]))
    var codeLengthCounts = [Int](repeating: 0, count: 19)
    for (symbol, _) in header { codeLengthCounts[Int(symbol)] += 1 }
    let codeLengthLengths = HuffmanLengths.lengths(codeLengthCounts, limit: 7)
    let codeLengthCount = max(
      4, (DeflateFormat.codeLengthOrder.lastIndex { codeLengthLengths[$0] > 0 } ?? 0) + 1)

    // The dynamic block's size in bits, to weigh against storing.
    var bits = 3 + 5 + 5 + 4 + 3 * codeLengthCount
    for (symbol, extra) in header {
      bits += Int(codeLengthLengths[Int(symbol)]) + extra.width
    }
    for symbol in 0..<286 { bits += literalCounts[symbol] * Int(literalLengths[symbol]) }
    for symbol in 257..<286 {
      bits += literalCounts[symbol] * DeflateFormat.lengthExtra[symbol - 257]
    }
    for symbol in 0..<30 {
      bits +=
        distanceCounts[symbol]
        * (Int(distanceLengths[symbol]) + DeflateFormat.distanceExtra[symbol])
    }
    let storedBits = 3 + 7 + (stored.count / 65_535 + 1) * 32 + stored.count * 8
    if storedBits < bits {
      writeStored(stored, to: &writer, final: final)
      return nil
    }

    writer.write(final ? 1 : 0, 1)
    writer.write(2, 2)
    writer.write(UInt32(literalCount - 257), 5)
    writer.write(UInt32(distanceCount - 1), 5)
    writer.write(UInt32(codeLengthCount - 4), 4)
    for symbol in DeflateFormat.codeLengthOrder.prefix(codeLengthCount) {
      writer.write(UInt32(codeLengthLengths[symbol]), 3)
    }
    let codeLengthCodes = HuffmanLengths.codes(codeLengthLengths)
    for (symbol, extra) in header {
      writer.write(codeLengthCodes[Int(symbol)], Int(codeLengthLengths[Int(symbol)]))
      if extra.width > 0 { writer.write(extra.value, extra.width) }
    }
    let literalCodes = HuffmanLengths.codes(literalLengths)
    let distanceCodes = HuffmanLengths.codes(distanceLengths)
    // One lookup a symbol, not two.
    var literalWords = [UInt32](repeating: 0, count: 286)
    for symbol in 0..<286 {
      literalWords[symbol] = literalCodes[symbol] | UInt32(literalLengths[symbol]) << 16
    }
    var distanceWords = [UInt32](repeating: 0, count: 30)
    for symbol in 0..<30 {
      distanceWords[symbol] = distanceCodes[symbol] | UInt32(distanceLengths[symbol]) << 16
    }
    return (literalWords, distanceWords)
  }

  /// The block's bytes as they are, in pieces of at most 65,535.
  private func writeStored(
    _ bytes: UnsafeBufferPointer<UInt8>, to writer: inout BitWriter, final: Bool
  ) {
    var start = 0
    repeat {
      let end = min(bytes.count, start + 65_535)
      writer.write(final && end == bytes.count ? 1 : 0, 1)
      writer.write(0, 2)
      writer.alignToByte()
      let length = UInt32(end - start)
      writer.write(length, 16)
      writer.write(~length & 0xFFFF, 16)
      writer.append(UnsafeBufferPointer(rebasing: bytes[start..<end]))
      start = end
    } while start < bytes.count
  }

  /// The code lengths as the code length alphabet sends them: lengths 0 to 15, 16 (the last
  /// length 3 to 6 times more), 17 (3 to 10 zeros), 18 (11 to 138 zeros), each with its extra
  /// bits.
  static func codeLengthSymbols(_ lengths: [UInt8]) -> [(UInt8, (value: UInt32, width: Int))] {
    var symbols: [(UInt8, (value: UInt32, width: Int))] = []
    var index = 0
    while index < lengths.count {
      let length = lengths[index]
      var run = 1
      while index + run < lengths.count, lengths[index + run] == length { run += 1 }
      if length == 0, run >= 3 {
        let taken = min(run, 138)
        symbols.append(
          taken >= 11
            ? (18, (value: UInt32(taken - 11), width: 7))
            : (17, (value: UInt32(taken - 3), width: 3)))
        index += taken
        continue
      }
      symbols.append((length, (value: 0, width: 0)))
      index += 1
      var repeats = run - 1
      while repeats >= 3 {
        let taken = min(repeats, 6)
        symbols.append((16, (value: UInt32(taken - 3), width: 2)))
        repeats -= taken
        index += taken
      }
    }
    return symbols
  }
}
