/// A PNG decoder of its own: every colour type and bit depth, palettes and transparency
/// (composited over black, the terminal's usual background), Adam7 interlacing, with its own
/// inflate.
enum PNGDecoder {
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  private struct Header {
    var width: Int
    var height: Int
    var depth: Int
    var colorType: Int
    var interlaced: Bool

    /// Samples per pixel.
    var channels: Int {
      switch colorType {
      case 0, 3: 1
      case 2: 3
      case 4: 2
      default: 4
      }
    }

    /// Bytes of one filtered row of a pass `width` pixels wide, less its filter byte.
    func rowBytes(_ width: Int) -> Int { (width * channels * depth + 7) / 8 }

    /// Bytes per complete pixel, at least 1: how far back a filter looks.
    var pixelBytes: Int { max(1, channels * depth / 8) }
  }

  /// Decodes a whole PNG file.
  static func decode(_ bytes: [UInt8]) throws -> RasterImage {
    var header: Header?
    var palette: [UInt8] = []
    var transparency: [UInt8] = []
    var compressed: [UInt8] = []
    for chunk in try PNGChunks.read(bytes) {
      switch chunk.type {
      case "IHDR": header = try readHeader(Array(chunk.body))
      case "PLTE": palette = Array(chunk.body)
      case "tRNS": transparency = Array(chunk.body)
      case "IDAT": compressed.append(contentsOf: chunk.body)
      default: break
      }
    }
    guard let header else { throw ImageError("the PNG has no header") }
    guard !compressed.isEmpty else { throw ImageError("the PNG holds no image data") }
    if header.colorType == 3, palette.isEmpty { throw ImageError("the PNG lacks its palette") }
    let passes = Self.passes(header)
    let expected = passes.reduce(0) { total, pass in
      total
        + (pass.width == 0 || pass.height == 0
          ? 0 : pass.height * (header.rowBytes(pass.width) + 1))
    }
    // Deflate shrinks at most about 1,032 to 1: data too small for the size is cut short, and
    // is refused before the output is allocated.
    guard expected <= compressed.count * 1_100 else {
      throw ImageError("the PNG's image data is too short for its size")
    }
    var raw = try Inflate.zlib(compressed, limit: expected)
    guard raw.count == expected else { throw ImageError("the PNG's image data is cut short") }
    if !header.interlaced, header.depth == 8, header.colorType == 0 || header.colorType == 2,
      transparency.isEmpty
    {
      try unfilter(
        &raw, from: 0, rowBytes: header.rowBytes(header.width), rows: header.height, header)
      return opaque(raw, header)
    }
    var rgba = [UInt8](repeating: 0, count: header.width * header.height * 4)
    var offset = 0
    for pass in passes where pass.width > 0 && pass.height > 0 {
      let rowBytes = header.rowBytes(pass.width)
      try unfilter(&raw, from: offset, rowBytes: rowBytes, rows: pass.height, header)
      place(raw, from: offset, pass, rowBytes: rowBytes, header, palette, transparency, into: &rgba)
      offset += pass.height * (rowBytes + 1)
    }
    return composite(rgba, width: header.width, height: header.height)
  }

  /// The pixels of unfiltered rows of 8-bit grey or RGB with nothing transparent, most
  /// photos: read straight from the rows, without the RGBA picture and compositing the other
  /// kinds take (a 20-megapixel frame's decoding touched 257 MB that way, and takes 118 MB
  /// this way).
  private static func opaque(_ raw: [UInt8], _ header: Header) -> RasterImage {
    let (width, height) = (header.width, header.height)
    let rowBytes = header.rowBytes(width)
    let grey = header.colorType == 0
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { pixels, count in
      raw.withUnsafeBufferPointer { raw in
        for row in 0..<height {
          let source = row * (rowBytes + 1) + 1
          let target = row * width * 3
          if grey {
            for x in 0..<width {
              let level = raw[source + x]
              pixels[target + 3 * x] = level
              pixels[target + 3 * x + 1] = level
              pixels[target + 3 * x + 2] = level
            }
          } else {
            for x in 0..<rowBytes { pixels[target + x] = raw[source + x] }
          }
        }
      }
      count = width * height * 3
    }
    return RasterImage(width: width, height: height, pixels: pixels)
  }

  private static func readHeader(_ body: [UInt8]) throws -> Header {
    guard body.count >= 13 else { throw ImageError("the PNG header is cut short") }
    let width = Int(body[0]) << 24 | Int(body[1]) << 16 | Int(body[2]) << 8 | Int(body[3])
    let height = Int(body[4]) << 24 | Int(body[5]) << 16 | Int(body[6]) << 8 | Int(body[7])
    try RasterImage.checkSize(width: width, height: height)
    let depth = Int(body[8])
    let colorType = Int(body[9])
    let allowed: [Int: [Int]] = [
      0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
    ]
    guard allowed[colorType]?.contains(depth) == true else {
      throw ImageError("the PNG has colour type \(colorType) at \(depth) bits, which cannot be")
    }
    guard body[10] == 0, body[11] == 0, body[12] <= 1 else {
      throw ImageError("the PNG uses a compression, filter or interlace method that does not exist")
    }
    return Header(
      width: width, height: height, depth: depth, colorType: colorType, interlaced: body[12] == 1)
  }

  /// A pass of Adam7 (or the whole image): its size and where its pixels go.
  private struct Pass {
    var width: Int
    var height: Int
    var x0: Int
    var y0: Int
    var dx: Int
    var dy: Int
  }

  private static func passes(_ header: Header) -> [Pass] {
    guard header.interlaced else {
      return [Pass(width: header.width, height: header.height, x0: 0, y0: 0, dx: 1, dy: 1)]
    }
    let adam7 = [
      (0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2),
      (0, 1, 1, 2),
    ]
    return adam7.map { x0, y0, dx, dy in
      Pass(
        width: (header.width - x0 + dx - 1) / dx, height: (header.height - y0 + dy - 1) / dy,
        x0: x0, y0: y0, dx: dx, dy: dy)
    }
  }

  /// Undoes the filters of a pass's rows in place: each row keeps its filter byte before it,
  /// and the row above is already undone when a row needs it. A second copy of the rows, as
  /// large as the picture, is never made.
  private static func unfilter(
    _ raw: inout [UInt8], from start: Int, rowBytes: Int, rows: Int, _ header: Header
  ) throws {
    let bpp = header.pixelBytes
    let stride = rowBytes + 1
    try raw.withUnsafeMutableBufferPointer { raw in
      guard let base = raw.baseAddress else { return }
      // The row above the first is all 0: its filters then read only the row's own bytes.
      let zeros = [UInt8](repeating: 0, count: rowBytes)
      try zeros.withUnsafeBufferPointer { zeros in
        guard let zeros = zeros.baseAddress else { return }
        for row in 0..<rows {
          let line = base + start + row * stride + 1
          let above = row > 0 ? UnsafePointer(line - stride) : zeros
          // One loop a filter, none testing which filter per byte.
          switch line[-1] {
          case 0: break
          case 1:
            for x in bpp..<max(bpp, rowBytes) { line[x] &+= line[x - bpp] }
          case 2:
            for x in 0..<rowBytes { line[x] &+= above[x] }
          case 3:
            for x in 0..<min(bpp, rowBytes) { line[x] &+= above[x] / 2 }
            for x in bpp..<max(bpp, rowBytes) {
              line[x] &+= UInt8(truncatingIfNeeded: (Int(line[x - bpp]) + Int(above[x])) / 2)
            }
          case 4:
            // With nothing to the left, Paeth's predictor is the byte above.
            for x in 0..<min(bpp, rowBytes) { line[x] &+= above[x] }
            if bpp == 1 {
              // Each byte predicted from the one just made: kept in a register rather than
              // read back from the row (most grey photos are filtered so, every row).
              var left = rowBytes > 0 ? line[0] : 0
              for x in 1..<max(1, rowBytes) {
                left = line[x] &+ PNGPredictor.paeth(left, above[x], above[x - 1])
                line[x] = left
              }
            } else {
              for x in bpp..<max(bpp, rowBytes) {
                line[x] &+= PNGPredictor.paeth(line[x - bpp], above[x], above[x - bpp])
              }
            }
          default: throw ImageError("a PNG row has a filter that does not exist")
          }
        }
      }
    }
  }

  /// Puts a pass's pixels into the RGBA picture.
  private static func place(
    _ rows: [UInt8], from start: Int, _ pass: Pass, rowBytes: Int, _ header: Header,
    _ palette: [UInt8], _ transparency: [UInt8], into rgba: inout [UInt8]
  ) {
    let depth = header.depth
    let maxValue = (1 << depth) - 1
    /// Sample `index` of a row, scaled to 8 bits (16-bit samples keep their high byte), and
    /// its raw value (for transparency keys).
    func sample(_ row: Int, _ index: Int) -> (eight: UInt8, raw: Int) {
      let base = start + row * (rowBytes + 1) + 1
      switch depth {
      case 16:
        let high = rows[base + index * 2]
        return (high, Int(high) << 8 | Int(rows[base + index * 2 + 1]))
      case 8:
        return (rows[base + index], Int(rows[base + index]))
      default:
        let bit = index * depth
        let byte = rows[base + bit / 8]
        let value = Int(byte >> UInt8(8 - depth - bit % 8)) & maxValue
        return (UInt8(value * 255 / maxValue), value)
      }
    }
    let key: [Int]? =
      transparency.count >= 2 && header.colorType == 0
      ? [Int(transparency[0]) << 8 | Int(transparency[1])]
      : transparency.count >= 6 && header.colorType == 2
        ? stride(from: 0, to: 6, by: 2).map {
          Int(transparency[$0]) << 8 | Int(transparency[$0 + 1])
        }
        : nil
    for y in 0..<pass.height {
      for x in 0..<pass.width {
        let target = ((pass.y0 + y * pass.dy) * header.width + pass.x0 + x * pass.dx) * 4
        var pixel: (UInt8, UInt8, UInt8, UInt8)
        switch header.colorType {
        case 0:
          let grey = sample(y, x)
          pixel = (grey.eight, grey.eight, grey.eight, key == [grey.raw] ? 0 : 255)
        case 2:
          let (r, g, b) = (sample(y, 3 * x), sample(y, 3 * x + 1), sample(y, 3 * x + 2))
          pixel = (r.eight, g.eight, b.eight, key == [r.raw, g.raw, b.raw] ? 0 : 255)
        case 3:
          let index = sample(y, x).raw
          guard index * 3 + 2 < palette.count else { pixel = (0, 0, 0, 255); break }
          pixel = (
            palette[index * 3], palette[index * 3 + 1], palette[index * 3 + 2],
            index < transparency.count ? transparency[index] : 255
          )
        case 4:
          let grey = sample(y, 2 * x).eight
          pixel = (grey, grey, grey, sample(y, 2 * x + 1).eight)
        default:
          pixel = (
            sample(y, 4 * x).eight, sample(y, 4 * x + 1).eight, sample(y, 4 * x + 2).eight,
            sample(y, 4 * x + 3).eight
          )
        }
        rgba[target] = pixel.0
        rgba[target + 1] = pixel.1
        rgba[target + 2] = pixel.2
        rgba[target + 3] = pixel.3
      }
    }
  }

  /// RGBA over black.
  private static func composite(_ rgba: [UInt8], width: Int, height: Int) -> RasterImage {
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for index in 0..<(width * height) {
      let alpha = Int(rgba[index * 4 + 3])
      for channel in 0..<3 {
        pixels[index * 3 + channel] = UInt8((Int(rgba[index * 4 + channel]) * alpha + 127) / 255)
      }
    }
    return RasterImage(width: width, height: height, pixels: pixels)
  }
}
