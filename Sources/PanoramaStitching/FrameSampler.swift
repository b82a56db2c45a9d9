/// Reads one frame's samples bilinearly at fractional pixel centres, with the weight that
/// falls to zero at its edges, into a panorama's sums.
struct FrameSampler {
  let samples: UnsafePointer<UInt8>
  let width: Int
  let height: Int
  let channels: Int
  let gain: Float
  /// Half the frame's shorter side: a distance to the edge as a share of it.
  let reach: Float

  init(frame: PanoramaFrame, samples: UnsafePointer<UInt8>, gain: Float) {
    self.samples = samples
    width = frame.width
    height = frame.height
    channels = frame.channels
    self.gain = gain
    reach = Float(min(frame.width, frame.height)) / 2
  }

  /// The weight of a point `x`, `y` of the frame: the cube of its distance to the nearest edge
  /// (a share of ``reach``), 0 outside; so the frame whose middle is nearer wins, smoothly.
  @inline(__always)
  func weight(x: Float, y: Float) -> Float {
    guard x >= 0, y >= 0, x <= Float(width - 1), y <= Float(height - 1) else { return 0 }
    let edge = min(min(x + 0.5, Float(width) - 0.5 - x), min(y + 0.5, Float(height) - 0.5 - y))
    let share = edge / reach
    return share * share * share
  }

  /// The bilinear sample of `channel` at `x`, `y` (inside the frame).
  @inline(__always)
  func sample(x: Float, y: Float, channel: Int) -> Float {
    let column = min(Int(x), max(0, width - 2))
    let row = min(Int(y), max(0, height - 2))
    let (across, down) = (x - Float(column), y - Float(row))
    let right = width > 1 ? channels : 0
    let below = height > 1 ? width * channels : 0
    let at = (row * width + column) * channels + channel
    let top = Float(samples[at]) + (Float(samples[at + right]) - Float(samples[at])) * across
    let bottom =
      Float(samples[at + below])
      + (Float(samples[at + below + right]) - Float(samples[at + below])) * across
    return top + (bottom - top) * down
  }

  /// Adds the frame's weighted samples at `x`, `y` to `pixel` of the sums.
  @inline(__always)
  func add(
    x: Float, y: Float, to pixel: Int, sums: UnsafeMutablePointer<Float>,
    weights: UnsafeMutablePointer<Float>
  ) {
    let weight = weight(x: x, y: y)
    guard weight > 0 else { return }
    weights[pixel] += weight
    let scaled = weight * gain
    for channel in 0..<channels {
      sums[pixel * channels + channel] += scaled * sample(x: x, y: y, channel: channel)
    }
  }
}
