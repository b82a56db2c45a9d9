import SystemInterface

/// A rotation of 3-D space, as its matrix's rows: how a panorama turns the rover frame into a
/// level one (`--level`) or one whose azimuth 0 is north (`--north`).
public struct Rotation: Sendable, Hashable {
  /// The matrix's rows: a vector's rotated components are its dot products with them.
  public var rows: [Vector3]

  /// No rotation.
  public static let identity = Rotation(
    rows: [Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(0, 0, 1)])

  /// A rotation of the given rows.
  public init(rows: [Vector3]) { self.rows = rows }

  /// The rotation of a feed's `attitude`, a quaternion (w, x, y, z) that gives the rover
  /// frame's orientation in the local level frame (+X north, +Y east, +Z down): it turns a
  /// vector of the rover frame into the level frame, as q v q* does. `nil` unless four numbers
  /// not all zero. (Sol 1965's record confirms the direction: read this way the rover is
  /// rolled 11.0 degrees and pitched 5.2, as its tilt is known; the other way it would be
  /// pitched 11.9 and rolled 2.4.)
  public init?(quaternion: [Double]) {
    guard quaternion.count == 4 else { return nil }
    let norm = quaternion.reduce(0) { $0 + $1 * $1 }.squareRoot()
    guard norm > 0 else { return nil }
    let (w, x, y, z) = (
      quaternion[0] / norm, quaternion[1] / norm, quaternion[2] / norm, quaternion[3] / norm
    )
    rows = [
      Vector3(1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)),
      Vector3(2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)),
      Vector3(2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)),
    ]
  }

  /// A turn by `radians` about the vertical (+Z, down): clockwise seen from above, as azimuths
  /// grow.
  public static func aboutVertical(_ radians: Double) -> Rotation {
    let (cosine, sine) = (Math.cos(radians), Math.sin(radians))
    return Rotation(rows: [Vector3(cosine, -sine, 0), Vector3(sine, cosine, 0), Vector3(0, 0, 1)])
  }

  /// The vector rotated.
  @inline(__always)
  public func apply(_ vector: Vector3) -> Vector3 {
    Vector3(rows[0].dot(vector), rows[1].dot(vector), rows[2].dot(vector))
  }

  /// The rotation back (the matrix's transpose).
  public var inverse: Rotation {
    Rotation(rows: [
      Vector3(rows[0].x, rows[1].x, rows[2].x), Vector3(rows[0].y, rows[1].y, rows[2].y),
      Vector3(rows[0].z, rows[1].z, rows[2].z),
    ])
  }

  /// This rotation after `other`.
  public func after(_ other: Rotation) -> Rotation {
    let columns = other.inverse.rows
    return Rotation(
      rows: rows.map { row in Vector3(row.dot(columns[0]), row.dot(columns[1]), row.dot(columns[2]))
      })
  }

  /// The azimuth (radians, clockwise from +X seen from above) the rotated forward axis points
  /// to: the rover's heading, for an attitude.
  public var heading: Double { Math.atan2(rows[1].x, rows[0].x) }
}
