extension RasterImage {
  /// The picture's brightness, a byte a pixel: a grey picture's own levels, a colour one's
  /// luma (Rec. 601's weights, as JPEG's Y), for what reads one plane (stereo matching).
  public func luminancePlane() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: width * height) { plane, initialized in
      pixels.withUnsafeBufferPointer { pixels in
        for index in 0..<(width * height) {
          let (red, green, blue) = (
            UInt32(pixels[index * 3]), UInt32(pixels[index * 3 + 1]), UInt32(pixels[index * 3 + 2])
          )
          plane[index] = UInt8(truncatingIfNeeded: (red * 77 + green * 150 + blue * 29 + 128) >> 8)
        }
      }
      initialized = width * height
    }
  }

  /// The colours (red, green, blue) of the pixels at `indices` (row after row, from 0), one
  /// after another.
  public func colours(at indices: [Int]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(indices.count * 3)
    for index in indices {
      out += [pixels[index * 3], pixels[index * 3 + 1], pixels[index * 3 + 2]]
    }
    return out
  }
}
