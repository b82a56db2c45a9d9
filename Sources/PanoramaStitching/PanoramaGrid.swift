import CameraGeometry
import SystemInterface

/// A panorama's equirectangular grid: columns of azimuth left to right (clockwise), rows of
/// elevation from the top, each pixel the same number of degrees both ways.
public struct PanoramaGrid: Sendable, Equatable {
  /// The azimuth of the first column's centre, degrees.
  public var firstAzimuth: Double
  /// The elevation of the first (top) row's centre, degrees.
  public var firstElevation: Double
  /// Degrees a pixel, across and down.
  public var degreesPerPixel: Double
  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int

  /// A grid of each member.
  public init(
    firstAzimuth: Double, firstElevation: Double, degreesPerPixel: Double, width: Int,
    height: Int
  ) {
    self.firstAzimuth = firstAzimuth
    self.firstElevation = firstElevation
    self.degreesPerPixel = degreesPerPixel
    self.width = width
    self.height = height
  }

  /// Whether its columns go all the way round: the last column's right edge is the first's
  /// left.
  public var isRing: Bool {
    abs(Double(width) * degreesPerPixel - 360) < degreesPerPixel / 2
  }

  /// The azimuth of a column's centre (or of any fractional column), degrees.
  public func azimuth(ofColumn column: Double) -> Double {
    firstAzimuth + column * degreesPerPixel
  }

  /// The elevation of a row's centre, degrees.
  public func elevation(ofRow row: Double) -> Double {
    firstElevation - row * degreesPerPixel
  }

  /// The unit direction a pixel centre (or any point of the grid) looks along, in the
  /// panorama's frame (+X azimuth 0, +Y azimuth 90, +Z down).
  @inline(__always)
  public func direction(column: Double, row: Double) -> Vector3 {
    let azimuth = azimuth(ofColumn: column) * .pi / 180
    let elevation = elevation(ofRow: row) * .pi / 180
    let level = Math.cos(elevation)
    return Vector3(level * Math.cos(azimuth), level * Math.sin(azimuth), -Math.sin(elevation))
  }
}
