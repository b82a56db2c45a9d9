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
    previous = Array(repeating: sums, count: 3)
    current = previous
    along = sums
    back = sums
  }

  /// The five paths of a row, from its pixels' own `costs` (``WindowCosts``), summed; the
  /// downward paths start afresh at the `first` row.
  ///
  /// The loops run over raw pointers with wrapping index arithmetic and no branch inside: so
  /// the compiler makes them SIMD (an overflow check or a bounds check in them stops it).
  mutating func aggregate(first: Bool, costs: [UInt16], small: Int, large: Int) {
    let (width, count) = (self.width, disparities)
    let (p1, p2) = (UInt16(small), UInt16(large))
    swap(&previous, &current)
    let abovePaths = previous
    costs.withUnsafeBufferPointer { costsBuffer in
      guard let costsView = costsBuffer.baseAddress else { return }
      // The downward paths come from the row above: straight, from the left, from the right.
      for (path, step) in [0, 1, -1].enumerated() {
        abovePaths[path].withUnsafeBufferPointer { above in
          current[path].withUnsafeMutableBufferPointer { out in
            guard let above = above.baseAddress, let out = out.baseAddress else { return }
            for x in 0..<width {
              let from = x &- step
              let target = x &* count
              guard !first, from >= 0, from < width else {
                (out + target).update(from: costsView + target, count: count)
                continue
              }
              Self.step(costsView + target, above + from &* count, out + target, count, p1, p2)
            }
          }
        }
      }
      // Along the row, left to right and back.
      along.withUnsafeMutableBufferPointer { out in
        guard let out = out.baseAddress else { return }
        out.update(from: costsView, count: count)
        for x in 1..<max(1, width) {
          Self.step(
            costsView + x &* count, out + (x &- 1) &* count, out + x &* count, count, p1, p2)
        }
      }
      back.withUnsafeMutableBufferPointer { out in
        guard let out = out.baseAddress else { return }
        let last = (width &- 1) &* count
        (out + last).update(from: costsView + last, count: count)
        for x in stride(from: width - 2, through: 0, by: -1) {
          Self.step(
            costsView + x &* count, out + (x &+ 1) &* count, out + x &* count, count, p1, p2)
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
                guard let sum = sums.baseAddress, let down = down.baseAddress,
                  let right = right.baseAddress, let left = left.baseAddress,
                  let along = along.baseAddress, let back = back.baseAddress
                else { return }
                for index in 0..<sums.count {
                  let downward = down[index] &+ right[index] &+ left[index]
                  sum[index] = downward &+ along[index] &+ back[index]
                }
              }
            }
          }
        }
      }
    }
  }

  /// One pixel's costs along a path (`out`) from its own (`costs`) and the previous pixel's
  /// on the path (`from`), each `count` disparities.
  @inline(__always)
  private static func step(
    _ costs: UnsafePointer<UInt16>, _ from: UnsafePointer<UInt16>,
    _ out: UnsafeMutablePointer<UInt16>, _ count: Int, _ p1: UInt16, _ p2: UInt16
  ) {
    var least = UInt16.max
    for d in 0..<count { least = min(least, from[d]) }
    // Bounded: a path's cost is at most a pixel's cost and the large penalty, so none of
    // these sums nears UInt16's limit.
    let jump = least &+ p2
    guard count > 1 else {
      out[0] = costs[0]
      return
    }
    // The first and last disparities have one neighbour; those between, two.
    out[0] = costs[0] &+ min(min(from[0], jump), from[1] &+ p1) &- least
    var d = 1
    while d < count &- 1 {
      let neighbours = min(from[d &- 1], from[d &+ 1]) &+ p1
      out[d] = costs[d] &+ min(min(from[d], jump), neighbours) &- least
      d &+= 1
    }
    let last = count &- 1
    out[last] = costs[last] &+ min(min(from[last], jump), from[last &- 1] &+ p1) &- least
  }
}
