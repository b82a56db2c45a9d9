import CameraGeometry
import Dispatch

/// The terrain a stereo pair sees, on the left frame's own pixel grid: for each of its pixels
/// the point (in the models' frame, metres), its range from the left camera and how far the
/// two rays missed each other, or none. Made by rectifying the pair, matching it, and
/// triangulating each match with the filters of ``Triangulation``.
public struct StereoTerrain: Sendable {
  /// The left frame's size.
  public let width: Int
  /// See ``width``.
  public let height: Int
  /// Each pixel's point, row after row; `nil` where none was found.
  public private(set) var points: [Triangulation.Point?]
  /// What was matched: the rectified pair and its disparities.
  public let rectified: RectifiedPair
  /// The disparities, on the rectified pair's grid.
  public let disparities: DisparityMap

  /// The terrain of the frames `left` and `right` (grey planes of the sizes their models are
  /// for) by their models, matched by `matcher`: the rectified pair's `rows` alone when given,
  /// else all of it; `nil` when the models make no stereo pair (no baseline).
  public init?(
    left: GreyPlane, right: GreyPlane, leftModel: CameraModel, rightModel: CameraModel,
    matcher: SemiGlobalMatcher, rows: Range<Int>? = nil
  ) {
    guard
      let rectification = StereoRectification(
        left: leftModel, right: rightModel, leftSize: (left.width, left.height),
        rightSize: (right.width, right.height))
    else { return nil }
    let pair = RectifiedPair(rectification, left: left, right: right)
    guard
      var map = matcher.match(
        left: pair.left, right: pair.right, rows: rows ?? 0..<pair.left.height)
    else { return nil }
    Self.keepSeen(&map, pair)
    (width, height, rectified, disparities) = (left.width, left.height, pair, map)
    points = Self.triangulate(map, pair, width: left.width, height: left.height)
  }

  /// Drops the disparities of pixels either eye does not see (the blank beyond a frame's
  /// edge matches blank), and of those whose windows reach that blank: a window half over the
  /// edge matches the other frame's edge, wherever that is.
  private static func keepSeen(_ map: inout DisparityMap, _ pair: RectifiedPair) {
    let reach = CensusTransform.radius + WindowCosts.radius
    let leftSeen = eroded(pair.leftSeen, width: map.width, by: reach)
    let rightSeen = eroded(pair.rightSeen, width: map.width, by: reach)
    for y in 0..<map.height {
      for x in 0..<map.width {
        guard let disparity = map[x, y] else { continue }
        let other = x - Int(disparity.rounded())
        if !leftSeen[y * map.width + x] || other < 0 || !rightSeen[y * map.width + other] {
          map[x, y] = nil
        }
      }
    }
  }

  /// `mask` with only the pixels whose square of `radius` about them is all set.
  static func eroded(_ mask: [Bool], width: Int, by radius: Int) -> [Bool] {
    let height = mask.count / width
    // Across, then down: a pixel stays when the run of set pixels through it reaches
    // `radius` either way.
    func pass(_ mask: [Bool], count: Int, lines: Int, index: (Int, Int) -> Int) -> [Bool] {
      var out = [Bool](repeating: false, count: mask.count)
      for line in 0..<lines {
        var run = 0
        var runs = [Int](repeating: 0, count: count)
        for position in 0..<count {
          run = mask[index(line, position)] ? run + 1 : 0
          runs[position] = run
        }
        // Set from `position - radius` through `position + radius`: the run ending there is
        // longer than twice the radius.
        for position in 0..<max(0, count - radius) where runs[position + radius] > 2 * radius {
          out[index(line, position)] = true
        }
      }
      return out
    }
    let across = pass(mask, count: width, lines: height) { $0 * width + $1 }
    return pass(across, count: height, lines: width) { $1 * width + $0 }
  }

  /// Each left frame pixel's point: where its ray falls on the rectified left frame, the
  /// disparity there, and the two rectified rays met; rows one a core.
  private static func triangulate(
    _ map: DisparityMap, _ pair: RectifiedPair, width: Int, height: Int
  ) -> [Triangulation.Point?] {
    let geometry = pair.rectification
    let rectifiedOf = SourceGrid(width: width, height: height) { x, y in
      let ray = geometry.leftInput.ray(x: x, y: y)
      return geometry.left.pixel(of: ray.origin + ray.direction * geometry.sphereRadius)
    }
    var points = [Triangulation.Point?](repeating: nil, count: width * height)
    points.withUnsafeMutableBufferPointer { buffer in
      nonisolated(unsafe) let out = buffer
      DispatchQueue.concurrentPerform(iterations: height) { v in
        for u in 0..<width {
          guard let at = rectifiedOf.source(x: u, y: v),
            let disparity = Self.disparity(in: map, x: at.x, y: at.y)
          else { continue }
          out[v * width + u] = Triangulation.point(
            left: geometry.left.ray(x: at.x, y: at.y),
            right: geometry.right.ray(x: at.x - disparity, y: at.y))
        }
      }
    }
    return points
  }

  /// The disparity at a point between pixel centres: bilinear between the four around it when
  /// all have one and they lie within a pixel of each other (one surface), else the nearest's.
  static func disparity(in map: DisparityMap, x: Double, y: Double) -> Double? {
    guard x >= 0, y >= 0, x <= Double(map.width - 1), y <= Double(map.height - 1) else {
      return nil
    }
    let column = min(Int(x), max(0, map.width - 2))
    let row = min(Int(y), max(0, map.height - 2))
    let (across, down) = (x - Double(column), y - Double(row))
    let right = min(column + 1, map.width - 1)
    let below = min(row + 1, map.height - 1)
    if let a = map[column, row], let b = map[right, row], let c = map[column, below],
      let d = map[right, below], max(a, b, c, d) - min(a, b, c, d) <= 1
    {
      let top = Double(a) + Double(b - a) * across
      let bottom = Double(c) + Double(d - c) * across
      return top + (bottom - top) * down
    }
    let nearest = map[across < 0.5 ? column : right, down < 0.5 ? row : below]
    return nearest.map(Double.init)
  }

  /// The share of the left frame's pixels that have a point.
  public var coverage: Double {
    Double(points.lazy.filter { $0 != nil }.count) / Double(max(1, points.count))
  }

  /// The pixels that have a point, row after row.
  public var found: [Int] { points.indices.filter { points[$0] != nil } }

  /// Each pixel's range in millimetres, 1 to 65535, or 0 for none: a 16-bit range map.
  public func millimetres() -> [UInt16] {
    points.map { point in
      point.map { UInt16(max(1, min(65535, ($0.range * 1000).rounded()))) } ?? 0
    }
  }

  /// The points of ``found``, three coordinates each, through `transform` (into the frame
  /// they are written in).
  public func positions(through transform: (Vector3) -> Vector3) -> [Float] {
    var out: [Float] = []
    out.reserveCapacity(points.count * 3)
    for case let point? in points {
      let at = transform(point.position)
      out += [Float(at.x), Float(at.y), Float(at.z)]
    }
    return out
  }

  /// What the points come to: how many, the ranges' least, median and greatest, and the
  /// median of how far their rays missed each other (metres).
  public struct Statistics: Sendable {
    /// How many.
    public var points: Int
    /// The ranges' least, median and greatest; `nil` without a point.
    public var range: (min: Double, median: Double, max: Double)?
    /// The median miss distance; `nil` without a point.
    public var medianMiss: Double?

    /// The statistics of `points` points.
    public init(
      points: Int, range: (min: Double, median: Double, max: Double)? = nil,
      medianMiss: Double? = nil
    ) {
      (self.points, self.range, self.medianMiss) = (points, range, medianMiss)
    }
  }

  /// The terrain's ``Statistics``.
  public func statistics() -> Statistics {
    var ranges = points.compactMap { $0?.range }
    var misses = points.compactMap { $0?.miss }
    guard let least = ranges.min(), let most = ranges.max() else {
      return Statistics(points: 0)
    }
    return Statistics(
      points: ranges.count,
      range: (least, Self.value(ranked: ranges.count / 2, in: &ranges), most),
      medianMiss: Self.value(ranked: misses.count / 2, in: &misses))
  }

  /// The value `rank` places from the least, as sorting would place it, found without sorting
  /// (Hoare's selection; sorting a megapixel's ranges was 7% of a pair's processor time):
  /// `values` are moved about.
  static func value(ranked rank: Int, in values: inout [Double]) -> Double {
    var (low, high) = (0, values.count - 1)
    while low < high {
      let middle = values[(low + high) / 2]
      let pivot = max(min(values[low], middle), min(max(values[low], middle), values[high]))
      var (i, j) = (low, high)
      while i <= j {
        while values[i] < pivot { i += 1 }
        while values[j] > pivot { j -= 1 }
        if i <= j {
          values.swapAt(i, j)
          (i, j) = (i + 1, j - 1)
        }
      }
      // Left of i nothing is greater than the pivot; right of j nothing is less.
      if rank <= j {
        high = j
      } else if rank >= i {
        low = i
      } else {
        break
      }
    }
    return values[rank]
  }
}
