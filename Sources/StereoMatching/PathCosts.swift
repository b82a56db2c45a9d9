/// The five paths' costs of one row, and what the next row needs of this one: the previous
/// row's costs along the three downward paths. A path's cost at a pixel and disparity is the
/// pixel's own cost plus the least of the path's previous pixel's costs, with a penalty for
/// changing disparity (Hirschmüller's recurrence), less that pixel's least cost, which keeps
/// the numbers small.
struct PathCosts {
  let width: Int
  let disparities: Int
  /// The row's summed costs, `width × disparities`, disparity fastest.
  private(set) var sums: [UInt16]
  /// Each pixel's own matching costs.
  private var costs: [UInt16]
  /// The downward paths (straight down, down and right, down and left): last row's, this row's.
  private var previous: [[UInt16]]
  private var current: [[UInt16]]
  /// Along the row, each way.
  private var along: [UInt16]
  private var back: [UInt16]

  init(width: Int, disparities: Int) {
    (self.width, self.disparities) = (width, disparities)
    let size = width * disparities
    sums = [UInt16](repeating: 0, count: size)
    costs = sums
    previous = Array(repeating: sums, count: 3)
    current = previous
    along = sums
    back = sums
  }

  /// The costs of row `y`: census distances between the left pixel and the right pixel
  /// `d` to its left (the most where there is none), then the five paths, summed.
  mutating func aggregate(
    row y: Int, left: [UInt32], right: [UInt32], small: Int, large: Int
  ) {
    let (width, count) = (self.width, disparities)
    let worst = UInt16(CensusTransform.maximumCost)
    costs.withUnsafeMutableBufferPointer { costs in
      for x in 0..<width {
        let signature = left[y * width + x]
        for d in 0..<count {
          costs[x * count + d] =
            x >= d ? UInt16((signature ^ right[y * width + x - d]).nonzeroBitCount) : worst
        }
      }
    }
    swap(&previous, &current)
    let (p1, p2) = (UInt16(small), UInt16(large))
    // The downward paths come from the row above: straight, from the left, from the right.
    for (path, step) in [0, 1, -1].enumerated() {
      let first = y == 0
      costs.withUnsafeBufferPointer { costs in
        previous[path].withUnsafeBufferPointer { above in
          current[path].withUnsafeMutableBufferPointer { out in
            for x in 0..<width {
              let from = x - step
              guard !first, from >= 0, from < width else {
                for d in 0..<count { out[x * count + d] = costs[x * count + d] }
                continue
              }
              Self.step(
                costs, at: x * count, from: above, at: from * count, into: out, count, p1, p2)
            }
          }
        }
      }
    }
    // Along the row, left to right and back.
    costs.withUnsafeBufferPointer { costs in
      along.withUnsafeMutableBufferPointer { out in
        for d in 0..<count { out[d] = costs[d] }
        for x in 1..<max(1, width) {
          Self.step(
            costs, at: x * count, from: UnsafeBufferPointer(out), at: (x - 1) * count, into: out,
            count, p1, p2)
        }
      }
      back.withUnsafeMutableBufferPointer { out in
        let last = (width - 1) * count
        for d in 0..<count { out[last + d] = costs[last + d] }
        for x in stride(from: width - 2, through: 0, by: -1) {
          Self.step(
            costs, at: x * count, from: UnsafeBufferPointer(out), at: (x + 1) * count, into: out,
            count, p1, p2)
        }
      }
    }
    let (down, right, left) = (current[0], current[1], current[2])
    sums.withUnsafeMutableBufferPointer { sums in
      down.withUnsafeBufferPointer { down in
        right.withUnsafeBufferPointer { right in
          left.withUnsafeBufferPointer { left in
            along.withUnsafeBufferPointer { along in
              back.withUnsafeBufferPointer { back in
                for index in 0..<sums.count {
                  let downward = down[index] &+ right[index] &+ left[index]
                  sums[index] = downward &+ along[index] &+ back[index]
                }
              }
            }
          }
        }
      }
    }
  }

  /// One pixel's costs along a path from the previous pixel's (`from`, at `source`).
  @inline(__always)
  private static func step(
    _ costs: UnsafeBufferPointer<UInt16>, at target: Int, from: UnsafeBufferPointer<UInt16>,
    at source: Int, into out: UnsafeMutableBufferPointer<UInt16>, _ count: Int, _ p1: UInt16,
    _ p2: UInt16
  ) {
    var least = UInt16.max
    for d in 0..<count { least = min(least, from[source + d]) }
    // Bounded: a path's cost is at most a pixel's cost and the large penalty, so none of
    // these sums nears UInt16's limit.
    let jump = least &+ p2
    for d in 0..<count {
      var best = min(from[source + d], jump)
      if d > 0 { best = min(best, from[source + d - 1] &+ p1) }
      if d + 1 < count { best = min(best, from[source + d + 1] &+ p1) }
      out[target + d] = costs[target + d] &+ best &- least
    }
  }
}
