/// A matched pair of pixels made a point: the midpoint of the closest approach of their two
/// rays, with the filters of JPL's `marsxyz` (CAMERA.md): rays that miss each other by more
/// than ``missPerMetre`` of the range, rays that diverge, and points beyond
/// ``farthestInBaselines`` baselines are no point.
public enum Triangulation {
  /// A point found.
  public struct Point: Sendable, Hashable {
    /// Where it is, in the models' frame (metres).
    public var position: Vector3
    /// Its distance from the left ray's origin, metres.
    public var range: Double
    /// How far apart the two rays pass, metres.
    public var miss: Double
  }

  /// The most the two rays may miss each other by, per metre of range.
  public static let missPerMetre = 0.005
  /// The farthest a point may be, in baselines.
  public static let farthestInBaselines = 1000.0

  /// The point the two rays (each an origin and a unit direction) meet at, or `nil` when they
  /// are parallel, diverge, miss by too much or meet too far out.
  public static func point(
    left: (origin: Vector3, direction: Vector3), right: (origin: Vector3, direction: Vector3)
  ) -> Point? {
    let between = left.origin - right.origin
    let along = left.direction.dot(right.direction)
    let leftReach = left.direction.dot(between)
    let rightReach = right.direction.dot(between)
    // The two distances along the rays, from the rays' closest approach (unit directions).
    let denominator = 1 - along * along
    guard denominator > 1e-15 else { return nil }
    let s = (along * rightReach - leftReach) / denominator
    let t = (rightReach - along * leftReach) / denominator
    // Both in front of their cameras, or the rays part before they meet.
    guard s > 0, t > 0 else { return nil }
    let onLeft = left.origin + left.direction * s
    let onRight = right.origin + right.direction * t
    let position = (onLeft + onRight) * 0.5
    let range = (position - left.origin).length
    let miss = (onLeft - onRight).length
    let baseline = between.length
    guard miss <= missPerMetre * range, range <= farthestInBaselines * baseline else { return nil }
    return Point(position: position, range: range, miss: miss)
  }
}
