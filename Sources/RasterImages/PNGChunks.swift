/// A PNG file's chunks, in order: the one reader of them, for still pictures and animations.
enum PNGChunks {
  /// One chunk: its four-letter type and its data, where it lies in the file (no copy).
  struct Chunk {
    var type: String
    var body: ArraySlice<UInt8>
  }

  /// The chunks whose bytes shape the picture, checked against their CRC-32: the header, the
  /// palette, the transparency, and an animation's frame controls (where a frame lies, how
  /// long it shows). Image data (`IDAT`, `fdAT`) is checked whole by the zlib stream's
  /// Adler-32 after inflating (``Inflate``), which a damaged byte cannot pass either, so its
  /// megabytes are not summed twice; the chunks a decoder skips (text, colour profiles, the
  /// animation's frame count) change nothing drawn.
  static let checked: Set<String> = ["IHDR", "PLTE", "tRNS", "fcTL"]

  /// Every chunk of the file up to `IEND`; a chunk that runs past the end, or one of
  /// ``checked`` whose CRC-32 does not match, is an error.
  static func read(_ bytes: [UInt8]) throws -> [Chunk] {
    guard bytes.count >= 8, bytes[0..<8].elementsEqual(PNGDecoder.signature) else {
      throw ImageError("it is not a PNG file")
    }
    var chunks: [Chunk] = []
    var position = 8
    while position + 8 <= bytes.count {
      let length = Int(uint32(bytes, at: position))
      let type = String(decoding: bytes[(position + 4)..<(position + 8)], as: UTF8.self)
      let start = position + 8
      guard start + length + 4 <= bytes.count else {
        throw ImageError("a PNG chunk runs past the end of the file")
      }
      if checked.contains(type) {
        // The CRC covers the type and the data.
        let sum = bytes.withUnsafeBufferPointer {
          Checksums.crc32(UnsafeBufferPointer(rebasing: $0[(position + 4)..<(start + length)]))
        }
        guard sum == uint32(bytes, at: start + length) else {
          throw ImageError("the PNG's \(type) chunk is damaged: its checksum does not match")
        }
      }
      chunks.append(Chunk(type: type, body: bytes[start..<(start + length)]))
      if type == "IEND" { break }
      position = start + length + 4
    }
    return chunks
  }

  /// The big-endian number of four bytes at `offset` from the start of `bytes`.
  static func uint32<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at offset: Int)
    -> UInt32
  where Bytes.Index == Int {
    let base = bytes.startIndex + offset
    return UInt32(bytes[base]) << 24 | UInt32(bytes[base + 1]) << 16
      | UInt32(bytes[base + 2]) << 8 | UInt32(bytes[base + 3])
  }
}
