/// A point or a direction in a camera model's frame (the rover navigation frame: +X forward,
/// +Y to the right, +Z down), in metres for points.
///
/// Its arithmetic is `@inlinable`: the scenes, rays and points of the other modules (stitching,
/// matching, the tests' rendered scenes) do it millions of times a picture, and a call each
/// time cost more than the sum.
public struct Vector3: Sendable, Hashable {
  /// The first component: forward in the rover frame.
  public var x: Double
  /// The second component: to the right.
  public var y: Double
  /// The third component: down.
  public var z: Double

  /// The vector of three components.
  @inlinable
  public init(_ x: Double, _ y: Double, _ z: Double) {
    self.x = x
    self.y = y
    self.z = z
  }

  /// The vector a feed writes as three numbers; `nil` for any other count.
  public init?(_ components: [Double]) {
    guard components.count == 3 else { return nil }
    self.init(components[0], components[1], components[2])
  }

  /// The dot product.
  @inlinable
  public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

  /// The cross product.
  @inlinable
  public func cross(_ other: Vector3) -> Vector3 {
    Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
  }

  /// The Euclidean length.
  @inlinable
  public var length: Double { dot(self).squareRoot() }

  /// The vector scaled to length 1 (itself when it has none).
  @inlinable
  public var unit: Vector3 {
    let length = self.length
    return length > 0 ? self * (1 / length) : self
  }

  /// The sum.
  @inlinable
  public static func + (one: Vector3, other: Vector3) -> Vector3 {
    Vector3(one.x + other.x, one.y + other.y, one.z + other.z)
  }

  /// The difference.
  @inlinable
  public static func - (one: Vector3, other: Vector3) -> Vector3 {
    Vector3(one.x - other.x, one.y - other.y, one.z - other.z)
  }

  /// The vector scaled.
  @inlinable
  public static func * (vector: Vector3, scale: Double) -> Vector3 {
    Vector3(vector.x * scale, vector.y * scale, vector.z * scale)
  }
}
