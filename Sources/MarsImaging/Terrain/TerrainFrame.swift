import CameraGeometry
import RoverAPI

/// The frame a terrain's points are written in (`--frame`): the rover's (the models' own:
/// +X forward, +Y right, +Z down, the origin on the ground under the rover), the site's (+X
/// north, +Y east, +Z down, turned and moved by the record's attitude and position), or the
/// left camera's (+X along its rows, +Y down its columns, +Z along its axis, the origin at its
/// pupil).
package enum TerrainFrame: String, Sendable, CaseIterable {
  case rover, site, camera

  /// Why a frame cannot be had from a record.
  package struct Unavailable: Error, Sendable {
    package var reason: String
  }

  /// The map from the rover frame to this one, for the pair whose left frame has `model` and
  /// whose record is `capture`; ``Unavailable`` for the site frame of a record without the
  /// rover's attitude or position.
  package func transform(model: CameraModel, capture: PhotoCapture) throws(Unavailable)
    -> @Sendable (Vector3) -> Vector3
  {
    switch self {
    case .rover:
      return { $0 }
    case .site:
      guard let attitude = capture.attitude.flatMap(Rotation.init(quaternion:)),
        let place = capture.xyz.flatMap(Vector3.init)
      else {
        throw Unavailable(
          reason: "its record carries no attitude and position, which --frame site needs")
      }
      return { attitude.apply($0) + place }
    case .camera:
      // Square to each other whatever the record's rounding: the axis, the rows' direction
      // made square to it, and the third that makes them right-handed (down the columns).
      let (origin, axis) = (model.c, model.a.unit)
      let across = (model.h - axis * model.h.dot(axis)).unit
      let down = axis.cross(across)
      return { point in
        let offset = point - origin
        return Vector3(offset.dot(across), offset.dot(down), offset.dot(axis))
      }
    }
  }

  /// A point of this frame in glTF's axes (+Y up, right-handed, metres): the z-down frames
  /// turned so that up is +Y and forward (or north) +Z; the camera's so that it looks down
  /// -Z, as glTF's cameras do. Each is a rotation, so nothing is mirrored.
  package func glTF(_ point: Vector3) -> (Float, Float, Float) {
    switch self {
    case .rover, .site: (Float(-point.y), Float(-point.z), Float(point.x))
    case .camera: (Float(point.x), Float(-point.y), Float(-point.z))
    }
  }
}
