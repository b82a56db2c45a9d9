import Dispatch
import Synchronization

/// Disparities of a rectified pair by semi-global matching (Hirschmüller 2008), as OpenCV's
/// `StereoSGBM` runs it by default: census costs (robust to the two eyes' gains), five paths
/// (left to right, right to left, down, and down the two diagonals), a uniqueness check,
/// parabola subpixel, a left-right check and small speckles removed.
///
/// The paths are summed a row at a time, top to bottom: only the previous row's path costs are
/// kept, never a whole cost volume (1024 × 1024 × 256 would be 512 MB).
public struct SemiGlobalMatcher: Sendable {
  /// Disparities searched: 0 up to this, not included.
  public var disparities: Int
  /// The penalty of a step of one disparity between neighbours: slopes.
  public var smallPenalty: Int = 4
  /// The penalty of a larger step: edges.
  public var largePenalty: Int = 48
  /// How much better (percent) the best disparity must be than any other but its neighbours.
  public var uniqueness: Int = 5
  /// How far (pixels) the two eyes' disparities of a point may disagree.
  public var leftRightTolerance: Float = 1
  /// Regions of like disparity smaller than this many pixels are dropped as speckles.
  public var speckleSize: Int = 64
  /// Neighbours within this disparity of each other are one region.
  public var speckleStep: Float = 1

  /// A matcher searching `disparities` disparities.
  public init(disparities: Int) {
    self.disparities = max(1, disparities)
  }

  /// Rows a band starts before its own, so that its downward paths have run that far by its
  /// first row, as they would have from the top.
  static let bandOverlap = 48

  /// The disparities of `left` against `right`, frames of one size; `nil` when they differ.
  /// The rows are matched in two bands at once, one a core, each from a little above its
  /// first row (``bandOverlap``).
  public func match(left: GreyPlane, right: GreyPlane) -> DisparityMap? {
    match(left: left, right: right, rows: 0..<left.height)
  }

  /// The disparities of the rows `rows` alone, the others none: a part of the pair for that
  /// part of the work, its paths run from a little above its first row as the halves of a
  /// whole pair are.
  public func match(left: GreyPlane, right: GreyPlane, rows: Range<Int>) -> DisparityMap? {
    guard left.width == right.width, left.height == right.height else { return nil }
    let leftSignatures = CensusTransform.signatures(of: left)
    let rightSignatures = CensusTransform.signatures(of: right)
    let height = left.height
    let rows = rows.clamped(to: 0..<height)
    let bands = rows.count >= 4 * Self.bandOverlap ? 2 : 1
    let edges = (0...bands).map { rows.lowerBound + $0 * rows.count / bands }
    let maps = Mutex<[DisparityMap]>([])
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      let rows = edges[band]..<edges[band + 1]
      let map = self.match(
        rows: rows, from: max(0, rows.lowerBound - Self.bandOverlap), leftSignatures,
        rightSignatures, width: left.width, height: height)
      maps.withLock { $0.append(map) }
    }
    var map = DisparityMap(width: left.width, height: height)
    for part in maps.withLock({ $0 }) {
      for index in part.values.indices where part.values[index] != nil {
        map.values[index] = part.values[index]
      }
    }
    SpeckleFilter.remove(from: &map, smallerThan: speckleSize, step: speckleStep)
    SubpixelRefinement.refine(&map, left: left, right: right)
    return map
  }

  /// The disparities of `rows`, the paths run from row `start`; the other rows none.
  private func match(
    rows: Range<Int>, from start: Int, _ leftSignatures: [UInt32], _ rightSignatures: [UInt32],
    width: Int, height: Int
  ) -> DisparityMap {
    var map = DisparityMap(width: width, height: height)
    var costs = WindowCosts(
      left: leftSignatures, right: rightSignatures, width: width, height: height,
      disparities: disparities)
    var paths = PathCosts(width: width, disparities: disparities)
    for y in start..<rows.upperBound {
      costs.move(to: y)
      paths.aggregate(
        first: y == start, costs: costs.costs, small: smallPenalty, large: largePenalty)
      if y >= rows.lowerBound { pick(row: y, from: paths, costs: costs.costs, into: &map) }
    }
    return map
  }

  /// The row's disparities from its summed costs: the best of each pixel when it is unique,
  /// kept when the right eye's best agrees, and refined by the pixel's own window `costs`:
  /// their least within a disparity of the paths' best, and the parabola through it. The
  /// paths' penalties favour the disparity of the pixels before on a path, which lags behind
  /// on ground whose disparity grows down the frame; the window's own costs do not.
  ///
  /// A cost and its disparity are packed in one number (the cost above, the disparity below),
  /// so that the least of them is the best disparity, the nearer on a tie; the loops have no
  /// branch, and the compiler makes them SIMD.
  private func pick(
    row y: Int, from paths: PathCosts, costs: [UInt16], into map: inout DisparityMap
  ) {
    let (width, count) = (paths.width, disparities)
    // The right eye's best, packed, at each of its columns; the left eye's best at each pixel.
    var rightBest = [UInt32](repeating: .max, count: width)
    var leftBest = [Float](repeating: -1, count: width)
    paths.sums.withUnsafeBufferPointer { sums in
      costs.withUnsafeBufferPointer { costs in
        rightBest.withUnsafeMutableBufferPointer { rightBest in
          guard let sums = sums.baseAddress, let right = rightBest.baseAddress,
            let own = costs.baseAddress
          else { return }
          for x in 0..<width {
            let cell = sums + x &* count
            let reach = min(count, x &+ 1)
            let column = right + x
            var packed = UInt32.max
            for d in 0..<reach {
              let here = UInt32(truncatingIfNeeded: cell[d]) << 16 | UInt32(truncatingIfNeeded: d)
              packed = min(packed, here)
              column[0 &- d] = min(column[0 &- d], here)
            }
            let best = Int(packed & 0xFFFF)
            let bestCost = packed >> 16
            // Near the left edge the search stops at the edge: a best at its end may be the
            // least of what could be searched, not the match, which lies beyond.
            guard reach == count || best < reach &- 2 else { continue }
            // Unique: no disparity but the best's neighbours comes within `uniqueness` percent.
            var other = UInt32.max
            for d in 0..<max(0, best &- 1) { other = min(other, UInt32(cell[d])) }
            for d in min(reach, best &+ 2)..<reach { other = min(other, UInt32(cell[d])) }
            guard other == .max || Int(other) * (100 - uniqueness) >= Int(bestCost) * 100 else {
              continue
            }
            leftBest[x] = Self.refined(best, costs: own + x &* count, reach: reach)
          }
        }
      }
    }
    for x in 0..<width where leftBest[x] >= 0 {
      let disparity = leftBest[x]
      let column = x - Int(disparity.rounded())
      guard column >= 0, rightBest[column] != .max,
        abs(Float(rightBest[column] & 0xFFFF) - disparity) <= leftRightTolerance
      else { continue }
      map[x, y] = disparity
    }
  }

  /// The subpixel disparity near `best` by a pixel's own `costs` (`reach` of them): their
  /// least of `best` and its two neighbours, moved by the parabola through it and its
  /// neighbours when it has both.
  private static func refined(_ best: Int, costs: UnsafePointer<UInt16>, reach: Int) -> Float {
    var least = best
    for d in max(0, best - 1)...min(reach - 1, best + 1) where costs[d] < costs[least] {
      least = d
    }
    guard least > 0, least < reach - 1 else { return Float(least) }
    let before = Float(costs[least - 1])
    let here = Float(costs[least])
    let after = Float(costs[least + 1])
    let curvature = before - 2 * here + after
    guard curvature > 0 else { return Float(least) }
    return Float(least) + (before - after) / (2 * curvature)
  }
}
