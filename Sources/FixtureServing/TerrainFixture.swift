import CameraGeometry
import Foundation
import RasterImages

/// The fixtures' terrain: a scene laid out in front of Curiosity's sol-86 Navcam pairs that
/// look down (NCAM00207 and NCAM00320, their records and so their camera models real; the
/// pair NCAM00534 looks up at the sky),
/// rendered through each frame's model and served as the feed serves full frames (8-bit JPEG
/// at quality 90, a little noise, the right eye a little darker), so that `rovers terrain`
/// can be checked against the scene's true ranges.
///
/// The scene, in the rover frame (z down): flat ground at z = 0; a ramp rising 0.5 m over 2.5
/// m straight ahead of the cameras, then a terrace; three rocks (spheres, partly buried). Its
/// texture is value noise in space, each octave faded in only where it spans several pixels,
/// so that neither eye sees detail finer than its pixels (which would alias differently in
/// each eye).
public enum TerrainFixture {
  /// The sol of the pairs sent whole.
  public static let sol = 86
  /// A made-up sol whose one pair (sol 86's first NCAM00207) comes as tiles, each with its
  /// own record's model (`Fixtures/generate_terrain_tiles.py`) and cut from its eye's whole
  /// frame, as a camera's tiles are cut from one exposure.
  public static let tiledSol = 87
  /// The sequences of the pairs rendered: two that look down at the scene, and one that looks
  /// up at the sky (an even level, where nothing can be matched).
  public static let sequences = ["NCAM00207", "NCAM00320", "NCAM00534"]

  /// Where on the ground the scene is laid out from: below the two Navcams.
  static let foot = (x: 0.86, y: 0.43)
  /// The way the cameras look (azimuth 296 degrees), level; and to its right.
  static let ahead = (x: 0.438, y: -0.899)
  static let across = (x: 0.899, y: 0.438)
  /// The ramp: where it starts and ends ahead of the foot, and how high it rises (metres).
  static let ramp = (start: 4.5, end: 7.0, rise: 0.5)
  /// The rocks: ahead, across, radius and how deep each sits below the ground under it.
  static let rocks: [(ahead: Double, across: Double, radius: Double, sunk: Double)] = [
    (2.4, 0.5, 0.22, 0.08), (3.3, -0.7, 0.3, 0.1), (5.8, 0.9, 0.35, 0.12),
  ]
  /// Nothing is farther: beyond it the ray sees the sky, an even level.
  static let farthest = 60.0

  /// What a ray from `origin` along unit `direction` meets first: its distance, the
  /// surface's normal there (unit, facing the ray), and whether it is a rock; `nil` for the
  /// sky.
  public static func hit(origin: Vector3, direction: Vector3) -> (
    distance: Double, normal: Vector3, rock: Bool
  )? {
    var best: (distance: Double, normal: Vector3, rock: Bool)?
    func keep(_ distance: Double, _ normal: Vector3, rock: Bool = false) {
      guard distance > 1e-6, distance < (best?.distance ?? farthest) else { return }
      best = (distance, normal.dot(direction) > 0 ? normal * -1 : normal, rock)
    }
    // The ground in three flat pieces: before the ramp, the ramp, the terrace.
    for piece in pieces {
      let facing = piece.normal.dot(direction)
      guard abs(facing) > 1e-12 else { continue }
      let distance = (piece.point - origin).dot(piece.normal) / facing
      let there = origin + direction * distance
      let along = aheadOf(there)
      guard along >= piece.from, along <= piece.to else { continue }
      keep(distance, piece.normal)
    }
    for (rock, centre) in zip(rocks, rockCentres) {
      let offset = origin - centre
      let b = offset.dot(direction)
      let c = offset.dot(offset) - rock.radius * rock.radius
      let discriminant = b * b - c
      guard discriminant >= 0 else { continue }
      let distance = -b - discriminant.squareRoot()
      keep(distance, (origin + direction * distance - centre).unit, rock: true)
    }
    return best
  }

  /// The ground's three flat pieces: a point on each plane, its normal (up), and how far
  /// ahead of the foot it runs.
  static let pieces: [(point: Vector3, normal: Vector3, from: Double, to: Double)] = {
    let slope = ramp.rise / (ramp.end - ramp.start)
    let up = Vector3(0, 0, -1)
    let rampNormal = (up - Vector3(ahead.x, ahead.y, 0) * slope).unit
    func point(_ distance: Double) -> Vector3 {
      Vector3(
        foot.x + ahead.x * distance, foot.y + ahead.y * distance,
        -groundHeight(ahead: distance))
    }
    return [
      (point(ramp.start), up, -farthest, ramp.start),
      (point(ramp.start), rampNormal, ramp.start, ramp.end),
      (point(ramp.end), up, ramp.end, farthest),
    ]
  }()

  /// The rocks' centres.
  static let rockCentres = rocks.map(rockCentre)

  /// How far ahead of the foot a point is.
  static func aheadOf(_ point: Vector3) -> Double {
    (point.x - foot.x) * ahead.x + (point.y - foot.y) * ahead.y
  }

  /// The ground's height (up, metres) at a distance ahead of the foot.
  static func groundHeight(ahead distance: Double) -> Double {
    let share = max(0, min(1, (distance - ramp.start) / (ramp.end - ramp.start)))
    return share * ramp.rise
  }

  static func rockCentre(_ rock: (ahead: Double, across: Double, radius: Double, sunk: Double))
    -> Vector3
  {
    let height = groundHeight(ahead: rock.ahead) + rock.radius - rock.sunk
    return Vector3(
      foot.x + ahead.x * rock.ahead + across.x * rock.across,
      foot.y + ahead.y * rock.ahead + across.y * rock.across, -height)
  }

  /// The level a ray shows, for pixels `pixelAngle` radians wide: the texture where it meets
  /// the scene, shaded by a sun high in the south-west; the sky's even level where it meets
  /// nothing.
  public static func level(origin: Vector3, direction: Vector3, pixelAngle: Double) -> Double {
    guard let hit = hit(origin: origin, direction: direction) else { return 70 }
    let point = origin + direction * hit.distance
    // The ground a sample covers grows with the distance and the slant.
    let slant = max(0.2, abs(hit.normal.dot(direction)))
    let footprint = hit.distance * pixelAngle / slant
    var value = 0.0
    var wavelength = 0.01
    for octave in 0..<8 {
      // Faded in from 2 to 4 pixels a wavelength.
      let weight = smooth((wavelength / footprint - 2) / 2)
      if weight > 0 {
        let scaled = point * (1 / wavelength)
        // The ground's texture lies on it (two dimensions, half the work); a rock's fills
        // space.
        value +=
          weight
          * (hit.rock
            ? noise(scaled, seed: UInt64(octave))
            : noise(x: scaled.x, y: scaled.y, seed: UInt64(octave)))
      }
      wavelength *= 2
    }
    let sun = Vector3(-0.4, -0.3, -0.87).unit
    let light = 0.55 + 0.45 * max(0, hit.normal.dot(sun))
    return (120 + 40 * value) * light
  }

  /// Smooth value noise in space: a pseudo-random value in -1...1 at each whole point, eased
  /// between.
  static func noise(_ point: Vector3, seed: UInt64) -> Double {
    let (ix, iy, iz) = (whole(point.x), whole(point.y), whole(point.z))
    let (fx, fy, fz) = (Double(ix), Double(iy), Double(iz))
    let (u, v, w) = (ease(point.x - fx), ease(point.y - fy), ease(point.z - fz))
    let start = seed &* 0x9E37_79B9_7F4A_7C15
    @inline(__always) func step(_ hash: UInt64, _ part: Int64) -> UInt64 {
      let mixed = (hash ^ UInt64(bitPattern: part)) &* 0xBF58_476D_1CE4_E5B9
      return mixed ^ (mixed >> 31)
    }
    @inline(__always) func corner(_ dx: Int64, _ dy: Int64, _ dz: Int64) -> Double {
      let hash = step(step(step(start, ix &+ dx), iy &+ dy), iz &+ dz)
      return Double(hash >> 11) / Double(1 << 52) - 1
    }
    func mix(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
    let near = mix(
      mix(corner(0, 0, 0), corner(1, 0, 0), u), mix(corner(0, 1, 0), corner(1, 1, 0), u), v)
    let far = mix(
      mix(corner(0, 0, 1), corner(1, 0, 1), u), mix(corner(0, 1, 1), corner(1, 1, 1), u), v)
    return mix(near, far, w)
  }

  /// ``noise(_:seed:)`` on a plane.
  static func noise(x: Double, y: Double, seed: UInt64) -> Double {
    let (ix, iy) = (whole(x), whole(y))
    let (fx, fy) = (Double(ix), Double(iy))
    let (u, v) = (ease(x - fx), ease(y - fy))
    let start = (seed | 1 << 40) &* 0x9E37_79B9_7F4A_7C15
    @inline(__always) func corner(_ dx: Int64, _ dy: Int64) -> Double {
      var hash = (start ^ UInt64(bitPattern: ix &+ dx)) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      hash = (hash ^ UInt64(bitPattern: iy &+ dy)) &* 0xBF58_476D_1CE4_E5B9
      hash ^= hash >> 31
      return Double(hash >> 11) / Double(1 << 52) - 1
    }
    let top = corner(0, 0) + (corner(1, 0) - corner(0, 0)) * u
    let bottom = corner(0, 1) + (corner(1, 1) - corner(0, 1)) * u
    return top + (bottom - top) * v
  }

  /// The whole number at or below `value` (a scene's coordinates, far inside `Int64`): by
  /// conversion, where `rounded(.down)` is a call to libm's `floor` on this target, and two of
  /// them a noise were a tenth of a frame's rendering.
  @inline(__always) static func whole(_ value: Double) -> Int64 {
    let truncated = Int64(value)
    return Double(truncated) > value ? truncated - 1 : truncated
  }

  static func ease(_ t: Double) -> Double { t * t * (3 - 2 * t) }

  static func smooth(_ value: Double) -> Double {
    let clamped = max(0, min(1, value))
    return clamped * clamped * (3 - 2 * clamped)
  }

  /// The frame through `model`, `width` by `height`, as levels: the scene's, times `gain`, each
  /// pixel the mean of ``samplesAcross``² rays over its area (which keeps detail finer than a
  /// pixel from aliasing differently in each eye), with a noise of about a level and a half
  /// that the pixel's place and the eye decide.
  public static func render(model: CameraModel, width: Int, height: Int, gain: Double) -> [UInt8] {
    let pixelAngle = 1 / model.horizontal.scale / Double(samplesAcross)
    let levels = PanoramaFixture.render(
      model: model, width: width, height: height, gain: gain, samplesAcross: samplesAcross
    ) { origin, direction in
      level(origin: origin, direction: direction, pixelAngle: pixelAngle)
    }
    return levels.enumerated().map { index, level in
      // Each eye's own noise: a pattern both shared would be matched.
      var hash = (UInt64(index) &+ UInt64(gain * 1000) << 32) &* 0x9E37_79B9_7F4A_7C15
      hash ^= hash >> 29
      return UInt8(max(0, min(255, Int(level) + Int(hash % 5) - 2)))
    }
  }

  /// Rays a pixel is sampled with, across and down.
  public static let samplesAcross = 2

  /// One frame of the pairs: its NASA id, model and size.
  public struct Frame: Sendable {
    /// Its NASA id.
    public var name: String
    /// Its camera model.
    public var model: CameraModel
    /// Its pixels across.
    public var width: Int
    /// Its pixels down.
    public var height: Int
    /// The frame rendered for its pixels, and its own top-left corner there: itself at (0, 0),
    /// or a tile's whole frame, whose model moved to the tile's corner is the tile's.
    var source: (model: CameraModel, width: Int, height: Int, x: Int, y: Int)
    /// Whether it is a right eye's.
    public var isRight: Bool { name.hasPrefix("NR") }
  }

  /// The frames of the pairs, and the tiles of the tiled sol's, as their records give them.
  public static func frames(fixtures: String) throws -> [Frame] {
    let items = try [sol, tiledSol].flatMap { sol in
      let path = URL(fileURLWithPath: fixtures).appendingPathComponent("nasa/msl/\(sol).json")
      let record = try JSONSerialization.jsonObject(with: Data(contentsOf: path)) as? [String: Any]
      return record?["items"] as? [[String: Any]] ?? []
    }
    let frames = items.compactMap { item -> Frame? in
      guard let name = item["imageid"] as? String,
        sequences.contains(where: { name.contains($0) }),
        let type = item["camera_model_type"] as? String,
        let list = item["camera_model_component_list"] as? String,
        let rect = item["subframe_rect"] as? String
      else { return nil }
      let numbers = { (text: Substring) in
        text.split(whereSeparator: { "(), ".contains($0) }).compactMap { Double($0) }
      }
      let corners = numbers(Substring(rect))
      guard
        let model = CameraModel(type: type, components: list.split(separator: ";").map(numbers)),
        corners.count == 4
      else { return nil }
      let (width, height) = (Int(corners[2]), Int(corners[3]))
      return Frame(
        name: name, model: model, width: width, height: height,
        source: (model, width, height, Int(corners[0]) - 1, Int(corners[1]) - 1))
    }
    // A tile's whole frame is named as the generator names it from: `F` for `T`, `_` for
    // the tile's number.
    return frames.map { frame in
      guard frame.name.contains("EDR_T") else { return frame }
      let whole = frame.name.replacingOccurrences(of: "EDR_T", with: "EDR_F").dropLast() + "_"
      guard let source = frames.first(where: { $0.name == whole }) else { return frame }
      var tile = frame
      tile.source.model = source.model
      (tile.source.width, tile.source.height) = (source.width, source.height)
      return tile
    }
  }

  /// The JPEG of the frame an image path names, or `nil` when it names none of the pairs'.
  static func jpeg(for target: String, fixtures: String) -> Data? {
    guard [sol, tiledSol].contains(where: { target.contains("/sol/000\($0)/") }),
      sequences.contains(where: { target.contains($0) }),
      let name = target.split(separator: "/").last,
      let frame = try? frames(fixtures: fixtures).first(where: { name.hasPrefix($0.name) })
    else { return nil }
    return jpeg(of: frame)
  }

  /// The frames served so far, by what they show, and the whole frames rendered for them:
  /// each is made once a run, whichever server or test asks; frames of one camera model (sol
  /// 86 took three pairs from one place) are one picture, and a tile is cut from its frame's.
  private static let served = Remembered<Data?>()
  private static let rendered = Remembered<[UInt8]>()

  /// The file the server serves for `frame`: its part of its source frame rendered (the right
  /// eye 8% darker), saved as a JPEG at quality 90.
  public static func jpeg(of frame: Frame) -> Data? {
    let (model, width, height, x, y) = frame.source
    let eye = frame.isRight ? "right" : "left"
    let key = "\(model) \(width)x\(height) \(eye) at \(x),\(y) \(frame.width)x\(frame.height)"
    return served.value(for: key) {
      let whole = rendered.value(for: "\(model) \(width)x\(height) \(eye)") {
        render(model: model, width: width, height: height, gain: frame.isRight ? 0.92 : 1)
      }
      guard x >= 0, y >= 0, x + frame.width <= width, y + frame.height <= height else {
        return nil
      }
      let plane = (y..<(y + frame.height)).flatMap { row in
        whole[(row * width + x)..<(row * width + x + frame.width)]
      }
      return try? Data(
        JPEGEncoder.encode(greyPlane: plane, width: frame.width, height: frame.height))
    }
  }
}
