/// The last step of matching: each disparity's fraction found again from the pixels
/// themselves. Census costs say how many neighbours change order, which moves in steps as the
/// window slides, so the parabola through them pulls fractions towards whole pixels. Here the
/// left window is compared with the right one at the whole disparities either side, read as
/// levels with their means and contrasts taken out (zero-mean normalized cross-correlation,
/// blind to the two eyes' gains), and the parabola through those three gives the fraction.
enum SubpixelRefinement {
  /// The window's half side.
  static let radius = 3

  /// Refines every disparity of `map`, matched from `left` and `right`.
  static func refine(_ map: inout DisparityMap, left: GreyPlane, right: GreyPlane) {
    let (width, height, radius) = (map.width, map.height, Self.radius)
    left.pixels.withUnsafeBufferPointer { leftPixels in
      right.pixels.withUnsafeBufferPointer { rightPixels in
        guard let leftPixels = leftPixels.baseAddress, let rightPixels = rightPixels.baseAddress
        else { return }
        for y in radius..<max(radius, height - radius) {
          for x in radius..<max(radius, width - radius) {
            guard let found = map[x, y] else { continue }
            let whole = Int(found.rounded())
            // The right windows at whole - 1, whole, whole + 1 must lie inside the frame.
            guard x - whole - 1 - radius >= 0, x - whole + 1 + radius < width else { continue }
            let costs = (-1...1).map { step in
              dissimilarity(leftPixels, rightPixels, width, x, y, x - whole - step)
            }
            guard costs[1] <= costs[0], costs[1] <= costs[2] else { continue }
            let curvature = costs[0] - 2 * costs[1] + costs[2]
            guard curvature > 1e-9 else { continue }
            map[x, y] = Float(Double(whole) + (costs[0] - costs[2]) / (2 * curvature))
          }
        }
      }
    }
  }

  /// One less the normalized cross-correlation of the left window at (`x`, `y`) and the right
  /// one at (`other`, `y`): 0 for windows alike but for gain and offset, up to 2.
  @inline(__always)
  static func dissimilarity(
    _ left: UnsafePointer<UInt8>, _ right: UnsafePointer<UInt8>, _ width: Int, _ x: Int,
    _ y: Int, _ other: Int
  ) -> Double {
    var (sumLeft, sumRight, sumLeftSquared, sumRightSquared, sumProduct) = (0, 0, 0, 0, 0)
    for row in (y - radius)...(y + radius) {
      let leftRow = left + row * width
      let rightRow = right + row * width
      for column in -radius...radius {
        let a = Int(leftRow[x + column])
        let b = Int(rightRow[other + column])
        sumLeft += a
        sumRight += b
        sumLeftSquared += a * a
        sumRightSquared += b * b
        sumProduct += a * b
      }
    }
    let count = Double((2 * radius + 1) * (2 * radius + 1))
    let covariance = Double(sumProduct) - Double(sumLeft) * Double(sumRight) / count
    let leftVariance = Double(sumLeftSquared) - Double(sumLeft) * Double(sumLeft) / count
    let rightVariance = Double(sumRightSquared) - Double(sumRight) * Double(sumRight) / count
    guard leftVariance > 0, rightVariance > 0 else { return 1 }
    return 1 - covariance / (leftVariance * rightVariance).squareRoot()
  }
}
