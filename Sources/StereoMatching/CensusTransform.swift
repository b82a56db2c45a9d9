/// The census transform (Zabih and Woodfill): each pixel as the bits saying which of its
/// neighbours in a 5×5 window are darker than it. Two pixels' cost is the number of bits
/// that differ, which a gain or an offset between the two eyes does not change.
enum CensusTransform {
  /// The window's half side.
  static let radius = 2
  /// The most bits two signatures can differ in: the window less its centre.
  static let maximumCost = (2 * radius + 1) * (2 * radius + 1) - 1

  /// Each pixel's signature; pixels nearer the edge than the window compare with the edge.
  static func signatures(of plane: GreyPlane) -> [UInt32] {
    let (width, height) = (plane.width, plane.height)
    var signatures = [UInt32](repeating: 0, count: width * height)
    plane.pixels.withUnsafeBufferPointer { pixels in
      signatures.withUnsafeMutableBufferPointer { out in
        for y in 0..<height {
          for x in 0..<width {
            let centre = pixels[y * width + x]
            var bits: UInt32 = 0
            for dy in -radius...radius {
              let row = min(max(y + dy, 0), height - 1) * width
              for dx in -radius...radius where dx != 0 || dy != 0 {
                let column = min(max(x + dx, 0), width - 1)
                bits = bits << 1 | (pixels[row + column] < centre ? 1 : 0)
              }
            }
            out[y * width + x] = bits
          }
        }
      }
    }
    return signatures
  }
}
