import Dispatch

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

  /// What the pixels say: the four filters' means, over the whole image.
  public var phaseMeans: PhaseMeans {
    var sums = [Int](repeating: 0, count: 8)
    let blocks = blockTotals()
    for block in stride(from: 0, to: blocks.count, by: 8) {
      for index in 0..<8 { sums[index] += blocks[block + index] }
    }
    return Self.means(sums[0..<8])
  }

  /// The side of the squares the image is judged in, in pixels: even, so that every square
  /// starts on the same filter.
  static let blockSide = 64

  /// Each square's four filters' sums, then their pixel counts (red, the green beside red,
  /// the green beside blue, blue), eight numbers a square, row by row of squares.
  private func blockTotals() -> [Int] {
    let side = Self.blockSide
    let columns = (width + side - 1) / side
    let rows = (height + side - 1) / side
    var totals = [Int](repeating: 0, count: columns * rows * 8)
    let width = self.width
    let height = self.height
    let phase = self.phase
    plane.withUnsafeBufferPointer { plane in
      totals.withUnsafeMutableBufferPointer { totals in
        // A row of squares a task: each writes only its own squares' totals.
        nonisolated(unsafe) let ends = (plane, totals)
        DispatchQueue.concurrentPerform(iterations: rows) { band in
          let (plane, totals) = ends
          for y in (band * side)..<min(height, (band + 1) * side) {
            let filterRow = ((y + phase.y) & 1) * 2
            for column in 0..<columns {
              let start = column * side
              let end = min(width, start + side)
              // Pairs from the square's first pixel (an even column: the row's first filter
              // when the phase is 0, its second when it is 1).
              var pair = (0, 0)
              var x = start
              while x + 1 < end {
                pair.0 += Int(plane[y * width + x])
                pair.1 += Int(plane[y * width + x + 1])
                x += 2
              }
              if x < end { pair.0 += Int(plane[y * width + x]) }
              let counts = ((end - start + 1) / 2, (end - start) / 2)
              let first = filterRow + phase.x
              let second = filterRow + 1 - phase.x
              let out = (band * columns + column) * 8
              totals[out + first] += pair.0
              totals[out + second] += pair.1
              totals[out + 4 + first] += counts.0
              totals[out + 4 + second] += counts.1
            }
          }
        }
      }
    }
    return totals
  }

  /// The means of four sums over their four counts.
  private static func means(_ totals: ArraySlice<Int>) -> PhaseMeans {
    let base = totals.startIndex
    func mean(_ index: Int) -> Double {
      Double(totals[base + index]) / Double(max(1, totals[base + 4 + index]))
    }
    return PhaseMeans(red: mean(0), greenRed: mean(1), greenBlue: mean(2), blue: mean(3))
  }

  /// Whether the pixels are a colour filter array's: the two greens agree, and red or blue
  /// stands apart from them by more than the greens differ, as filters of different colours
  /// make. Judged over the whole image and, where a scene's colours cancel out over the whole
  /// (a red rock on one side, a blue sky on the other), square by square: what stands apart
  /// there, averaged, against what the greens differ by. A grey photo's four phases agree in
  /// every square, as do those of a downsampled copy whose pattern was lost (NASA's `_800`
  /// JPEGs of such frames).
  public var looksLikeMosaic: Bool {
    guard width >= 8, height >= 8 else { return false }
    let blocks = blockTotals()
    var whole = [Int](repeating: 0, count: 8)
    var apart = 0.0
    var greens = 0.0
    var weight = 0.0
    for block in stride(from: 0, to: blocks.count, by: 8) {
      for index in 0..<8 { whole[index] += blocks[block + index] }
      // A square too thin to hold every filter says nothing.
      let counts = blocks[(block + 4)..<(block + 8)]
      guard counts.allSatisfy({ $0 > 0 }) else { continue }
      let pixels = Double(counts.reduce(0, +))
      let square = Self.differences(Self.means(blocks[block..<(block + 8)]))
      apart += pixels * square.apart
      greens += pixels * square.greens
      weight += pixels
    }
    let overall = Self.differences(Self.means(whole[0..<8]))
    return Self.isMosaic(overall)
      || (weight > 0 && Self.isMosaic((apart / weight, greens / weight)))
  }

  /// How far red or blue stands from the greens, and how far the greens differ.
  private static func differences(_ means: PhaseMeans) -> (apart: Double, greens: Double) {
    let green = (means.greenRed + means.greenBlue) / 2
    let apart = max(abs(means.red - green), abs(means.blue - green))
    return (apart, abs(means.greenRed - means.greenBlue))
  }

  /// The rule: red or blue at least 3 levels from the greens, and 4 times what they differ by.
  private static func isMosaic(_ differences: (apart: Double, greens: Double)) -> Bool {
    differences.apart >= 3 && differences.apart >= 4 * differences.greens
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
