import CameraGeometry
import Dispatch

extension PanoramaStitcher {
  /// The panorama's samples (`channels` a pixel, row by row; 0 where no frame sees), each
  /// frame's samples times its gain, and the share of the grid the frames cover (0 to 1).
  /// Bands of rows are made one a core, each with sums of its own.
  public func render(gains: [Double]) -> (samples: [UInt8], covered: Double) {
    let (width, height, channels) = (grid.width, grid.height, channels)
    let bandRows = 32
    let bands = (height + bandRows - 1) / bandRows
    var coveredPixels = [Int](repeating: 0, count: bands)
    let samples = [UInt8](unsafeUninitializedCapacity: width * height * channels) {
      buffer, count in
      guard let base = buffer.baseAddress else { return }
      coveredPixels.withUnsafeMutableBufferPointer { covered in
        nonisolated(unsafe) let (output, tally) = (base, covered.baseAddress)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
          let rows = (band * bandRows)..<min(height, (band + 1) * bandRows)
          tally?[band] = renderBand(
            rows, gains: gains, into: output + rows.lowerBound * width * channels)
        }
      }
      count = width * height * channels
    }
    return (samples, Double(coveredPixels.reduce(0, +)) / Double(width * height))
  }

  /// One band of rows, written to `output`; how many of its pixels a frame sees.
  private func renderBand(
    _ rows: Range<Int>, gains: [Double], into output: UnsafeMutablePointer<UInt8>
  )
    -> Int
  {
    let (width, channels) = (grid.width, channels)
    let pixels = rows.count * width
    let sums = UnsafeMutablePointer<Float>.allocate(capacity: pixels * channels)
    let weights = UnsafeMutablePointer<Float>.allocate(capacity: pixels)
    sums.initialize(repeating: 0, count: pixels * channels)
    weights.initialize(repeating: 0, count: pixels)
    defer {
      sums.deallocate()
      weights.deallocate()
    }
    for (index, frame) in frames.enumerated() {
      let reach = reach[index]
      let top = max(rows.lowerBound, reach.rows.lowerBound)
      let bottom = min(rows.upperBound, reach.rows.upperBound)
      guard top < bottom, reach.columns > 0 else { continue }
      let gain = Float(index < gains.count ? gains[index] : 1)
      frame.samples.withUnsafeBufferPointer { samples in
        guard let samples = samples.baseAddress else { return }
        let sampler = FrameSampler(frame: frame, samples: samples, gain: gain)
        splat(
          sampler, model: frame.model, firstColumn: reach.firstColumn, columns: reach.columns,
          rows: top..<bottom, bandTop: rows.lowerBound, sums: sums, weights: weights)
      }
    }
    var covered = 0
    for pixel in 0..<pixels {
      let weight = weights[pixel]
      guard weight > 0 else {
        for channel in 0..<channels { output[pixel * channels + channel] = 0 }
        continue
      }
      covered += 1
      let scale = 1 / weight
      for channel in 0..<channels {
        let value = sums[pixel * channels + channel] * scale
        output[pixel * channels + channel] = UInt8(max(0, min(255, value + 0.5)))
      }
    }
    return covered
  }

  /// Adds one frame's samples and weights to a band's sums, over the frame's columns and the
  /// rows given.
  private func splat(
    _ sampler: FrameSampler, model: CameraModel, firstColumn: Int, columns: Int,
    rows: Range<Int>, bandTop: Int, sums: UnsafeMutablePointer<Float>,
    weights: UnsafeMutablePointer<Float>
  ) {
    let spacing = nodeSpacing
    let width = grid.width
    let map = Self.mapping(rotation: rotation, viewpoint: viewpoint)
    let grid = grid
    let exact = { (column: Int, row: Int) -> (x: Float, y: Float) in
      guard let at = map(model, grid.direction(column: Double(column), row: Double(row))) else {
        return (.nan, .nan)
      }
      return (Float(at.x), Float(at.y))
    }
    let firstNodeRow = (rows.lowerBound / spacing) * spacing
    let nodeRows = (rows.upperBound - 1 - firstNodeRow) / spacing + 2
    let nodeColumns = (columns - 1) / spacing + 2
    var nodes = [(x: Float, y: Float)](repeating: (0, 0), count: nodeRows * nodeColumns)
    for nodeRow in 0..<nodeRows {
      for nodeColumn in 0..<nodeColumns {
        nodes[nodeRow * nodeColumns + nodeColumn] = exact(
          firstColumn + nodeColumn * spacing, firstNodeRow + nodeRow * spacing)
      }
    }
    let step = 1 / Float(spacing)
    for row in rows {
      let nodeRow = (row - firstNodeRow) / spacing
      let down = Float((row - firstNodeRow) % spacing) * step
      let line = (row - bandTop) * width
      for cell in 0..<(nodeColumns - 1) {
        let at = nodeRow * nodeColumns + cell
        let (a, b, c, d) = (
          nodes[at], nodes[at + 1], nodes[at + nodeColumns], nodes[at + nodeColumns + 1]
        )
        let start = cell * spacing
        let end = min(columns, start + spacing)
        guard start < end else { break }
        let exactCell = a.x.isNaN || b.x.isNaN || c.x.isNaN || d.x.isNaN
        // The coordinates down the cell's left and right edges at this row, then across.
        let left = (x: a.x + (c.x - a.x) * down, y: a.y + (c.y - a.y) * down)
        let right = (x: b.x + (d.x - b.x) * down, y: b.y + (d.y - b.y) * down)
        let across = (x: (right.x - left.x) * step, y: (right.y - left.y) * step)
        for local in start..<end {
          var column = firstColumn + local
          if column >= width { column -= width }
          let offset = Float(local - start)
          let (x, y) =
            exactCell
            ? exact(firstColumn + local, row)
            : (left.x + across.x * offset, left.y + across.y * offset)
          sampler.add(x: x, y: y, to: line + column, sums: sums, weights: weights)
        }
      }
    }
  }
}
