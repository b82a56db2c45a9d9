/// What each colour is multiplied by after a demosaic, so that the filters' different
/// sensitivities come out as the scene's colours: a camera's published multipliers.
public struct WhiteBalance: Sendable, Equatable {
  /// Red's multiplier.
  public var red: Double
  /// Green's multiplier.
  public var green: Double
  /// Blue's multiplier.
  public var blue: Double

  /// Multipliers for red, green and blue.
  public init(red: Double, green: Double, blue: Double) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Each colour as the sensor read it.
  public static let neutral = WhiteBalance(red: 1, green: 1, blue: 1)

  /// The multipliers in 1/1024ths, for integer arithmetic per pixel.
  var gains: (red: Int, green: Int, blue: Int) {
    func fixed(_ value: Double) -> Int { Int((max(0, min(16, value)) * 1024).rounded()) }
    return (fixed(red), fixed(green), fixed(blue))
  }

  /// `value` times `gain` 1/1024ths, rounded and held to 0...255.
  @inline(__always)
  static func scaled(_ value: Int, _ gain: Int) -> UInt8 {
    UInt8(clamping: (value * gain + 512) >> 10)
  }
}
