/// Each pixel's matching cost at each disparity, row by row: the census distances (bits that
/// differ) summed over a 5×5 window around it, as OpenCV's block matching sums its costs over
/// a block. One pixel's census distance says little (24 levels, noise flips bits); the sum
/// over a window is discriminating and smooth, so the parabola through its least finds the
/// subpixel disparity. Rows are kept only as far as the window reaches.
struct WindowCosts {
  /// The window's half side.
  static let radius = 2
  /// The most a window's cost can be.
  static let maximumCost = (2 * radius + 1) * (2 * radius + 1) * CensusTransform.maximumCost

  let width: Int
  let height: Int
  let disparities: Int
  private let left: [UInt32]
  private let right: [UInt32]
  /// The census distances of the rows the window reaches, by row modulo their count, and
  /// which row each holds.
  private var rows: [[UInt8]]
  private var held: [Int]
  /// The distances summed down the window's rows, each pixel and disparity.
  private var columns: [UInt16]
  /// The row's costs: ``columns`` summed across the window.
  private(set) var costs: [UInt16]
  /// The row ``columns`` are summed for; -1 before the first.
  private var row = -1

  /// The costs of the pair whose census signatures are `left` and `right`.
  init(left: [UInt32], right: [UInt32], width: Int, height: Int, disparities: Int) {
    (self.left, self.right) = (left, right)
    (self.width, self.height, self.disparities) = (width, height, disparities)
    let size = width * disparities
    rows = Array(repeating: [UInt8](repeating: 0, count: size), count: 2 * Self.radius + 2)
    held = Array(repeating: -1, count: rows.count)
    columns = [UInt16](repeating: 0, count: size)
    costs = columns
  }

  /// Makes ``costs`` those of row `y`; rows are asked in order, from 0.
  mutating func move(to y: Int) {
    let radius = Self.radius
    if row < 0 {
      columns.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
      for k in -radius...radius { add(row: clamped(y + k), sign: 1) }
    } else {
      add(row: clamped(y + radius), sign: 1)
      add(row: clamped(y - radius - 1), sign: -1)
    }
    row = y
    sumAcross()
  }

  private func clamped(_ y: Int) -> Int { min(max(y, 0), height - 1) }

  /// Adds (or takes away) row `y`'s census distances to the column sums.
  private mutating func add(row y: Int, sign: Int) {
    let slot = y % rows.count
    if held[slot] != y {
      fill(slot, with: y)
      held[slot] = y
    }
    let count = width * disparities
    rows[slot].withUnsafeBufferPointer { distances in
      columns.withUnsafeMutableBufferPointer { columns in
        guard let distances = distances.baseAddress, let columns = columns.baseAddress else {
          return
        }
        if sign > 0 {
          for index in 0..<count { columns[index] &+= UInt16(distances[index]) }
        } else {
          for index in 0..<count { columns[index] &-= UInt16(distances[index]) }
        }
      }
    }
  }

  /// Row `y`'s census distances between each left pixel and the right pixel `d` to its left
  /// (the most where there is none), into `slot`.
  private mutating func fill(_ slot: Int, with y: Int) {
    let (width, count) = (self.width, disparities)
    let worst = UInt8(CensusTransform.maximumCost)
    let (left, right) = (self.left, self.right)
    rows[slot].withUnsafeMutableBufferPointer { out in
      left.withUnsafeBufferPointer { left in
        right.withUnsafeBufferPointer { right in
          guard let out = out.baseAddress, let left = left.baseAddress,
            let right = right.baseAddress
          else { return }
          for x in 0..<width {
            let signature = left[y &* width &+ x]
            let source = right + (y &* width &+ x)
            let cell = out + x &* count
            let reach = min(count, x &+ 1)
            for d in 0..<reach {
              cell[d] = UInt8(truncatingIfNeeded: (signature ^ source[0 &- d]).nonzeroBitCount)
            }
            for d in reach..<count { cell[d] = worst }
          }
        }
      }
    }
  }

  /// ``costs``: each pixel's column sums and its neighbours' across the window, the edge
  /// pixels standing in for those beyond it; a running sum, one disparity vector at a time.
  private mutating func sumAcross() {
    let (width, count, radius) = (self.width, disparities, Self.radius)
    columns.withUnsafeBufferPointer { columns in
      costs.withUnsafeMutableBufferPointer { costs in
        guard let columns = columns.baseAddress, let costs = costs.baseAddress else { return }
        func column(_ x: Int) -> UnsafePointer<UInt16> {
          columns + min(max(x, 0), width &- 1) &* count
        }
        for d in 0..<count { costs[d] = 0 }
        for k in -radius...radius {
          let source = column(k)
          for d in 0..<count { costs[d] &+= source[d] }
        }
        for x in 1..<max(1, width) {
          let (entering, leaving) = (column(x &+ radius), column(x &- radius &- 1))
          let (previous, cell) = (costs + (x &- 1) &* count, costs + x &* count)
          for d in 0..<count { cell[d] = previous[d] &+ entering[d] &- leaving[d] }
        }
      }
    }
  }
}
