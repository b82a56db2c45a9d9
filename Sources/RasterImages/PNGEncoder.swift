/// Writes a ``RasterImage`` as a PNG file: 8-bit grey when every pixel is grey, else 8-bit RGB;
/// each row's filter chosen as libpng's heuristic does (the one whose output bytes, read as
/// signed, sum smallest in size), and the rows deflated by ``Deflate`` in a zlib stream.
public enum PNGEncoder {
  /// The PNG file of `image`; grey (colour type 0) when `grey` is true or every pixel has
  /// R = G = B, else truecolour (type 2).
  public static func encode(_ image: RasterImage, grey: Bool? = nil) -> [UInt8] {
    let isGrey = grey ?? image.isGrey
    let channels = isGrey ? 1 : 3
    let samples = isGrey ? image.greyPlane() : image.pixels
    let filtered = filteredRows(
      samples, width: image.width, height: image.height, channels: channels)
    var file = PNGDecoder.signature
    var header: [UInt8] = []
    header += bigEndian(UInt32(image.width))
    header += bigEndian(UInt32(image.height))
    header += [8, isGrey ? 0 : 2, 0, 0, 0]
    appendChunk("IHDR", header, to: &file)
    appendChunk("IDAT", zlib(filtered), to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }

  /// The rows, each led by its filter's number, as the PNG stream holds them before deflate.
  static func filteredRows(_ samples: [UInt8], width: Int, height: Int, channels: Int)
    -> [UInt8]
  {
    let rowBytes = width * channels
    var out = [UInt8](repeating: 0, count: (rowBytes + 1) * height)
    var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: rowBytes), count: 5)
    let zero = [UInt8](repeating: 0, count: rowBytes)
    samples.withUnsafeBufferPointer { samples in
      for y in 0..<height {
        let row = UnsafeBufferPointer(rebasing: samples[(y * rowBytes)..<((y + 1) * rowBytes)])
        let above =
          y == 0
          ? zero : Array(samples[((y - 1) * rowBytes)..<(y * rowBytes)])
        var best = 0
        var bestCost = Int.max
        for filter in 0..<5 {
          let cost = candidates[filter].withUnsafeMutableBufferPointer { target in
            above.withUnsafeBufferPointer { above in
              apply(filter, row, above, channels, into: target)
            }
          }
          if cost < bestCost {
            bestCost = cost
            best = filter
          }
        }
        let start = y * (rowBytes + 1)
        out[start] = UInt8(best)
        out.replaceSubrange((start + 1)...(start + rowBytes), with: candidates[best])
      }
    }
    return out
  }

  /// Filters one row into `target` and gives its cost: the sum of its bytes' sizes as signed.
  @inline(__always)
  private static func apply(
    _ filter: Int, _ row: UnsafeBufferPointer<UInt8>, _ above: UnsafeBufferPointer<UInt8>,
    _ step: Int, into target: UnsafeMutableBufferPointer<UInt8>
  ) -> Int {
    var cost = 0
    for index in 0..<row.count {
      let left = index >= step ? row[index - step] : 0
      let up = above[index]
      let corner = index >= step ? above[index - step] : 0
      let predicted: UInt8
      switch filter {
      case 0: predicted = 0
      case 1: predicted = left
      case 2: predicted = up
      case 3: predicted = UInt8((Int(left) + Int(up)) / 2)
      default: predicted = paeth(left, up, corner)
      }
      let value = row[index] &- predicted
      target[index] = value
      cost += Int(Int8(bitPattern: value).magnitude)
    }
    return cost
  }

  /// The Paeth predictor: of left, up and corner, the one closest to left + up − corner.
  @inline(__always)
  static func paeth(_ left: UInt8, _ up: UInt8, _ corner: UInt8) -> UInt8 {
    let estimate = Int(left) + Int(up) - Int(corner)
    let toLeft = abs(estimate - Int(left))
    let toUp = abs(estimate - Int(up))
    let toCorner = abs(estimate - Int(corner))
    if toLeft <= toUp, toLeft <= toCorner { return left }
    return toUp <= toCorner ? up : corner
  }

  /// A zlib stream (RFC 1950) of `data`: header, deflate, Adler-32.
  static func zlib(_ data: [UInt8]) -> [UInt8] {
    data.withUnsafeBufferPointer { data in
      // 32 KB window, default level; the check bits make the pair a multiple of 31.
      var stream: [UInt8] = [0x78, 0x9C]
      stream += Deflate.compress(data)
      stream += bigEndian(Checksums.adler32(data))
      return stream
    }
  }

  private static func appendChunk(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
    let typeBytes = Array(type.utf8)
    file += bigEndian(UInt32(data.count))
    file += typeBytes
    file += data
    file += bigEndian(Checksums.crc32(data, continuing: Checksums.crc32(typeBytes)))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
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
