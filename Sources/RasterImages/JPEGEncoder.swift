import Dispatch

/// Writes a ``RasterImage`` as a baseline JPEG (JFIF): one grey component when every pixel is
/// grey, else YCbCr with chroma at half the size both ways (4:2:0), at a quality from 1 to 100
/// that means what libjpeg's `-quality` means.
///
/// A restart marker ends each row of blocks, so that the rows are coded apart: in bands, one
/// a core, joined in order.
public enum JPEGEncoder {
  /// The most pixels a side: a JPEG file says its size in 16 bits.
  public static let largestSide = 65_535

  /// The JPEG file of `image` at `quality` (90 unless told); ``ImageError`` for a picture
  /// wider or taller than ``largestSide``.
  public static func encode(_ image: RasterImage, quality: Int = 90) throws -> [UInt8] {
    let grey = image.isGrey
    return try encode(
      planes: grey ? image.greyPlaneIfGrey() ?? [] : Self.ycbcr(image), width: image.width,
      height: image.height, grey: grey, quality: quality)
  }

  /// The JPEG file of a grey picture given as its plane, one byte a pixel (`width × height`),
  /// at `quality`: a picture too big to hold three times over is never made RGB.
  public static func encode(greyPlane: [UInt8], width: Int, height: Int, quality: Int = 90)
    throws -> [UInt8]
  {
    precondition(greyPlane.count == width * height, "a plane's bytes and size differ")
    return try encode(
      planes: greyPlane, width: width, height: height, grey: true, quality: quality)
  }

  /// The JPEG file of one grey plane, or of Y, Cb and Cr planes one after another (the chroma
  /// at half the size both ways).
  private static func encode(
    planes joined: [UInt8], width: Int, height: Int, grey: Bool, quality: Int
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
    let codings = [
      JPEGBlockWriter.Coding(
        steps: luma, dc: JPEGTables.dcLuminance, ac: JPEGTables.acLuminance),
      JPEGBlockWriter.Coding(
        steps: chroma, dc: JPEGTables.dcChrominance, ac: JPEGTables.acChrominance),
    ]
    let bands = max(1, min(rows, 8))
    let pieces = BandResults<[UInt8]>(count: bands)
    // The planes one after another, read through one pointer by every band.
    let chromaSize = ((width + 1) / 2) * ((height + 1) / 2)
    let starts = grey ? [0] : [0, width * height, width * height + chromaSize]
    joined.withUnsafeBufferPointer { joined in
      guard let base = joined.baseAddress else { return }
      nonisolated(unsafe) let samples = base
      DispatchQueue.concurrentPerform(iterations: bands) { band in
        let planes = starts.map { samples + $0 }
        var writer = JPEGBlockWriter(capacity: width * height / bands / 4 + 1024)
        for row in (band * rows / bands)..<((band + 1) * rows / bands) {
          Self.encodeRow(
            row, columns: columns, planes: planes, width: width, height: height, grey: grey,
            codings: codings, into: &writer)
          writer.padToByte()
          // Restart markers count 0 to 7 and again; none after the last row.
          if row < rows - 1 { writer.marker(0xD0 + UInt8(row % 8)) }
        }
        pieces.keep(writer.finish(), at: band)
      }
    }
    for piece in pieces.all { file += piece }
    file += [0xFF, 0xD9]
    return file
  }

  /// One row of MCUs, its DC predictions starting from 0 as after a restart.
  private static func encodeRow(
    _ row: Int, columns: Int, planes: [UnsafePointer<UInt8>], width: Int, height: Int,
    grey: Bool,
    codings: [JPEGBlockWriter.Coding], into writer: inout JPEGBlockWriter
  ) {
    var previous: [Int32] = [0, 0, 0]
    // Read once a row, not once a block: each read of an array of references retains.
    let (lumaCoding, chromaCoding) = (codings[0], codings[1])
    let (lumaPlane, bluePlane, redPlane) = (
      planes[0], grey ? planes[0] : planes[1], grey ? planes[0] : planes[2]
    )
    let samples = UnsafeMutablePointer<Float>.allocate(capacity: 64)
    let levels = UnsafeMutablePointer<Int32>.allocate(capacity: 64)
    defer {
      samples.deallocate()
      levels.deallocate()
    }
    let chromaWidth = (width + 1) / 2
    let chromaHeight = (height + 1) / 2
    for column in 0..<columns {
      if grey {
        load(lumaPlane, width, height, x: column * 8, y: row * 8, into: samples)
        previous[0] = writer.block(
          samples, levels: levels, previous: previous[0], coding: lumaCoding)
        continue
      }
      for block in 0..<4 {
        let (dx, dy) = ((block & 1) * 8, (block >> 1) * 8)
        load(lumaPlane, width, height, x: column * 16 + dx, y: row * 16 + dy, into: samples)
        previous[0] = writer.block(
          samples, levels: levels, previous: previous[0], coding: lumaCoding)
      }
      load(bluePlane, chromaWidth, chromaHeight, x: column * 8, y: row * 8, into: samples)
      previous[1] = writer.block(
        samples, levels: levels, previous: previous[1], coding: chromaCoding)
      load(redPlane, chromaWidth, chromaHeight, x: column * 8, y: row * 8, into: samples)
      previous[2] = writer.block(
        samples, levels: levels, previous: previous[2], coding: chromaCoding)
    }
  }

  /// The 8 × 8 samples of `plane` from (`x`, `y`), level-shifted; past the picture's right or
  /// bottom edge, its last column or row again, as encoders pad.
  @inline(__always)
  private static func load(
    _ plane: UnsafePointer<UInt8>, _ width: Int, _ height: Int, x: Int, y: Int,
    into samples: UnsafeMutablePointer<Float>
  ) {
    for row in 0..<8 {
      let line = plane + min(y + row, height - 1) * width
      if x + 8 <= width {
        for column in 0..<8 { samples[row * 8 + column] = Float(line[x + column]) - 128 }
      } else {
        for column in 0..<8 {
          samples[row * 8 + column] = Float(line[min(x + column, width - 1)]) - 128
        }
      }
    }
  }

  /// Y, Cb and Cr planes one after another (JFIF's conversion, in 16-bit fixed point as
  /// libjpeg computes it), the chroma from the mean of each 2 × 2 pixels; in bands of rows,
  /// one a core.
  static func ycbcr(_ image: RasterImage) -> [UInt8] {
    let width = image.width
    let height = image.height
    let chromaWidth = (width + 1) / 2
    let chromaHeight = (height + 1) / 2
    let chroma = chromaWidth * chromaHeight
    let bands = max(1, min(8, chromaHeight / 16))
    // Every byte is written below: no need to zero them first.
    return [UInt8](unsafeUninitializedCapacity: width * height + 2 * chroma) { planes, count in
      image.pixels.withUnsafeBufferPointer { pixels in
        guard let luma = planes.baseAddress, let pixels = pixels.baseAddress else { return }
        // Each band writes only its own rows of the three planes.
        nonisolated(unsafe) let ends = (
          pixels, luma, luma + width * height, luma + width * height + chroma
        )
        DispatchQueue.concurrentPerform(iterations: bands) { band in
          let (pixels, luma, blue, red) = ends
          for y in (band * chromaHeight / bands)..<((band + 1) * chromaHeight / bands) {
            // Two rows at once (the last one twice when the height is odd): their luma, and
            // each 2 × 2 block's sums for the chroma.
            let (top, bottom) = (2 * y, min(2 * y + 1, height - 1))
            let upper = pixels + top * width * 3
            let lower = pixels + bottom * width * 3
            let (upperLuma, lowerLuma) = (luma + top * width, luma + bottom * width)
            for x in 0..<chromaWidth {
              let (left, right) = (2 * x, min(2 * x + 1, width - 1))
              let (a, b, c, d) = (
                upper + left * 3, upper + right * 3, lower + left * 3, lower + right * 3
              )
              @inline(__always) func weighted(_ p: UnsafePointer<UInt8>) -> Int {
                19_595 * Int(p[0]) + 38_470 * Int(p[1]) + 7_471 * Int(p[2])
              }
              upperLuma[left] = UInt8(truncatingIfNeeded: (weighted(a) + 32_768) >> 16)
              upperLuma[right] = UInt8(truncatingIfNeeded: (weighted(b) + 32_768) >> 16)
              lowerLuma[left] = UInt8(truncatingIfNeeded: (weighted(c) + 32_768) >> 16)
              lowerLuma[right] = UInt8(truncatingIfNeeded: (weighted(d) + 32_768) >> 16)
              let r = Int(a[0]) + Int(b[0]) + Int(c[0]) + Int(d[0])
              let g = Int(a[1]) + Int(b[1]) + Int(c[1]) + Int(d[1])
              let bl = Int(a[2]) + Int(b[2]) + Int(c[2]) + Int(d[2])
              // The four pixels' sums: a quarter of each weight, 128 in 16.16 times four.
              let cb = -11_059 * r - 21_709 * g + 32_768 * bl + (128 << 18) + (1 << 17)
              let cr = 32_768 * r - 27_439 * g - 5_329 * bl + (128 << 18) + (1 << 17)
              blue[y * chromaWidth + x] = UInt8(clamping: cb >> 18)
              red[y * chromaWidth + x] = UInt8(clamping: cr >> 18)
            }
          }
        }
      }
      count = width * height + 2 * chroma
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
