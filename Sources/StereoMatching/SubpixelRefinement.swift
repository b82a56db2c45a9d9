import Dispatch

/// The last step of matching: each disparity's fraction found again from the pixels
/// themselves. Census costs say how many neighbours change order, which moves in steps as the
/// window slides, so the parabola through them pulls fractions towards whole pixels. Here the
/// left window is compared with the right one at the whole disparities either side, read as
/// levels with their means and contrasts taken out (zero-mean normalized cross-correlation,
/// blind to the two eyes' gains), and the parabola through those three gives the fraction.
enum SubpixelRefinement {
  /// The window's half side.
  static let radius = 3
  /// The window's side.
  static let side = 2 * radius + 1

  /// Refines every disparity of `map`, matched from `left` and `right`, the rows shared by
  /// the cores.
  static func refine(_ map: inout DisparityMap, left: GreyPlane, right: GreyPlane) {
    let (width, height, radius) = (map.width, map.height, Self.radius)
    guard width > 2 * radius + 2, height > 2 * radius else { return }
    map.values.withUnsafeMutableBufferPointer { values in
      left.pixels.withUnsafeBufferPointer { leftPixels in
        right.pixels.withUnsafeBufferPointer { rightPixels in
          guard let out = values.baseAddress, let leftPixels = leftPixels.baseAddress,
            let rightPixels = rightPixels.baseAddress
          else { return }
          // Each row reads and writes only its own disparities.
          nonisolated(unsafe) let rows = (out, leftPixels, rightPixels)
          DispatchQueue.concurrentPerform(iterations: height - 2 * radius) { index in
            refine(row: index + radius, of: rows.0, rows.1, rows.2, width: width)
          }
        }
      }
    }
  }

  /// Refines row `y`'s disparities in `map`, each read before it is written.
  private static func refine(
    row y: Int, of map: UnsafeMutablePointer<Float?>, _ left: UnsafePointer<UInt8>,
    _ right: UnsafePointer<UInt8>, width: Int
  ) {
    let window = WindowSums(left, right, width: width, row: y)
    for x in radius..<(width - radius) {
      guard let disparity = map[y * width + x] else { continue }
      let whole = Int(disparity.rounded())
      // The right windows at whole - 1, whole, whole + 1 must lie inside the frame.
      guard x - whole - 1 - radius >= 0, x - whole + 1 + radius < width else { continue }
      let costs = window.dissimilarities(x, x - whole)
      guard costs.1 <= costs.0, costs.1 <= costs.2 else { continue }
      let curvature = costs.0 - 2 * costs.1 + costs.2
      guard curvature > 1e-9 else { continue }
      map[y * width + x] = Float(Double(whole) + (costs.0 - costs.2) / (2 * curvature))
    }
  }

  /// One row's windows: each column's levels and squares summed down the window (so a
  /// window's sums are seven columns', not 49 pixels'), the products of two windows summed
  /// pixel by pixel.
  private struct WindowSums {
    let left: UnsafePointer<UInt8>
    let right: UnsafePointer<UInt8>
    let width: Int
    let top: Int
    /// Per column, down the window: the left levels, their squares, the right's and theirs.
    var leftColumns: [Int32]
    var leftSquares: [Int32]
    var rightColumns: [Int32]
    var rightSquares: [Int32]

    init(_ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, width: Int, row: Int) {
      (self.left, self.right, self.width) = (left, right, width)
      top = row - SubpixelRefinement.radius
      leftColumns = [Int32](repeating: 0, count: width)
      (leftSquares, rightColumns, rightSquares) = (leftColumns, leftColumns, leftColumns)
      for row in top..<(top + SubpixelRefinement.side) {
        for x in 0..<width {
          let (a, b) = (Int32(left[row * width + x]), Int32(right[row * width + x]))
          leftColumns[x] += a
          leftSquares[x] += a * a
          rightColumns[x] += b
          rightSquares[x] += b * b
        }
      }
    }

    /// One less the normalized cross-correlation of the left window at column `x` and each of
    /// the right ones at columns `centre` + 1, `centre` and `centre` - 1: 0 for windows alike
    /// but for gain and offset, up to 2. The three products are summed in one pass, each left
    /// level read once.
    @inline(__always)
    func dissimilarities(_ x: Int, _ centre: Int) -> (Double, Double, Double) {
      let (radius, side) = (SubpixelRefinement.radius, SubpixelRefinement.side)
      var (sumLeft, sumLeftSquared) = (0, 0)
      for column in (x - radius)...(x + radius) {
        sumLeft += Int(leftColumns[column])
        sumLeftSquared += Int(leftSquares[column])
      }
      var (after, here, before): (Int32, Int32, Int32) = (0, 0, 0)
      for row in top..<(top + side) {
        let leftRow = left + row * width + x - radius
        // The window at centre - 1 starts here; those at centre and centre + 1, one and two on.
        let rightRow = right + row * width + centre - 1 - radius
        for column in 0..<side {
          let level = Int32(leftRow[column])
          before &+= level &* Int32(rightRow[column])
          here &+= level &* Int32(rightRow[column + 1])
          after &+= level &* Int32(rightRow[column + 2])
        }
      }
      func dissimilarity(_ other: Int, _ sumProduct: Int32) -> Double {
        var (sumRight, sumRightSquared) = (0, 0)
        for column in (other - radius)...(other + radius) {
          sumRight += Int(rightColumns[column])
          sumRightSquared += Int(rightSquares[column])
        }
        let count = Double(side * side)
        let covariance = Double(sumProduct) - Double(sumLeft) * Double(sumRight) / count
        let leftVariance = Double(sumLeftSquared) - Double(sumLeft) * Double(sumLeft) / count
        let rightVariance = Double(sumRightSquared) - Double(sumRight) * Double(sumRight) / count
        guard leftVariance > 0, rightVariance > 0 else { return 1 }
        return 1 - covariance / (leftVariance * rightVariance).squareRoot()
      }
      return (
        dissimilarity(centre + 1, after), dissimilarity(centre, here),
        dissimilarity(centre - 1, before)
      )
    }
  }
}
