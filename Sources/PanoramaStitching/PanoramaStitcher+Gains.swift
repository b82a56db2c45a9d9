import CameraGeometry

extension PanoramaStitcher {
  /// Each frame's gain, matched to its neighbours' from the overlaps (CAMERA.md; Brown and
  /// Lowe's least squares): on a grid of at most about 720 columns, the mean brightness of
  /// each frame where it overlaps each other one, then the gains that make those means agree,
  /// held near 1 so that together they keep the frames' own level. A frame that overlaps none
  /// keeps 1.
  public func gains() -> [Double] {
    let count = frames.count
    // Per pair: the samples both see, and the sums of each one's brightness there.
    var shared = [Double](repeating: 0, count: count * count)
    var sums = [Double](repeating: 0, count: count * count)
    let every = max(1, grid.width / 720)
    let map = Self.mapping(rotation: rotation, viewpoint: viewpoint)
    var seen: [(frame: Int, level: Double)] = []
    for row in stride(from: 0, to: grid.height, by: every) {
      for column in stride(from: 0, to: grid.width, by: every) {
        seen.removeAll(keepingCapacity: true)
        let direction = grid.direction(column: Double(column), row: Double(row))
        for (index, frame) in frames.enumerated() where contains(index, column, row) {
          guard let at = map(frame.model, direction) else { continue }
          let (x, y) = (Float(at.x), Float(at.y))
          // Away from the edges, where a frame's last pixels may be dark or smeared.
          guard x >= 2, y >= 2, x <= Float(frame.width - 3), y <= Float(frame.height - 3)
          else { continue }
          let level = frame.samples.withUnsafeBufferPointer { samples -> Double in
            guard let samples = samples.baseAddress else { return 0 }
            let sampler = FrameSampler(frame: frame, samples: samples, gain: 1)
            var total: Float = 0
            for channel in 0..<frame.channels {
              total += sampler.sample(x: x, y: y, channel: channel)
            }
            return Double(total) / Double(frame.channels)
          }
          seen.append((index, level))
        }
        for one in seen {
          for other in seen where other.frame != one.frame {
            shared[one.frame * count + other.frame] += 1
            sums[one.frame * count + other.frame] += one.level
          }
        }
      }
    }
    // Minimise the sum over pairs of n_ij ((g_i m_ij - g_j m_ji)^2 / noise^2 + (1 - g_i)^2 /
    // spread^2): its gradient set to zero is a linear system in the gains.
    let noise = 10.0
    let spread = 1.0
    var matrix = [Double](repeating: 0, count: count * count)
    var target = [Double](repeating: 0, count: count)
    for one in 0..<count {
      for other in 0..<count where shared[one * count + other] > 0 {
        let n = shared[one * count + other]
        let mean = sums[one * count + other] / n
        let theirs = sums[other * count + one] / n
        matrix[one * count + one] += n * (mean * mean / (noise * noise) + 1 / (spread * spread))
        matrix[one * count + other] -= n * mean * theirs / (noise * noise)
        target[one] += n / (spread * spread)
      }
      if matrix[one * count + one] == 0 {
        matrix[one * count + one] = 1
        target[one] = 1
      }
    }
    let gains =
      LinearSystem.solve(matrix, target, size: count) ?? Array(repeating: 1, count: count)
    // Frames that disagree (a scene that moved, or parallax) pull every gain down together:
    // scaled back to a mean of 1, the panorama keeps the frames' own level.
    let mean = gains.reduce(0, +) / Double(max(count, 1))
    return mean > 0 ? gains.map { $0 / mean } : Array(repeating: 1, count: count)
  }

  /// Whether a grid pixel is within a frame's reach.
  func contains(_ index: Int, _ column: Int, _ row: Int) -> Bool {
    let reach = reach[index]
    guard reach.rows.contains(row) else { return false }
    let offset = (column - reach.firstColumn + grid.width) % grid.width
    return offset < reach.columns
  }
}

/// A small dense linear system, solved by Gaussian elimination with partial pivoting.
enum LinearSystem {
  /// The x of `matrix` x = `target` (`matrix` row by row, `size` × `size`); `nil` when it is
  /// singular.
  static func solve(_ matrix: [Double], _ target: [Double], size: Int) -> [Double]? {
    var a = matrix
    var b = target
    for pivotColumn in 0..<size {
      guard
        let pivot = (pivotColumn..<size).max(by: {
          abs(a[$0 * size + pivotColumn]) < abs(a[$1 * size + pivotColumn])
        }), abs(a[pivot * size + pivotColumn]) > 1e-12
      else { return nil }
      if pivot != pivotColumn {
        for column in 0..<size { a.swapAt(pivot * size + column, pivotColumn * size + column) }
        b.swapAt(pivot, pivotColumn)
      }
      for row in (pivotColumn + 1)..<size {
        let factor = a[row * size + pivotColumn] / a[pivotColumn * size + pivotColumn]
        guard factor != 0 else { continue }
        for column in pivotColumn..<size {
          a[row * size + column] -= factor * a[pivotColumn * size + column]
        }
        b[row] -= factor * b[pivotColumn]
      }
    }
    var x = [Double](repeating: 0, count: size)
    for row in stride(from: size - 1, through: 0, by: -1) {
      var rest = b[row]
      for column in (row + 1)..<size { rest -= a[row * size + column] * x[column] }
      x[row] = rest / a[row * size + row]
    }
    return x
  }
}
