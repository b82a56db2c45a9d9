/// What moves in a sequence, made visible: each frame's brightness minus the sequence's
/// background (its mean or median at each pixel), stretched around mid-grey, so that a still
/// scene is flat grey and a dust devil, a cloud or a shadow stands out light or dark.
///
/// The median is the default background: something that passes a pixel in only a few frames
/// does not move it, so the scene behind comes out exactly mid-grey.
public enum FrameDifference {
  /// What each frame is taken from.
  public enum Background: String, Sendable, CaseIterable {
    case median, mean
  }

  /// The grey difference frames of `frames` (all of one size), stretched so the largest
  /// difference anywhere reaches black or white; a sequence that does not change at all is
  /// mid-grey throughout.
  public static func frames(_ frames: [RasterImage], from background: Background) -> [RasterImage] {
    guard let first = frames.first else { return [] }
    let count = first.width * first.height
    let planes = frames.map(\.luminance)
    let base = background == .median ? median(planes, count: count) : mean(planes, count: count)
    var largest = 1
    for plane in planes {
      for index in 0..<count { largest = max(largest, abs(Int(plane[index]) - base[index])) }
    }
    return planes.map { plane in
      var pixels = [UInt8](repeating: 0, count: count * 3)
      for index in 0..<count {
        let difference = Int(plane[index]) - base[index]
        // Rounded half away from zero, so equal values land on 128 exactly.
        let scaled = (difference * 127 * 2 + (difference >= 0 ? largest : -largest)) / (2 * largest)
        let value = UInt8(clamping: 128 + scaled)
        pixels[index * 3] = value
        pixels[index * 3 + 1] = value
        pixels[index * 3 + 2] = value
      }
      return RasterImage(width: first.width, height: first.height, pixels: pixels)
    }
  }

  /// Each raw frame above its difference, as NASA's dust-devil movies show them.
  public static func stacked(_ frames: [RasterImage], from background: Background)
    -> [RasterImage]
  {
    zip(frames, Self.frames(frames, from: background)).map { raw, difference in
      RasterImage(
        width: raw.width, height: raw.height * 2, pixels: raw.pixels + difference.pixels)
    }
  }

  private static func median(_ planes: [[UInt8]], count: Int) -> [Int] {
    var values = [UInt8](repeating: 0, count: planes.count)
    return (0..<count).map { index in
      for (plane, samples) in planes.enumerated() { values[plane] = samples[index] }
      values.sort()
      let middle = values.count / 2
      return values.count % 2 == 1
        ? Int(values[middle]) : (Int(values[middle - 1]) + Int(values[middle]) + 1) / 2
    }
  }

  private static func mean(_ planes: [[UInt8]], count: Int) -> [Int] {
    (0..<count).map { index in
      let sum = planes.reduce(0) { $0 + Int($1[index]) }
      return (sum + planes.count / 2) / planes.count
    }
  }
}

extension RasterImage {
  /// One byte a pixel: Rec. 601 luma, the red itself where the picture is grey.
  var luminance: [UInt8] {
    let count = width * height
    return [UInt8](unsafeUninitializedCapacity: count) { plane, initialized in
      pixels.withUnsafeBufferPointer { pixels in
        for index in 0..<count {
          let r = Int(pixels[index * 3])
          let g = Int(pixels[index * 3 + 1])
          let b = Int(pixels[index * 3 + 2])
          plane[index] = UInt8((r * 299 + g * 587 + b * 114 + 500) / 1000)
        }
      }
      initialized = count
    }
  }
}
