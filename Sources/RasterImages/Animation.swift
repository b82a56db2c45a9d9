/// Frames of one size shown one after another, each for its own time: a movie.
public struct Animation: Sendable, Equatable {
  /// The frames, all of one size, in the order they play.
  public var frames: [RasterImage]
  /// How long each frame shows, in milliseconds; one per frame.
  public var delays: [Int]

  /// A movie of `frames`, each shown for its delay.
  public init(frames: [RasterImage], delays: [Int]) {
    self.frames = frames
    self.delays = delays
  }

  /// The frames' width.
  public var width: Int { frames.first?.width ?? 0 }
  /// The frames' height.
  public var height: Int { frames.first?.height ?? 0 }
}

/// A rectangle of a frame, in pixels from the top left.
struct FrameRegion: Sendable, Equatable {
  var x: Int
  var y: Int
  var width: Int
  var height: Int

  /// The smallest rectangle holding every sample where `current` differs from `previous`
  /// (each `channels` bytes a pixel, `width` pixels a row); a single pixel when nothing
  /// changed, since a frame cannot be empty. Keeping only this part of a frame is how an
  /// animation stays small where most of the picture stands still.
  static func changed(
    from previous: [UInt8], to current: [UInt8], width: Int, height: Int, channels: Int
  ) -> FrameRegion {
    var top = height
    var bottom = -1
    var left = width
    var right = -1
    let rowBytes = width * channels
    guard previous.count == current.count, current.count >= height * rowBytes else {
      return FrameRegion(x: 0, y: 0, width: width, height: height)
    }
    previous.withUnsafeBufferPointer { before in
      current.withUnsafeBufferPointer { after in
        guard let one = before.baseAddress, let other = after.baseAddress else { return }
        for y in 0..<height {
          let start = y * rowBytes
          // Most rows are unchanged: compared whole first, pixel by pixel only when not.
          guard differ(one + start, other + start, rowBytes) else { continue }
          top = min(top, y)
          bottom = y
          var first = 0
          while first < rowBytes, before[start + first] == after[start + first] { first += 1 }
          var last = rowBytes - 1
          while last > first, before[start + last] == after[start + last] { last -= 1 }
          left = min(left, first / channels)
          right = max(right, last / channels)
        }
      }
    }
    guard bottom >= 0 else { return FrameRegion(x: 0, y: 0, width: 1, height: 1) }
    return FrameRegion(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
  }

  /// The samples of this region of a picture `width` pixels wide, row by row.
  func cut(_ samples: [UInt8], width: Int, channels: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(self.width * height * channels)
    for row in y..<(y + height) {
      let start = (row * width + x) * channels
      out += samples[start..<(start + self.width * channels)]
    }
    return out
  }
}

/// Whether `count` bytes differ, a word at a time.
@inline(__always)
private func differ(
  _ one: UnsafePointer<UInt8>, _ other: UnsafePointer<UInt8>, _ count: Int
) -> Bool {
  var index = 0
  while index + 8 <= count {
    let a = UnsafeRawPointer(one + index).loadUnaligned(as: UInt64.self)
    let b = UnsafeRawPointer(other + index).loadUnaligned(as: UInt64.self)
    if a != b { return true }
    index += 8
  }
  while index < count {
    if one[index] != other[index] { return true }
    index += 1
  }
  return false
}
