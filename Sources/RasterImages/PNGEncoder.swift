import Dispatch
import Synchronization

/// Writes a ``RasterImage`` as a PNG file: 8-bit grey when every pixel is grey, else 8-bit RGB;
/// each row's filter chosen as libpng's heuristic does (the one whose output bytes, read as
/// signed, sum smallest in size), and the rows deflated by ``Deflate`` in a zlib stream.
public enum PNGEncoder {
  /// The PNG file of `image`; grey (colour type 0) when `grey` is true or every pixel has
  /// R = G = B, else truecolour (type 2). With `alpha` (a byte a pixel, 0 transparent, 255
  /// opaque), the grey or truecolour file carries it too (type 4 or 6): a developed frame's
  /// missing tiles are transparent, not black.
  public static func encode(_ image: RasterImage, grey: Bool? = nil, alpha: [UInt8]? = nil)
    -> [UInt8]
  {
    let isGrey = grey ?? image.isGrey
    let alpha = alpha.flatMap { $0.count == image.width * image.height ? $0 : nil }
    let colour = isGrey ? 1 : 3
    let channels = colour + (alpha == nil ? 0 : 1)
    let samples =
      alpha.map { Self.interleave(isGrey ? image.greyPlane() : image.pixels, colour, $0) }
      ?? (isGrey ? image.greyPlane() : image.pixels)
    var file = PNGDecoder.signature
    appendChunk(
      "IHDR",
      header(width: image.width, height: image.height, grey: isGrey, alpha: alpha != nil),
      to: &file)
    // An IDAT chunk a band, each with its CRC made beside its deflate, on the band's core:
    // readers join the chunks' data into one zlib stream.
    let (pieces, adler) = zlib(
      samples, width: image.width, height: image.height, channels: channels)
    file.reserveCapacity(file.count + pieces.reduce(0) { $0 + 12 + $1.bytes.count } + 6 + 12)
    for (index, piece) in pieces.enumerated() {
      let first = index == 0
      let last = index == pieces.count - 1
      file += bigEndian(UInt32((first ? 2 : 0) + piece.bytes.count + (last ? 4 : 0)))
      file += Self.idat
      if first { file += Self.zlibHeader }
      file += piece.bytes
      if last { file += bigEndian(adler) }
      file += bigEndian(last ? Checksums.crc32(bigEndian(adler), continuing: piece.crc) : piece.crc)
    }
    appendChunk("IEND", [], to: &file)
    return file
  }

  /// The colour samples with each pixel's alpha after them.
  private static func interleave(_ colour: [UInt8], _ channels: Int, _ alpha: [UInt8]) -> [UInt8] {
    let step = channels + 1
    return [UInt8](unsafeUninitializedCapacity: alpha.count * step) { out, count in
      for pixel in 0..<alpha.count {
        for channel in 0..<channels {
          out[pixel * step + channel] = colour[pixel * channels + channel]
        }
        out[pixel * step + channels] = alpha[pixel]
      }
      count = alpha.count * step
    }
  }

  /// The `IHDR` body: the size, 8 bits a sample, grey (type 0) or truecolour (type 2), or
  /// either with alpha (4, 6).
  static func header(width: Int, height: Int, grey: Bool, alpha: Bool = false) -> [UInt8] {
    let type: UInt8 = (grey ? 0 : 2) + (alpha ? 4 : 0)
    return bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, type, 0, 0, 0]
  }

  private static let idat = Array("IDAT".utf8)
  /// 32 KB window, default level; the check bits make the pair a multiple of 31.
  static let zlibHeader: [UInt8] = [0x78, 0x9C]

  /// The rows of `rows`, each led by its filter's number, as the PNG stream holds them before
  /// deflate.
  static func filteredRows(
    _ samples: [UInt8], width: Int, rows: Range<Int>, channels: Int
  ) -> [UInt8] {
    let rowBytes = width * channels
    // Every byte is written below: no need to zero them first.
    var out = [UInt8](unsafeUninitializedCapacity: (rowBytes + 1) * rows.count) { _, count in
      count = (rowBytes + 1) * rows.count
    }
    // One row of each filter's output, tried side by side; the cheapest is copied out.
    var trials = [UInt8](repeating: 0, count: rowBytes * 5)
    let zero = [UInt8](repeating: 0, count: rowBytes)
    samples.withUnsafeBufferPointer { samples in
      zero.withUnsafeBufferPointer { zero in
        trials.withUnsafeMutableBufferPointer { trials in
          out.withUnsafeMutableBufferPointer { out in
            guard let source = samples.baseAddress, let none = zero.baseAddress,
              let trial = trials.baseAddress, let target = out.baseAddress
            else { return }
            for (line, y) in rows.enumerated() {
              let row = source + y * rowBytes
              let above = y == 0 ? none : source + (y - 1) * rowBytes
              let tried = Self.tryFilters(row, above, rowBytes, channels, into: trial)
              let costs = [tried.0, tried.1, tried.2, tried.3, tried.4]
              var best = 0
              for filter in 1..<5 where costs[filter] < costs[best] { best = filter }
              let start = target + line * (rowBytes + 1)
              start.pointee = UInt8(best)
              (start + 1).update(from: trial + best * rowBytes, count: rowBytes)
            }
          }
        }
      }
    }
    return out
  }

  /// Each of the five filters applied to one row, written one after another into `trial`, and
  /// each one's cost: the sum of its bytes' sizes read as signed, libpng's heuristic. One
  /// simple loop a filter, branch-free, so the compiler makes each a vector loop.
  @inline(__always)
  private static func tryFilters(
    _ row: UnsafePointer<UInt8>, _ above: UnsafePointer<UInt8>, _ count: Int, _ step: Int,
    into trial: UnsafeMutablePointer<UInt8>
  ) -> (Int, Int, Int, Int, Int) {
    let sub = trial + count
    let up = trial + 2 * count
    let average = trial + 3 * count
    let paethRow = trial + 4 * count
    let head = min(step, count)
    trial.update(from: row, count: count)
    // The first pixel has no left neighbour: left and corner are 0.
    for index in 0..<head {
      sub[index] = row[index]
      average[index] = row[index] &- above[index] / 2
      paethRow[index] = row[index] &- above[index]
    }
    // Wrapping arithmetic throughout: no overflow check stands in the way of vector code.
    for index in 0..<count { up[index] = row[index] &- above[index] }
    for index in head..<max(head, count) { sub[index] = row[index] &- row[index &- step] }
    for index in head..<max(head, count) {
      let sum = UInt16(row[index &- step]) &+ UInt16(above[index])
      average[index] = row[index] &- UInt8(truncatingIfNeeded: sum >> 1)
    }
    @inline(__always) func magnitude(_ value: Int32) -> Int32 {
      let sign = value >> 31
      return (value ^ sign) &- sign
    }
    // Paeth sixteen bytes at a time in 16-bit lanes (the loop vectorizer left its three-way
    // choice scalar), then the rest one by one.
    var index = head
    while index &+ 16 <= count {
      let left = SIMD16<Int16>(truncatingIfNeeded: load16(row + (index &- step)))
      let upper = SIMD16<Int16>(truncatingIfNeeded: load16(above + index))
      let corner = SIMD16<Int16>(truncatingIfNeeded: load16(above + (index &- step)))
      let toLeft = lanes(upper &- corner)
      let toUp = lanes(left &- corner)
      let toCorner = lanes(left &+ upper &- corner &- corner)
      let predicted = corner.replacing(with: upper, where: toUp .<= toCorner)
        .replacing(with: left, where: (toLeft .<= toUp) .& (toLeft .<= toCorner))
      let own = load16(row + index)
      let residual = own &- SIMD16<UInt8>(truncatingIfNeeded: predicted)
      UnsafeMutableRawPointer(paethRow + index).storeBytes(of: residual, as: SIMD16<UInt8>.self)
      index &+= 16
    }
    while index < count {
      paethRow[index] =
        row[index] &- PNGPredictor.paeth(row[index &- step], above[index], above[index &- step])
      index &+= 1
    }
    @inline(__always) func cost(_ bytes: UnsafePointer<UInt8>) -> Int {
      var total: Int32 = 0
      for index in 0..<count { total &+= magnitude(Int32(Int8(bitPattern: bytes[index]))) }
      return Int(total)
    }
    return (cost(trial), cost(sub), cost(up), cost(average), cost(paethRow))
  }

  /// Sixteen bytes from `pointer`, wherever they lie.
  @inline(__always)
  private static func load16(_ pointer: UnsafePointer<UInt8>) -> SIMD16<UInt8> {
    UnsafeRawPointer(pointer).loadUnaligned(as: SIMD16<UInt8>.self)
  }

  /// Each lane's magnitude.
  @inline(__always)
  private static func lanes(_ value: SIMD16<Int16>) -> SIMD16<Int16> {
    let sign = value &>> 15
    return (value ^ sign) &- sign
  }

  /// The pieces of the zlib stream (RFC 1950) of the filtered rows, each with the CRC of the
  /// IDAT chunk it makes (its type, the stream's header for the first, its bytes; the last
  /// one's Adler-32 is added after), and the stream's Adler-32. The rows are filtered and
  /// deflated in bands of rows at once, one a core: each band is a piece of the stream that
  /// refers to nothing before it (as pigz does), which costs a few bytes a band.
  static func zlib(_ samples: [UInt8], width: Int, height: Int, channels: Int) -> (
    pieces: [(bytes: [UInt8], crc: UInt32)], adler: UInt32
  ) {
    let bands = max(1, min(4, height / 128))
    let edges = (0...bands).map { $0 * height / bands }
    let pieces = Pieces(count: bands)
    let typeCRC = Checksums.crc32(idat)
    let firstCRC = Checksums.crc32(zlibHeader, continuing: typeCRC)
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      let rows = filteredRows(
        samples, width: width, rows: edges[band]..<edges[band + 1], channels: channels)
      let piece = rows.withUnsafeBufferPointer { rows in
        (
          Deflate.compress(rows, effort: effort(for: rows), last: band == bands - 1),
          Checksums.adler32(rows)
        )
      }
      let crc = Checksums.crc32(piece.0, continuing: band == 0 ? firstCRC : typeCRC)
      pieces.keep((piece.0, crc), adler: piece.1, length: rows.count, at: band)
    }
    return (pieces.all, pieces.adler)
  }

  /// How to deflate a band: Huffman codes alone, unless matches make 16 KB from its middle
  /// (its first rows are often sky or shadow) a tenth smaller or more. Flat or drawn pictures
  /// repeat themselves; a photograph's filtered rows are noise-like residuals, where matches
  /// save a few percent at best (an anaglyph of two Navcam frames: 5%) for three times the
  /// time literals alone take.
  static func effort(for rows: UnsafeBufferPointer<UInt8>) -> Deflate.Effort {
    let length = min(rows.count, 16_384)
    let start = (rows.count - length) / 2
    let sample = UnsafeBufferPointer(rebasing: rows[start..<(start + length)])
    let matched = Deflate.compress(sample).count
    let literal = Deflate.compress(sample, effort: .literalsOnly).count
    return matched * 10 <= literal * 9 ? .standard : .literalsOnly
  }

  static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    file += bigEndian(UInt32(data.count))
    file += typeBytes
    file += data
    file += bigEndian(Checksums.crc32(data, continuing: Checksums.crc32(typeBytes)))
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }
}

extension RasterImage {
  /// Whether every pixel is grey: R = G = B.
  public var isGrey: Bool {
    pixels.withUnsafeBufferPointer { pixels in
      var index = 0
      while index + 2 < pixels.count {
        if pixels[index] != pixels[index + 1] || pixels[index] != pixels[index + 2] { return false }
        index += 3
      }
      return true
    }
  }

  /// One byte a pixel when every pixel is grey, else `nil`: one pass, in bands of rows across
  /// the cores, for frames of tens of megapixels.
  public func greyPlaneIfGrey() -> [UInt8]? {
    let count = width * height
    let bands = max(1, min(16, height / 64))
    let colourFound = Mutex(false)
    let plane = [UInt8](unsafeUninitializedCapacity: count) { plane, initialized in
      pixels.withUnsafeBufferPointer { pixels in
        guard let source = pixels.baseAddress, let target = plane.baseAddress else { return }
        // Each band writes only its own pixels.
        nonisolated(unsafe) let ends = (source, target)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
          let start = band * height / bands * width
          let end = (band + 1) * height / bands * width
          var differs: UInt8 = 0
          for index in start..<end {
            let red = ends.0[index * 3]
            differs |= (red ^ ends.0[index * 3 + 1]) | (red ^ ends.0[index * 3 + 2])
            ends.1[index] = red
          }
          if differs != 0 { colourFound.withLock { $0 = true } }
        }
      }
      initialized = count
    }
    return colourFound.withLock { $0 } ? nil : plane
  }

  /// One byte a pixel: the red of each (all three when grey).
  func greyPlane() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: width * height) { plane, initialized in
      pixels.withUnsafeBufferPointer { pixels in
        for index in 0..<(width * height) { plane[index] = pixels[index * 3] }
      }
      initialized = width * height
    }
  }
}

/// The compressed bands of one picture as they finish, and their Adler-32 sums joined in order.
private final class Pieces: Sendable {
  private let state:
    Mutex<
      (pieces: [(bytes: [UInt8], crc: UInt32)], sums: [(adler: UInt32, length: Int)])
    >

  init(count: Int) {
    state = Mutex(
      (Array(repeating: ([], 0), count: count), Array(repeating: (1, 0), count: count)))
  }

  func keep(_ piece: (bytes: [UInt8], crc: UInt32), adler: UInt32, length: Int, at index: Int) {
    state.withLock { state in
      state.pieces[index] = piece
      state.sums[index] = (adler, length)
    }
  }

  var all: [(bytes: [UInt8], crc: UInt32)] { state.withLock { $0.pieces } }

  /// The Adler-32 of all the bands' bytes, from each band's own.
  var adler: UInt32 {
    state.withLock { state in
      state.sums.dropFirst().reduce(state.sums.first?.adler ?? 1) { joined, band in
        Checksums.joinAdler32(joined, band.adler, secondLength: band.length)
      }
    }
  }
}
