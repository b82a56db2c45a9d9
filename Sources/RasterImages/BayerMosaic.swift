import Dispatch
import Synchronization

/// A colour-filter-array readout sent as grey: one byte a pixel, behind an RGGB pattern of red,
/// green and blue filters whose phase the subframe's origin on the sensor gives.
public struct BayerMosaic: Sendable {
  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int
  /// One byte a pixel, row by row.
  public var plane: [UInt8]
  /// The pattern's phase: whether the red filter of the image's first 2 × 2 cell is one pixel
  /// to the right (`x`) and one down (`y`) of the image's corner. A subframe that starts on an
  /// odd sensor column or row sees the sensor's RGGB pattern shifted by one.
  public var phase: (x: Int, y: Int)

  /// The grey plane of `image` (its red), with the phase of a subframe whose top-left pixel is
  /// sensor pixel (`originX`, `originY`), counted from 0.
  public init(_ image: RasterImage, originX: Int = 0, originY: Int = 0) {
    width = image.width
    height = image.height
    plane = image.greyPlane()
    phase = (originX & 1, originY & 1)
  }

  /// The mosaic of a grey `plane` of `width` × `height`, with the phase of a subframe whose
  /// top-left pixel is sensor pixel (`originX`, `originY`).
  public init(plane: [UInt8], width: Int, height: Int, originX: Int = 0, originY: Int = 0) {
    self.width = width
    self.height = height
    self.plane = plane
    phase = (originX & 1, originY & 1)
  }

  /// The mean of each of the four filters' pixels: red, the green beside red, the green
  /// beside blue, and blue.
  public struct PhaseMeans: Sendable, Equatable {
    /// The red filters' mean.
    public var red: Double
    /// The mean of the greens on red's rows.
    public var greenRed: Double
    /// The mean of the greens on blue's rows.
    public var greenBlue: Double
    /// The blue filters' mean.
    public var blue: Double
  }

  /// What the pixels say: the four filters' means, over every whole 2 × 2 cell.
  public var phaseMeans: PhaseMeans {
    // In bands of rows across the cores: a full frame is tens of megapixels.
    let bands = max(1, min(16, height / 64))
    let totals = Mutex([Int](repeating: 0, count: 4))
    let width = self.width
    let height = self.height
    let phase = self.phase
    plane.withUnsafeBufferPointer { plane in
      nonisolated(unsafe) let plane = plane
      DispatchQueue.concurrentPerform(iterations: bands) { band in
        var sums = [0, 0, 0, 0]
        for y in (band * height / bands)..<((band + 1) * height / bands) {
          let row = ((y + phase.y) & 1) * 2
          var rowSums = (0, 0)
          var x = phase.x
          // The filter the row starts on, then the other, in pairs.
          while x + 1 < width {
            rowSums.0 += Int(plane[y * width + x])
            rowSums.1 += Int(plane[y * width + x + 1])
            x += 2
          }
          if x < width { rowSums.0 += Int(plane[y * width + x]) }
          if phase.x == 1 { rowSums.1 += Int(plane[y * width]) }
          sums[row] += rowSums.0
          sums[row + 1] += rowSums.1
        }
        totals.withLock { totals in
          for index in 0..<4 { totals[index] += sums[index] }
        }
      }
    }
    let sums = totals.withLock { $0 }
    // Each row has half its pixels, rounded, under each of its two filters.
    var counts = [0, 0, 0, 0]
    for y in 0..<height {
      let row = ((y + phase.y) & 1) * 2
      counts[row] += (width + 1 - phase.x) / 2
      counts[row + 1] += (width + phase.x) / 2
    }
    func mean(_ index: Int) -> Double { Double(sums[index]) / Double(max(1, counts[index])) }
    return PhaseMeans(red: mean(0), greenRed: mean(1), greenBlue: mean(2), blue: mean(3))
  }

  /// Whether the pixels are a colour filter array's: the two greens agree, and red or blue
  /// stands apart from them by more than the greens differ, as filters of different colours
  /// make over a whole scene. A grey photo's four phases average the same, as do those of a
  /// downsampled copy whose pattern was lost (NASA's `_800` JPEGs of such frames).
  public var looksLikeMosaic: Bool {
    guard width >= 8, height >= 8 else { return false }
    let means = phaseMeans
    let green = (means.greenRed + means.greenBlue) / 2
    let greens = abs(means.greenRed - means.greenBlue)
    let apart = max(abs(means.red - green), abs(means.blue - green))
    return apart >= 3 && apart >= 4 * greens
  }

  /// Each 2 × 2 cell as one colour pixel (red, the greens' mean, blue), balanced: half the
  /// size, for pictures drawn small, where a full demosaic would be lost in the scaling.
  public func cells(balance: WhiteBalance = .neutral) -> RasterImage {
    let columns = max(1, (width - phase.x) / 2)
    let rows = max(1, (height - phase.y) / 2)
    guard width >= 2, height >= 2 else {
      return RasterImage(width: width, height: height, grey: plane)
    }
    let gains = balance.gains
    var pixels = [UInt8](repeating: 0, count: columns * rows * 3)
    plane.withUnsafeBufferPointer { plane in
      for row in 0..<rows {
        let top = (min(row * 2 + phase.y, height - 2)) * width
        let bottom = top + width
        for column in 0..<columns {
          let left = min(column * 2 + phase.x, width - 2)
          let green = (Int(plane[top + left + 1]) + Int(plane[bottom + left]) + 1) / 2
          let out = (row * columns + column) * 3
          pixels[out] = WhiteBalance.scaled(Int(plane[top + left]), gains.red)
          pixels[out + 1] = WhiteBalance.scaled(green, gains.green)
          pixels[out + 2] = WhiteBalance.scaled(Int(plane[bottom + left + 1]), gains.blue)
        }
      }
    }
    return RasterImage(width: columns, height: rows, pixels: pixels)
  }

  /// The mosaic a colour image makes behind an RGGB pattern of the given phase, as grey:
  /// what a colour camera's sensor would have read. For tests of the demosaic, and for the
  /// fixtures.
  public static func sampling(_ image: RasterImage, phase: (x: Int, y: Int) = (0, 0))
    -> RasterImage
  {
    var pixels = [UInt8](repeating: 0, count: image.width * image.height * 3)
    for y in 0..<image.height {
      for x in 0..<image.width {
        let channel = ((x + phase.x) & 1) + ((y + phase.y) & 1)
        let value = image.pixels[(y * image.width + x) * 3 + channel]
        let out = (y * image.width + x) * 3
        pixels[out] = value
        pixels[out + 1] = value
        pixels[out + 2] = value
      }
    }
    return RasterImage(width: image.width, height: image.height, pixels: pixels)
  }
}
