/// Lines up frames of one view taken on different sols: a mast never points twice to the same
/// pixel, and the light changes from day to day. Each frame is moved by the whole-pixel shift
/// that best matches it to the first (found coarse to fine on a pyramid, compared with each
/// frame's brightness and contrast taken out, so an exposure does not pull the match), all are
/// cut to the part every frame shows, and each is given the first one's brightness and
/// contrast.
public enum FrameAlignment {
  /// What aligning came to: the frames, cut to what all of them show, and each one's shift.
  public struct Aligned: Sendable {
    /// The frames, aligned, normalised and of one size.
    public var frames: [RasterImage]
    /// How far each frame was moved, in pixels: its content at `(x + dx, y + dy)` is shown at
    /// `(x, y)`. The first frame's is `(0, 0)`.
    public var shifts: [(dx: Int, dy: Int)]
  }

  /// `frames` (all of one size) aligned to the first; a shift is looked for up to `maxShift`
  /// pixels each way (by default an eighth of the smaller side).
  public static func aligned(_ frames: [RasterImage], maxShift: Int? = nil) -> Aligned {
    guard let first = frames.first, frames.count >= 2 else {
      return Aligned(frames: frames, shifts: frames.map { _ in (0, 0) })
    }
    let (width, height) = (first.width, first.height)
    let reach = max(1, min(maxShift ?? min(width, height) / 8, min(width, height) / 3))
    let pyramids = frames.map { pyramid(standardized(luminance($0)), width, height) }
    var shifts = [(dx: 0, dy: 0)]
    for pyramid in pyramids.dropFirst() {
      shifts.append(bestShift(of: pyramid, to: pyramids[0], reach: reach))
    }
    // The part every frame shows.
    let left = shifts.map { max(0, -$0.dx) }.max() ?? 0
    let right = shifts.map { min(width, width - $0.dx) }.min() ?? width
    let top = shifts.map { max(0, -$0.dy) }.max() ?? 0
    let bottom = shifts.map { min(height, height - $0.dy) }.min() ?? height
    let cut = zip(frames, shifts).map { frame, shift in
      crop(frame, x: left + shift.dx, y: top + shift.dy, width: right - left, height: bottom - top)
    }
    let target = levels(luminance(cut[0]))
    let normalised = cut.map { frame in
      let own = levels(luminance(frame))
      let gain = own.spread > 0 ? target.spread / own.spread : 1
      return frame.mapLevels { level in (Double(level) - own.mean) * gain + target.mean }
    }
    return Aligned(frames: normalised, shifts: shifts)
  }

  /// A plane of the image's luminance (Rec. 601 weights), one value a pixel.
  static func luminance(_ image: RasterImage) -> [Float] {
    var plane = [Float](repeating: 0, count: image.width * image.height)
    image.pixels.withUnsafeBufferPointer { rgb in
      plane.withUnsafeMutableBufferPointer { plane in
        for index in 0..<plane.count {
          plane[index] =
            0.299 * Float(rgb[3 * index]) + 0.587 * Float(rgb[3 * index + 1]) + 0.114
            * Float(rgb[3 * index + 2])
        }
      }
    }
    return plane
  }

  /// A plane's mean and standard deviation.
  static func levels(_ plane: [Float]) -> (mean: Double, spread: Double) {
    guard !plane.isEmpty else { return (0, 0) }
    var sum = 0.0
    var squares = 0.0
    for value in plane {
      sum += Double(value)
      squares += Double(value) * Double(value)
    }
    let mean = sum / Double(plane.count)
    return (mean, max(0, squares / Double(plane.count) - mean * mean).squareRoot())
  }

  /// The plane with its mean taken away and divided by its spread: only its pattern is left.
  static func standardized(_ plane: [Float]) -> [Float] {
    let (mean, spread) = levels(plane)
    let scale = Float(spread > 0 ? 1 / spread : 1)
    return plane.map { ($0 - Float(mean)) * scale }
  }

  /// A plane and its halvings (each pixel the mean of four), finest first, down to about 32
  /// pixels on the smaller side and at most four halvings.
  static func pyramid(_ plane: [Float], _ width: Int, _ height: Int) -> [Level] {
    var levels = [Level(plane: plane, width: width, height: height)]
    while levels.count < 5, let last = levels.last, min(last.width, last.height) >= 64 {
      let (half, halfWidth, halfHeight) = (last, last.width / 2, last.height / 2)
      var plane = [Float](repeating: 0, count: halfWidth * halfHeight)
      for y in 0..<halfHeight {
        for x in 0..<halfWidth {
          let at = 2 * y * half.width + 2 * x
          plane[y * halfWidth + x] =
            (half.plane[at] + half.plane[at + 1] + half.plane[at + half.width]
              + half.plane[at + half.width + 1]) / 4
        }
      }
      levels.append(Level(plane: plane, width: halfWidth, height: halfHeight))
    }
    return levels
  }

  /// One level of a pyramid.
  struct Level {
    var plane: [Float]
    var width: Int
    var height: Int
  }

  /// The shift that best matches `frame` to `reference`: every shift within reach at the
  /// coarsest level, then the neighbours of the doubled best at each finer one.
  static func bestShift(of frame: [Level], to reference: [Level], reach: Int) -> (
    dx: Int, dy: Int
  ) {
    var best = (dx: 0, dy: 0)
    for depth in stride(from: frame.count - 1, through: 0, by: -1) {
      let scale = 1 << depth
      let radius = depth == frame.count - 1 ? (reach + scale - 1) / scale : 1
      let center = depth == frame.count - 1 ? (dx: 0, dy: 0) : (dx: best.dx * 2, dy: best.dy * 2)
      // One margin for every candidate at this level: each is scored on the same pixels.
      let margin = (reach + scale - 1) / scale + 1
      var lowest = Float.infinity
      for dy in (center.dy - radius)...(center.dy + radius) {
        for dx in (center.dx - radius)...(center.dx + radius) {
          let cost = difference(frame[depth], reference[depth], dx, dy, margin: margin)
          if cost < lowest { (lowest, best) = (cost, (dx, dy)) }
        }
      }
    }
    return best
  }

  /// The mean absolute difference between `reference` and `frame` moved by `(dx, dy)`, over
  /// the reference's pixels `margin` in from its edges.
  static func difference(_ frame: Level, _ reference: Level, _ dx: Int, _ dy: Int, margin: Int)
    -> Float
  {
    let (width, height) = (reference.width, reference.height)
    let xs = max(margin, -dx)..<min(width - margin, width - dx)
    let ys = max(margin, -dy)..<min(height - margin, height - dy)
    guard !xs.isEmpty, !ys.isEmpty else { return .infinity }
    var total: Float = 0
    frame.plane.withUnsafeBufferPointer { moved in
      reference.plane.withUnsafeBufferPointer { still in
        for y in ys {
          let row = y * width
          let shifted = (y + dy) * width + dx
          var sum: Float = 0
          for x in xs { sum += abs(still[row + x] - moved[shifted + x]) }
          total += sum
        }
      }
    }
    return total / Float(xs.count * ys.count)
  }

  /// The part of `image` from `(x, y)` of the given size.
  static func crop(_ image: RasterImage, x: Int, y: Int, width: Int, height: Int) -> RasterImage {
    var pixels = [UInt8]()
    pixels.reserveCapacity(width * height * 3)
    for row in y..<(y + height) {
      let start = (row * image.width + x) * 3
      pixels.append(contentsOf: image.pixels[start..<(start + width * 3)])
    }
    return RasterImage(width: width, height: height, pixels: pixels)
  }
}

extension RasterImage {
  /// The image with each level (of every channel) mapped by `transform`, rounded and kept
  /// within 0...255.
  func mapLevels(_ transform: (Int) -> Double) -> RasterImage {
    let table = (0..<256).map { UInt8(max(0, min(255, transform($0).rounded()))) }
    return RasterImage(width: width, height: height, pixels: pixels.map { table[Int($0)] })
  }
}
