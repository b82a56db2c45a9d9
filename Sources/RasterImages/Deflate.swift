/// A deflate compressor of its own (RFC 1951): LZ77 over a 32 KB window with hash chains, each
/// block coded with its own Huffman codes (dynamic blocks), or stored when that is smaller.
/// What zlib's fast levels do, in far fewer lines.
enum Deflate {
  /// How hard to look for matches.
  struct Effort: Sendable {
    /// The most earlier places with the same three bytes compared at each position.
    var chain: Int
    /// A match this long is taken without looking further.
    var niceLength: Int
    /// The places a match covers go into the chains only when it is no longer than this: a
    /// long match is a run the next search finds from its start anyway.
    var insertUpTo: Int

    /// Fast, near zlib's level 2: PNG rows that went through the filters compress well with
    /// short searches, and the bound that matters (a file no larger than 1.25 times zlib's
    /// level 6 of the unfiltered rows) is met with room (measured on every real image).
    static let standard = Effort(chain: 2, niceLength: 16, insertUpTo: 4)
    /// No matches at all, Huffman codes alone (zlib's `Z_HUFFMAN_ONLY`): on the filtered rows
    /// of a photograph in colour, short matches cost more bits than the literals they replace
    /// take, and the search is most of the time (a demosaicked 20-megapixel frame came out
    /// 11% smaller, in half the time).
    static let literalsOnly = Effort(chain: 0, niceLength: 0, insertUpTo: 0)
  }

  static let windowSize = 32_768
  static let minMatch = 3
  static let maxMatch = 258
  /// Tokens gathered before a block is written.
  static let blockTokens = 1 << 15
  /// Bytes of literals alone a block: its codes fit its part of a picture, and its header
  /// (some 80 bytes) is a thousandth of it.
  static let literalBlock = 1 << 16

  /// The raw deflate stream of `input`; with `last` false, a piece of a stream that goes on:
  /// its blocks are not final and it ends with an empty stored block at a byte boundary (a
  /// sync flush), so the next piece's bytes can follow it as they are.
  static func compress(
    _ input: UnsafeBufferPointer<UInt8>, effort: Effort = .standard, last: Bool = true
  ) -> [UInt8] {
    // Room for the worst case at once (stored blocks: the bytes and 5 a block): untouched
    // pages cost nothing, and the writer never moves what it wrote.
    var writer = BitWriter(capacity: input.count + input.count / 8 + 1024)
    let block = TokenBlock()
    guard effort.chain > 0 else {
      // Literals alone: a block every `literalBlock` bytes, counted and coded straight from
      // the input.
      var start = 0
      repeat {
        let end = min(input.count, start + literalBlock)
        block.writeLiterals(
          UnsafeBufferPointer(rebasing: input[start..<end]), to: &writer,
          final: last && end == input.count)
        start = end
      } while start < input.count
      return end(&writer, last: last)
    }
    // 32,768 heads and a window's chain of Int32 (128 KB each, in the second level of the
    // cache): with fewer heads, most candidates were other bytes that hashed alike, each a
    // wasted load from the window.
    let hashBits = 15
    var head = [Int32](repeating: -1, count: 1 << hashBits)
    var previous = [Int32](repeating: -1, count: windowSize)
    let count = input.count
    var blockStart = 0
    head.withUnsafeMutableBufferPointer { head in
      previous.withUnsafeMutableBufferPointer { previous in
        @inline(__always) func hash(_ at: Int) -> Int {
          let value =
            UInt32(input[at]) | UInt32(input[at &+ 1]) << 8 | UInt32(input[at &+ 2]) << 16
          return Int((value &* 2_654_435_761) >> UInt32(32 - hashBits))
        }
        @inline(__always) func insert(_ at: Int) {
          let key = hash(at)
          previous[at & (windowSize - 1)] = head[key]
          head[key] = Int32(at)
        }
        /// Puts the places a match covered into the chains, those with three bytes left.
        @inline(__always) func insertAll(from start: Int, to end: Int) {
          var position = start
          let stop = min(end, count &- minMatch &+ 1)
          while position < stop {
            insert(position)
            position &+= 1
          }
        }
        /// The longest match at `at` (its length and distance), inserting `at` into the chains.
        @inline(__always) func longestMatch(at: Int) -> (length: Int, distance: Int) {
          guard at &+ minMatch <= count else { return (0, 0) }
          let key = hash(at)
          var candidate = Int(head[key])
          previous[at & (windowSize - 1)] = head[key]
          head[key] = Int32(at)
          let limit = min(maxMatch, count &- at)
          var best = minMatch - 1
          var bestDistance = 0
          var chain = effort.chain
          while candidate >= 0, at &- candidate <= windowSize, chain > 0 {
            chain &-= 1
            if input[candidate &+ best] == input[at &+ best], input[candidate] == input[at] {
              var length = 1
              // Eight bytes at a time while eight remain, then byte by byte.
              if let base = input.baseAddress {
                while length &+ 8 <= limit {
                  // As little-endian values, the first byte that differs is the lowest.
                  let a = UInt64(
                    littleEndian: UnsafeRawPointer(base + (candidate &+ length)).loadUnaligned(
                      as: UInt64.self))
                  let b = UInt64(
                    littleEndian: UnsafeRawPointer(base + (at &+ length)).loadUnaligned(
                      as: UInt64.self))
                  let difference = a ^ b
                  if difference != 0 {
                    length &+= difference.trailingZeroBitCount &>> 3
                    break
                  }
                  length &+= 8
                }
              }
              while length < limit, input[candidate &+ length] == input[at &+ length] {
                length &+= 1
              }
              if length > best {
                best = length
                bestDistance = at &- candidate
                if length >= effort.niceLength || length == limit { break }
              }
            }
            let next = Int(previous[candidate & (windowSize - 1)])
            guard next < candidate else { break }
            candidate = next
          }
          return bestDistance == 0 ? (0, 0) : (best, bestDistance)
        }
        var at = 0
        // Places looked at in a row without a match: past 32 of them, the search skips ahead,
        // a byte more for every 32, as LZ4 does, since a stretch of noise-like residuals
        // rarely repeats; the bytes passed over are literals all the same.
        var misses = 0
        while at < count {
          let found = longestMatch(at: at)
          if found.length >= minMatch {
            block.match(found.length, found.distance)
            if found.length <= effort.insertUpTo { insertAll(from: at + 1, to: at + found.length) }
            at &+= found.length
            misses = 0
          } else {
            block.literal(input[at])
            at &+= 1
            misses &+= 1
            var skip = misses >> 5
            while skip > 0, at < count, !block.isFull {
              block.literal(input[at])
              at &+= 1
              skip &-= 1
            }
          }
          if block.isFull { flush(block, &writer, input, &blockStart, at, final: false) }
        }
      }
    }
    return finish(block, &writer, input, &blockStart, last: last)
  }

  /// Writes the last tokens and, for a piece of a stream that goes on, the empty stored block
  /// that ends it at a byte boundary.
  private static func finish(
    _ block: TokenBlock, _ writer: inout BitWriter, _ input: UnsafeBufferPointer<UInt8>,
    _ start: inout Int, last: Bool
  ) -> [UInt8] {
    flush(block, &writer, input, &start, input.count, final: last)
    return end(&writer, last: last)
  }

  /// The stream's bytes; for a piece of a stream that goes on, after the empty stored block
  /// that ends it at a byte boundary (a sync flush).
  private static func end(_ writer: inout BitWriter, last: Bool) -> [UInt8] {
    if !last {
      writer.write(0, 3)
      writer.alignToByte()
      writer.write(0x0000, 16)
      writer.write(0xFFFF, 16)
    }
    return writer.finish()
  }

  /// Writes the gathered tokens as one block, dynamic or stored, whichever is smaller.
  private static func flush(
    _ block: TokenBlock, _ writer: inout BitWriter, _ input: UnsafeBufferPointer<UInt8>,
    _ start: inout Int, _ end: Int, final: Bool
  ) {
    block.write(
      to: &writer, final: final, stored: UnsafeBufferPointer(rebasing: input[start..<end]))
    start = end
  }
}
