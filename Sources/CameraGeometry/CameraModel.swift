import SystemInterface

/// A camera model as NASA's feeds give it (CAMERA.md): CAHV (a pinhole), CAHVOR (with radial
/// distortion about the optical axis O) or CAHVORE (with the entrance pupil moving along O by
/// E, and a linearity that makes it a perspective lens, a fisheye or between). It is in the
/// rover navigation frame and already for the pixels of the file served, 0-based at pixel
/// centres, x to the right and y down. Point to pixel is closed form; pixel to ray solves for
/// the distortion by Newton's method.
public struct CameraModel: Sendable, Hashable {
  /// The entrance pupil's centre (metres).
  public private(set) var c: Vector3
  /// The axis: the unit vector the image plane is perpendicular to.
  public let a: Vector3
  /// The horizontal and vertical vectors (pixels).
  public private(set) var h: Vector3
  /// See ``h``.
  public private(set) var v: Vector3
  /// The optical axis (CAHVOR, CAHVORE); `nil` for CAHV.
  public let o: Vector3?
  /// The radial distortion's terms r0, r1, r2 (CAHVOR, CAHVORE).
  public let r: Vector3?
  /// How the entrance pupil moves with the angle off axis, e0, e1, e2 (CAHVORE).
  public let e: Vector3?
  /// CAHVORE's linearity L: 1 a perspective lens, 0 a fisheye, between a general one.
  public private(set) var linearity: Double?

  /// The model of a feed's type and components (`C;A;H;V;O;R;E;T;P` as lists of numbers);
  /// `nil` when they do not make one: a wrong count, a type it does not know, `UNK`.
  public init?(type: String, components: [[Double]]) {
    let vectors = components.prefix(7).compactMap(Vector3.init)
    let kind = type.uppercased()
    let count = ["CAHV": 4, "CAHVOR": 6, "CAHVORE": 9][kind]
    guard let count, components.count == count, vectors.count == min(count, 7) else { return nil }
    (c, a, h, v) = (vectors[0], vectors[1], vectors[2], vectors[3])
    // O is a direction, written to six digits: made a unit vector, so that pixel to ray and
    // back agree at a fisheye's corners (its length is 1.00002 in the feeds).
    (o, r) = count >= 6 ? (vectors[4].unit, vectors[5]) : (nil, nil)
    if kind == "CAHVORE" {
      guard components[7].count == 1, components[8].count == 1 else { return nil }
      e = vectors[6]
      switch components[7][0] {
      case 1: linearity = 1
      case 2: linearity = 0
      case 3: linearity = components[8][0]
      default: return nil
      }
    } else {
      (e, linearity) = (nil, nil)
    }
    guard a.length > 0, o.map({ $0.length > 0 }) ?? true else { return nil }
  }

  /// A linear model (CAHV): a pinhole at `c` looking along the unit vector `a`, with the
  /// horizontal and vertical vectors `h` and `v` (pixels).
  public init(c: Vector3, a: Vector3, h: Vector3, v: Vector3) {
    (self.c, self.a, self.h, self.v) = (c, a, h, v)
    (o, r, e, linearity) = (nil, nil, nil, nil)
  }

  /// The same camera with its entrance pupil moved by `offset` (metres), looking the same way:
  /// the other eye of a pair, for a test that has only one eye's model.
  public func moved(by offset: Vector3) -> CameraModel {
    var model = self
    model.c = c + offset
    return model
  }

  /// The same camera for a picture whose top-left pixel is this one's (`x`, `y`): a crop, or,
  /// with negative offsets, the whole frame a tile's model sits in. A pixel moves by the
  /// offset and nothing else does, so only H and V change: H − x·A, V − y·A (CAMERA.md).
  public func cropped(x: Double, y: Double) -> CameraModel {
    var model = self
    model.h = h - a * x
    model.v = v - a * y
    return model
  }

  /// The unit vector along which the image's rows run (to the right), and the pixels per unit
  /// of the tangent of the angle along it: ``h`` without its share of ``a``.
  public var horizontal: (direction: Vector3, scale: Double) { Self.split(h, from: a) }

  /// The unit vector along which the image's columns run (down), and its scale: ``v`` without
  /// its share of ``a``.
  public var vertical: (direction: Vector3, scale: Double) { Self.split(v, from: a) }

  private static func split(_ vector: Vector3, from axis: Vector3) -> (Vector3, Double) {
    let across = vector - axis * vector.dot(axis)
    return (across.unit, across.length)
  }

  /// The same model read with another linearity: what a fisheye looks like read as a
  /// perspective lens (CAMERA.md's test of the convention).
  public func withLinearity(_ value: Double) -> CameraModel {
    var model = self
    model.linearity = value
    return model
  }

  /// The model of a larger picture in which this one's pixels sit `columns` to the right and
  /// `rows` down (a tile's model made the whole frame's): CAMERA.md's crop, the other way,
  /// x' = x + columns gives H' = H + columns × A.
  public func placed(columns: Double, rows: Double) -> CameraModel {
    var model = self
    model.h = h + a * columns
    model.v = v + a * rows
    return model
  }

  /// The pixel a point (metres) falls on; `nil` behind the camera.
  public func pixel(of point: Vector3) -> (x: Double, y: Double)? {
    project(point - c, atInfinity: false)
  }

  /// The pixel a direction (a point at infinity) falls on; `nil` behind the camera or outside
  /// the angle its lens can see.
  public func pixel(ofDirection direction: Vector3) -> (x: Double, y: Double)? {
    project(direction, atInfinity: true)
  }

  private func project(_ p: Vector3, atInfinity: Bool) -> (x: Double, y: Double)? {
    var moved = p
    if let o, let r {
      let zeta = p.dot(o)
      let lambdaVector = p - o * zeta
      if let linearity, let e {
        let lambda = lambdaVector.length
        if lambda > 1e-12 {
          var theta = Math.atan2(lambda, zeta)
          if !atInfinity {
            // The pupil moves along O with the angle off axis: solve for the angle.
            for _ in 0..<20 {
              let shift = e.x + e.y * theta * theta + e.z * (theta * theta * theta * theta)
              let value =
                zeta * Math.sin(theta) - lambda * Math.cos(theta) - (theta - Math.sin(theta))
                * shift
              let slope =
                zeta * Math.cos(theta) + lambda * Math.sin(theta) - (1 - Math.cos(theta)) * shift
                - (theta - Math.sin(theta)) * (2 * e.y * theta + 4 * e.z * (theta * theta * theta))
              guard slope != 0 else { break }
              let step = value / slope
              theta -= step
              if abs(step) < 1e-14 { break }
            }
          }
          // No rover camera sees a right angle off its axis, and a fisheye's model maps such
          // rays back into the frame: they are not seen.
          guard theta < .pi / 2 else { return nil }
          let chi = Self.chi(theta, linearity)
          guard chi > 0 else { return nil }
          let mu = r.x + r.y * chi * chi + r.z * (chi * chi * chi * chi)
          moved = o * (lambda / chi) + lambdaVector * (1 + mu)
        }
      } else {
        guard zeta > 0 else { return nil }
        let tau = lambdaVector.dot(lambdaVector) / (zeta * zeta)
        moved = p + lambdaVector * (r.x + r.y * tau + r.z * tau * tau)
      }
    }
    let depth = moved.dot(a)
    guard depth > 0 else { return nil }
    return (moved.dot(h) / depth, moved.dot(v) / depth)
  }

  /// The ray a pixel sees: where it starts (the entrance pupil, which a CAHVORE lens moves with
  /// the angle) and its unit direction.
  public func ray(x: Double, y: Double) -> (origin: Vector3, direction: Vector3) {
    let plane = (v - a * y).cross(h - a * x)
    guard let o, let r else {
      return (c, (a.dot(v.cross(h)) < 0 ? plane * -1 : plane).unit)
    }
    if let linearity, let e {
      let scaled = plane * (1 / a.dot(v.cross(h)))
      let zeta = scaled.dot(o)
      let lambdaVector = scaled - o * zeta
      let target = lambdaVector.length / zeta
      guard target > 1e-15 else { return (c, o.unit) }
      var chi = target
      for _ in 0..<30 {
        let value =
          (1 + r.x) * chi + r.y * (chi * chi * chi) + r.z * (chi * chi * chi * chi * chi) - target
        let slope = (1 + r.x) + 3 * r.y * chi * chi + 5 * r.z * (chi * chi * chi * chi)
        guard slope != 0 else { break }
        let step = value / slope
        chi -= step
        if abs(step) <= 1e-13 * target { break }
      }
      let theta =
        linearity == 0
        ? chi
        : linearity > 0
          ? Math.atan(linearity * chi) / linearity : Math.asin(linearity * chi) / linearity
      let direction = lambdaVector.unit * Math.sin(theta) + o * Math.cos(theta)
      let pupil =
        theta == 0
        ? 0
        : (theta / Math.sin(theta) - 1)
          * (e.x + e.y * theta * theta + e.z * (theta * theta * theta * theta))
      return (c + o * pupil, direction.unit)
    }
    let ray = (a.dot(v.cross(h)) < 0 ? plane * -1 : plane).unit
    let omega = ray.dot(o)
    let lambda = ray - o * omega
    let tau = lambda.dot(lambda) / (omega * omega)
    var u = 1 - (r.x + r.y * tau + r.z * tau * tau)
    for _ in 0..<30 {
      let value =
        r.z * tau * tau * (u * u * u * u * u) + r.y * tau * (u * u * u) + (1 + r.x) * u - 1
      let slope = 5 * r.z * tau * tau * (u * u * u * u) + 3 * r.y * tau * u * u + (1 + r.x)
      guard slope != 0 else { break }
      let step = value / slope
      u -= step
      if abs(step) <= 1e-13 { break }
    }
    return (c, (ray - lambda * (1 - u)).unit)
  }

  /// The rays of points along the outline of a frame `width` by `height` (its pixels' outer
  /// edges), `perEdge` to an edge, clockwise from the top left corner.
  public func outline(width: Int, height: Int, perEdge: Int = 8) -> [(
    origin: Vector3, direction: Vector3
  )] {
    let (right, bottom) = (Double(width) - 0.5, Double(height) - 0.5)
    var points: [(Double, Double)] = []
    for step in 0..<perEdge {
      let along = Double(step) / Double(perEdge)
      points += [
        (-0.5 + along * (right + 0.5), -0.5), (right, -0.5 + along * (bottom + 0.5)),
        (right - along * (right + 0.5), bottom), (-0.5, bottom - along * (bottom + 0.5)),
      ]
    }
    return points.map { ray(x: $0.0, y: $0.1) }
  }

  /// CAHVORE's χ(θ): tan(Lθ)/L for a lens towards perspective, θ for a fisheye, sin(Lθ)/L past
  /// it.
  static func chi(_ theta: Double, _ linearity: Double) -> Double {
    if linearity > 0 { return Math.tan(linearity * theta) / linearity }
    if linearity < 0 { return Math.sin(linearity * theta) / linearity }
    return theta
  }

  /// Azimuth (degrees clockwise from +X seen from above, -180 to 180) and elevation (degrees
  /// up) of a direction in the rover frame, as the feeds' `mastAz` and `mastEl`.
  public static func azimuthAndElevation(of direction: Vector3) -> (
    azimuth: Double, elevation: Double
  ) {
    let unit = direction.unit
    return (Math.atan2(unit.y, unit.x) * 180 / .pi, Math.asin(max(-1, min(1, -unit.z))) * 180 / .pi)
  }
}
