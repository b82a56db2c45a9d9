import Dispatch

/// Writes a ``RasterImage`` as a baseline JPEG (JFIF): one grey component when every pixel is
/// grey, else YCbCr with chroma at half the size both ways (4:2:0), at a quality from 1 to 100
/// that means what libjpeg's `-quality` means.
///
/// A restart marker ends each row of blocks, so that the rows are coded apart: in bands, one
/// a core, joined in order. A band converts its own rows of a colour picture to YCbCr as it
/// codes them, a row of blocks at a time, so no plane of the whole picture is ever made.
public enum JPEGEncoder {
  /// The most pixels a side: a JPEG file says its size in 16 bits.
  public static let largestSide = 65_535

  /// The JPEG file of `image` at `quality` (90 unless told); ``ImageError`` for a picture
  /// wider or taller than ``largestSide``.
  public static func encode(_ image: RasterImage, quality: Int = 90) throws -> [UInt8] {
    if let plane = image.greyPlaneIfGrey() {
      return try encode(
        greyPlane: plane, width: image.width, height: image.height, quality: quality)
    }
    return try image.pixels.withUnsafeBufferPointer {
      try encode(rgb: $0, width: image.width, height: image.height, quality: quality)
    }
  }

  /// The JPEG file of a grey picture given as its plane, one byte a pixel (`width × height`),
  /// at `quality`: a picture too big to hold three times over is never made RGB.
  public static func encode(greyPlane: [UInt8], width: Int, height: Int, quality: Int = 90)
    throws -> [UInt8]
  {
    precondition(greyPlane.count == width * height, "a plane's bytes and size differ")
    return try greyPlane.withUnsafeBufferPointer {
      try encode(samples: $0, width: width, height: height, grey: true, quality: quality)
    }
  }

  /// The JPEG file of a colour picture given as its bytes (red, green and blue of each pixel,
  /// row by row, `width × height × 3`), wherever they are: a file mapped into memory is coded
  /// with no copy of it.
  public static func encode(
    rgb: UnsafeBufferPointer<UInt8>, width: Int, height: Int, quality: Int = 90
  ) throws -> [UInt8] {
    precondition(rgb.count == width * height * 3, "a picture's bytes and size differ")
    return try encode(samples: rgb, width: width, height: height, grey: false, quality: quality)
  }

  /// The file of a grey plane or of RGB bytes.
  private static func encode(
    samples: UnsafeBufferPointer<UInt8>, width: Int, height: Int, grey: Bool, quality: Int
  ) throws -> [UInt8] {
    guard width <= largestSide, height <= largestSide else {
      throw ImageError(
        "a JPEG file holds at most \(largestSide) pixels a side; this picture is"
          + " \(width)x\(height)")
    }
    let luma = JPEGTables.quantization(JPEGTables.luminance, quality: quality)
    let chroma = JPEGTables.quantization(JPEGTables.chrominance, quality: quality)
    // The MCU: one block grey, else four luma blocks and one of each chroma.
    let side = grey ? 8 : 16
    let columns = (width + side - 1) / side
    let rows = (height + side - 1) / side
    var file = header(
      width: width, height: height, grey: grey, luma: luma, chroma: chroma,
      restartInterval: columns)
    let codings = (
      JPEGBlockWriter.Coding(
        steps: luma, dc: JPEGTables.dcLuminance, ac: JPEGTables.acLuminance),
      JPEGBlockWriter.Coding(
        steps: chroma, dc: JPEGTables.dcChrominance, ac: JPEGTables.acChrominance)
    )
    // More bands than cores: a band of busy rows does not keep the others waiting.
    let bands = max(1, min(rows, 32))
    let pieces = BandResults<[UInt8]>(count: bands)
    guard let base = samples.baseAddress else { return file + [0xFF, 0xD9] }
    nonisolated(unsafe) let source = base
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      var writer = JPEGBlockWriter(capacity: width * height / bands / 4 + 1024)
      var rowCoder = RowCoder(width: width, height: height, columns: columns, grey: grey)
      defer { rowCoder.deallocate() }
      for row in (band * rows / bands)..<((band + 1) * rows / bands) {
        rowCoder.encode(row, from: source, codings: codings, into: &writer)
        writer.padToByte()
        // Restart markers count 0 to 7 and again; none after the last row.
        if row < rows - 1 { writer.marker(0xD0 + UInt8(row % 8)) }
      }
      pieces.keep(writer.finish(), at: band)
    }
    // The file's room made once: a copy of its bytes at each doubling was time no core shared.
    let coded = pieces.all
    file.reserveCapacity(file.count + coded.reduce(0) { $0 + $1.count } + 2)
    for piece in coded { file += piece }
    file += [0xFF, 0xD9]
    return file
  }

  /// Codes rows of MCUs: each row's samples made level-shifted floats first (a colour row
  /// turned to Y, Cb and Cr on the way, the chroma the mean of each 2 × 2 pixels), in rows as
  /// wide as the MCUs (the picture's last column and row repeated past its edges, as encoders
  /// pad), then block by block.
  struct RowCoder {
    let width: Int
    let height: Int
    let columns: Int
    let grey: Bool
    /// Samples across a row of MCUs: the luma's, and the chroma's (half).
    let stride: Int
    let chromaStride: Int
    let luma: UnsafeMutablePointer<Float>
    let blue: UnsafeMutablePointer<Float>
    let red: UnsafeMutablePointer<Float>
    /// A pair of rows' chroma at full size, before the 2 × 2 means (one more sample than
    /// the widest row, for an odd width's repeated last pixel).
    let fullBlue: UnsafeMutablePointer<Float>
    let fullRed: UnsafeMutablePointer<Float>
    let block = UnsafeMutablePointer<Float>.allocate(capacity: 64)
    let levels = UnsafeMutablePointer<Int32>.allocate(capacity: 64)

    init(width: Int, height: Int, columns: Int, grey: Bool) {
      (self.width, self.height, self.columns, self.grey) = (width, height, columns, grey)
      stride = columns * (grey ? 8 : 16)
      chromaStride = columns * 8
      luma = .allocate(capacity: stride * (grey ? 8 : 16))
      blue = .allocate(capacity: grey ? 1 : chromaStride * 8)
      red = .allocate(capacity: grey ? 1 : chromaStride * 8)
      fullBlue = .allocate(capacity: grey ? 1 : 2 * stride + 1)
      fullRed = .allocate(capacity: grey ? 1 : 2 * stride + 1)
    }

    func deallocate() {
      for buffer in [luma, blue, red, fullBlue, fullRed, block] { buffer.deallocate() }
      levels.deallocate()
    }

    /// Codes MCU row `row` of the picture at `source`, its DC predictions from 0 as after a
    /// restart.
    mutating func encode(
      _ row: Int, from source: UnsafePointer<UInt8>,
      codings: (JPEGBlockWriter.Coding, JPEGBlockWriter.Coding),
      into writer: inout JPEGBlockWriter
    ) {
      if grey { fillGrey(row, source) } else { fillColour(row, source) }
      var previous: (Int32, Int32, Int32) = (0, 0, 0)
      for column in 0..<columns {
        if grey {
          copy(luma + column * 8, stride)
          previous.0 = writer.block(block, levels: levels, previous: previous.0, coding: codings.0)
          continue
        }
        for index in 0..<4 {
          copy(luma + (index >> 1) * 8 * stride + column * 16 + (index & 1) * 8, stride)
          previous.0 = writer.block(block, levels: levels, previous: previous.0, coding: codings.0)
        }
        copy(blue + column * 8, chromaStride)
        previous.1 = writer.block(block, levels: levels, previous: previous.1, coding: codings.1)
        copy(red + column * 8, chromaStride)
        previous.2 = writer.block(block, levels: levels, previous: previous.2, coding: codings.1)
      }
    }

    /// The 8 × 8 samples from `start`, rows `rowStride` apart, into ``block``.
    @inline(__always)
    private func copy(_ start: UnsafeMutablePointer<Float>, _ rowStride: Int) {
      let (from, to) = (UnsafeRawPointer(start), UnsafeMutableRawPointer(block))
      for row in 0..<8 {
        to.storeBytes(
          of: from.loadUnaligned(fromByteOffset: row * rowStride * 4, as: SIMD8<Float>.self),
          toByteOffset: row * 32, as: SIMD8<Float>.self)
      }
    }

    /// A grey MCU row's 8 rows, level-shifted.
    private func fillGrey(_ row: Int, _ source: UnsafePointer<UInt8>) {
      for y in 0..<8 {
        let line = source + min(row * 8 + y, height - 1) * width
        let out = luma + y * stride
        for x in 0..<width { out[x] = Float(line[x]) - 128 }
        for x in width..<stride { out[x] = out[width - 1] }
      }
    }

    /// JFIF's conversion, in the weights libjpeg uses: level-shifted luma, and the chroma
    /// (whose shift is left to the means of four).
    @inline(__always)
    private static func yCbCr(_ r: SIMD4<Float>, _ g: SIMD4<Float>, _ b: SIMD4<Float>) -> (
      SIMD4<Float>, SIMD4<Float>, SIMD4<Float>
    ) {
      (
        0.299 * r + 0.587 * g + 0.114 * b - 128, -0.168736 * r - 0.331264 * g + 0.5 * b,
        0.5 * r - 0.418688 * g - 0.081312 * b
      )
    }

    /// A colour MCU row's 16 rows of luma and 8 of each chroma, level-shifted: each row's
    /// pixels turned to Y, Cb and Cr by ``yCbCr(_:_:_:)``, four at a time in vector lanes, then
    /// each 2 × 2 pixels' chroma averaged into one sample.
    private func fillColour(_ row: Int, _ source: UnsafePointer<UInt8>) {
      let chromaWidth = (width + 1) / 2
      for pair in 0..<8 {
        for half in 0..<2 {
          let line = source + min(row * 16 + 2 * pair + half, height - 1) * width * 3
          let out = luma + (2 * pair + half) * stride
          let (cb, cr) = (fullBlue + half * stride, fullRed + half * stride)
          var done = 0
          // Four pixels at a time, each read as a word of its three bytes and the next pixel's
          // first (so the row's last pixel is left to the loop after, and no read passes the
          // picture's end).
          let raw = UnsafeRawPointer(line)
          while done + 4 < width {
            let at = 3 * done
            // Little-endian words, so a pixel's red is each word's lowest byte.
            @inline(__always) func word(_ offset: Int) -> UInt32 {
              UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            }
            let words = SIMD4<UInt32>(word(at), word(at + 3), word(at + 6), word(at + 9))
            @inline(__always) func channel(_ shift: UInt32) -> SIMD4<Float> {
              SIMD4<Float>(SIMD4<Int32>(truncatingIfNeeded: words &>> shift & 0xFF))
            }
            let (y, blue, red) = Self.yCbCr(channel(0), channel(8), channel(16))
            UnsafeMutableRawPointer(out + done).storeBytes(of: y, as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(cb + done).storeBytes(of: blue, as: SIMD4<Float>.self)
            UnsafeMutableRawPointer(cr + done).storeBytes(of: red, as: SIMD4<Float>.self)
            done += 4
          }
          for x in done..<width {
            @inline(__always) func channel(_ index: Int) -> SIMD4<Float> {
              SIMD4(Float(line[3 * x + index]), 0, 0, 0)
            }
            let (y, blue, red) = Self.yCbCr(channel(0), channel(1), channel(2))
            (out[x], cb[x], cr[x]) = (y[0], blue[0], red[0])
          }
          for x in width..<stride { out[x] = out[width - 1] }
          // An odd width's last chroma sample is its last pixel's, as if repeated.
          cb[width] = cb[width - 1]
          cr[width] = cr[width - 1]
        }
        let (cb, cr) = (blue + pair * chromaStride, red + pair * chromaStride)
        let (upperBlue, lowerBlue) = (fullBlue, fullBlue + stride)
        let (upperRed, lowerRed) = (fullRed, fullRed + stride)
        for x in 0..<chromaWidth {
          let (left, right) = (2 * x, 2 * x + 1)
          cb[x] = 0.25 * (upperBlue[left] + upperBlue[right] + lowerBlue[left] + lowerBlue[right])
          cr[x] = 0.25 * (upperRed[left] + upperRed[right] + lowerRed[left] + lowerRed[right])
        }
        for x in chromaWidth..<chromaStride {
          cb[x] = cb[chromaWidth - 1]
          cr[x] = cr[chromaWidth - 1]
        }
      }
    }
  }

  /// The markers before the coded data: JFIF's APP0, the tables, the frame, the restart
  /// interval (a row of MCUs) and the scan.
  private static func header(
    width: Int, height: Int, grey: Bool, luma: [Int], chroma: [Int], restartInterval: Int
  ) -> [UInt8] {
    func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
      [0xFF, marker] + bigEndian(body.count + 2) + body
    }
    func table(_ id: UInt8, _ steps: [Int]) -> [UInt8] {
      [id] + (0..<64).map { UInt8(steps[jpegZigzag[$0]]) }
    }
    func huffman(_ id: UInt8, _ table: JPEGTables.Huffman) -> [UInt8] {
      [id] + table.counts + table.symbols
    }
    var file: [UInt8] = [0xFF, 0xD8]
    file += segment(0xE0, Array("JFIF".utf8) + [0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
    file += segment(0xDB, table(0, luma) + (grey ? [] : table(1, chroma)))
    let components: [[UInt8]] =
      grey ? [[1, 0x11, 0]] : [[1, 0x22, 0], [2, 0x11, 1], [3, 0x11, 1]]
    file += segment(
      0xC0,
      [8] + bigEndian(height) + bigEndian(width) + [UInt8(components.count)]
        + components.flatMap { $0 })
    var tables =
      huffman(0x00, JPEGTables.dcLuminance) + huffman(0x10, JPEGTables.acLuminance)
    if !grey {
      tables += huffman(0x01, JPEGTables.dcChrominance) + huffman(0x11, JPEGTables.acChrominance)
    }
    file += segment(0xC4, tables)
    file += segment(0xDD, bigEndian(restartInterval))
    let selectors: [[UInt8]] = grey ? [[1, 0x00]] : [[1, 0x00], [2, 0x11], [3, 0x11]]
    file += segment(
      0xDA, [UInt8(selectors.count)] + selectors.flatMap { $0 } + [0, 63, 0])
    return file
  }

  /// Two bytes, most significant first.
  private static func bigEndian(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)]
  }
}
