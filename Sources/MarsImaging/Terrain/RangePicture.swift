import RasterImages
import SystemInterface

/// A range map made a picture to look at (`terrain --show`): each range's colour on a ramp
/// from red (near) through yellow and green to blue (far), by the logarithm of the range, so
/// that near ground and far hills both show their shape; black where there is none. Under it a
/// strip of the ramp, and a scale saying which colour is how many metres.
package struct RangePicture: Sendable {
  /// The picture: the map and the strip of the ramp under it.
  package var image: RasterImage
  /// The ramp's stops: a colour's name and its range in metres.
  package var scale: [(colour: String, metres: Double)]

  /// The ramp's stops, near to far: a name and a hue (degrees).
  static let stops: [(name: String, hue: Double)] = [
    ("red", 0), ("yellow", 60), ("green", 120), ("blue", 240),
  ]

  /// The picture of `millimetres`, `width` by `height` (0 for none); `nil` when no pixel has a
  /// range.
  package init?(width: Int, height: Int, millimetres: [UInt16]) {
    let ranges = millimetres.filter { $0 > 0 }.sorted()
    guard !ranges.isEmpty, millimetres.count == width * height else { return nil }
    // The ramp spans the ranges from the 2nd to the 98th percentile: a few far points do
    // not wash out the rest.
    let near = Double(ranges[ranges.count / 50]) / 1000
    let far = max(near * 1.01, Double(ranges[ranges.count - 1 - ranges.count / 50]) / 1000)
    // Decades of range from the nearest: the ramp runs along them.
    let span = Math.log10(far / near)
    func share(_ metres: Double) -> Double {
      max(0, min(1, Math.log10(metres / near) / span))
    }
    let strip = max(4, height / 24)
    var pixels = [UInt8](repeating: 0, count: width * (height + strip) * 3)
    for (index, value) in millimetres.enumerated() where value > 0 {
      let colour = Self.colour(share(Double(value) / 1000))
      pixels.replaceSubrange(index * 3..<index * 3 + 3, with: [colour.0, colour.1, colour.2])
    }
    for x in 0..<width {
      let colour = Self.colour(Double(x) / Double(max(1, width - 1)))
      for y in height..<(height + strip) {
        let index = (y * width + x) * 3
        pixels.replaceSubrange(index..<index + 3, with: [colour.0, colour.1, colour.2])
      }
    }
    image = RasterImage(width: width, height: height + strip, pixels: pixels)
    let last = Self.stops.last?.hue ?? 240
    scale = Self.stops.map { stop in
      (stop.name, near * Math.pow(10, stop.hue / last * span))
    }
  }

  /// The ramp's colour at `share` (0 near, 1 far): a hue from red to blue at full saturation.
  static func colour(_ share: Double) -> (UInt8, UInt8, UInt8) {
    let hue = share * (stops.last?.hue ?? 240) / 60
    let sector = min(5, Int(hue))
    let fraction = hue - Double(sector)
    let (rising, falling) = (UInt8(fraction * 255), UInt8((1 - fraction) * 255))
    switch sector {
    case 0: return (255, rising, 0)
    case 1: return (falling, 255, 0)
    case 2: return (0, 255, rising)
    case 3: return (0, falling, 255)
    default: return (rising, 0, 255)
    }
  }

  /// The caption's scale: `red 1.2 m, yellow 2.5 m, green 5.1 m, blue 21.0 m`.
  package var caption: String {
    scale.map { stop in
      let tenths = Int((stop.metres * 10).rounded())
      return "\(stop.colour) \(tenths / 10).\(tenths % 10) m"
    }.joined(separator: ", ")
  }
}
