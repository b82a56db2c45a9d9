import Dispatch

/// Malvar, He and Cutler's demosaic ("High-quality linear interpolation for demosaicing of
/// Bayer-patterned color images", ICASSP 2004): each missing colour is the bilinear estimate
/// corrected by the known colour's own Laplacian, from 5 × 5 filters of integer weights. It
/// keeps edges that bilinear interpolation blurs into colour fringes, at the cost of a few
/// more additions a pixel.
public enum Demosaic {
  /// The colour image of `mosaic`, balanced by `balance`; rows are made in bands, a core each.
  public static func malvarHeCutler(_ mosaic: BayerMosaic, balance: WhiteBalance = .neutral)
    -> RasterImage
  {
    let width = mosaic.width
    let height = mosaic.height
    guard width >= 2, height >= 2 else {
      return RasterImage(
        width: width, height: height, grey: mosaic.plane)
    }
    let padded = Self.padded(mosaic.plane, width: width, height: height)
    let stride = width + 4
    let gains = balance.gains
    let phase = mosaic.phase
    let bands = max(1, min(64, height / 32))
    // Every byte is written by its band's rows, so none is zeroed first: the bands' first
    // writes to each page are shared between the cores, not made by one before they start.
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
      padded.withUnsafeBufferPointer { source in
        guard let target = out.baseAddress, let base = source.baseAddress else { return }
        // Each band writes only its own rows.
        nonisolated(unsafe) let output = target
        nonisolated(unsafe) let input = base
        DispatchQueue.concurrentPerform(iterations: bands) { band in
          for y in (band * height / bands)..<((band + 1) * height / bands) {
            Self.row(
              y, width: width, stride: stride, source: input, into: output + y * width * 3,
              phase: phase, gains: gains)
          }
        }
      }
      count = width * height * 3
    }
    return RasterImage(width: width, height: height, pixels: pixels)
  }

  /// One row of output: at each pixel the colour its filter read, and the other two from the
  /// filters of its cell's kind. Weights are in sixteenths.
  @inline(__always)
  private static func row(
    _ y: Int, width: Int, stride: Int, source: UnsafePointer<UInt8>,
    into out: UnsafeMutablePointer<UInt8>, phase: (x: Int, y: Int),
    gains: (red: Int, green: Int, blue: Int)
  ) {
    let centre = source + (y + 2) * stride + 2
    let onRedRow = (y + phase.y) & 1 == 0
    for x in 0..<width {
      let p = centre + x
      @inline(__always) func at(_ dx: Int, _ dy: Int) -> Int { Int(p[dy * stride + dx]) }
      let c = Int(p[0])
      // The four sums every filter is made of.
      let axial1 = at(-1, 0) + at(1, 0) + at(0, -1) + at(0, 1)
      let axial2 = at(-2, 0) + at(2, 0) + at(0, -2) + at(0, 2)
      let diagonal = at(-1, -1) + at(1, -1) + at(-1, 1) + at(1, 1)
      let onRedColumn = (x + phase.x) & 1 == 0
      var red: Int
      var green: Int
      var blue: Int
      if onRedRow == onRedColumn {
        // Red or blue read here: green from the cross, the other from the diagonal.
        green = (8 * c + 4 * axial1 - 2 * axial2 + 8) >> 4
        let other = (12 * c + 4 * diagonal - 3 * axial2 + 8) >> 4
        if onRedRow {
          red = c
          blue = other
        } else {
          red = other
          blue = c
        }
      } else {
        // Green read here: the colour of its row from left and right, that of its column
        // from above and below.
        let horizontal1 = at(-1, 0) + at(1, 0)
        let horizontal2 = at(-2, 0) + at(2, 0)
        let vertical1 = at(0, -1) + at(0, 1)
        let vertical2 = at(0, -2) + at(0, 2)
        let alongRow =
          (10 * c + 8 * horizontal1 - 2 * horizontal2 + vertical2 - 2 * diagonal + 8) >> 4
        let alongColumn =
          (10 * c + 8 * vertical1 - 2 * vertical2 + horizontal2 - 2 * diagonal + 8) >> 4
        green = c
        if onRedRow {
          red = alongRow
          blue = alongColumn
        } else {
          red = alongColumn
          blue = alongRow
        }
      }
      red = max(0, min(255, red))
      green = max(0, min(255, green))
      blue = max(0, min(255, blue))
      out[x * 3] = WhiteBalance.scaled(red, gains.red)
      out[x * 3 + 1] = WhiteBalance.scaled(green, gains.green)
      out[x * 3 + 2] = WhiteBalance.scaled(blue, gains.blue)
    }
  }

  /// The plane with two pixels more on each side, mirrored about the edge pixels (…2 1 0 1 2…),
  /// which keeps every border pixel's filter colour where the filters need a neighbour.
  static func padded(_ plane: [UInt8], width: Int, height: Int) -> [UInt8] {
    let stride = width + 4
    @inline(__always) func mirrored(_ index: Int, _ count: Int) -> Int {
      var index = index
      if index < 0 { index = -index }
      if index >= count { index = 2 * (count - 1) - index }
      return max(0, min(count - 1, index))
    }
    return [UInt8](unsafeUninitializedCapacity: stride * (height + 4)) { out, count in
      plane.withUnsafeBufferPointer { plane in
        for row in 0..<(height + 4) {
          let sourceRow = mirrored(row - 2, height) * width
          let target = row * stride
          for column in 0..<2 {
            out[target + column] = plane[sourceRow + mirrored(column - 2, width)]
            out[target + width + 2 + column] = plane[sourceRow + mirrored(width + column, width)]
          }
          for column in 0..<width { out[target + 2 + column] = plane[sourceRow + column] }
        }
      }
      count = stride * (height + 4)
    }
  }
}
