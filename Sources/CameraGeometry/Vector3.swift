/// A point or a direction in a camera model's frame (the rover navigation frame: +X forward,
/// +Y to the right, +Z down), in metres for points.
public struct Vector3: Sendable, Hashable {
  /// The first component: forward in the rover frame.
  public var x: Double
  /// The second component: to the right.
  public var y: Double
  /// The third component: down.
  public var z: Double

  /// The vector of three components.
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
  public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

  /// The cross product.
  public func cross(_ other: Vector3) -> Vector3 {
    Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
  }

  /// The Euclidean length.
  public var length: Double { dot(self).squareRoot() }

  /// The vector scaled to length 1 (itself when it has none).
  public var unit: Vector3 {
    let length = self.length
    return length > 0 ? self * (1 / length) : self
  }

  /// The sum.
  public static func + (one: Vector3, other: Vector3) -> Vector3 {
    Vector3(one.x + other.x, one.y + other.y, one.z + other.z)
  }

  /// The difference.
  public static func - (one: Vector3, other: Vector3) -> Vector3 {
    Vector3(one.x - other.x, one.y - other.y, one.z - other.z)
  }

  /// The vector scaled.
  public static func * (vector: Vector3, scale: Double) -> Vector3 {
    Vector3(vector.x * scale, vector.y * scale, vector.z * scale)
  }
}
