import CameraGeometry
import Foundation
import MarsFetching
import RoverAPI
import TestSupport
import Testing

/// Rectification and triangulation on the real models of the fixtures' pairs (CAMERA.md,
/// "Stereo"): Curiosity's sol-86 Navcam pairs (CAHVOR), and a Perseverance Navcam (CAHVORE)
/// whose right eye is its left model moved 0.424 m along its rows. Points seen by both eyes
/// fall on one row of the rectified pair, and exact correspondences triangulate back to their
/// range.
@Suite struct StereoGeometryTests {
  /// A pair's two models and their frames' sizes.
  struct Pair {
    var name: String
    var left: CameraModel
    var right: CameraModel
    var size: (width: Int, height: Int)
  }

  static func photos(_ file: String, rover: String) throws -> [Photo] {
    let data = try Data(
      contentsOf: PackagePaths.fixtures.appendingPathComponent("real-nasa/\(file)"))
    return FeedRecords.photos(data, rover: rover)
  }

  static func model(_ photo: Photo) -> CameraModel? {
    let capture = photo.details.capture
    guard let type = capture.cameraModelType, let components = capture.cameraModelComponents
    else { return nil }
    return CameraModel(type: type, components: components)
  }

  /// Curiosity's full-frame Navcam pairs of sol 86, as `stereo` pairs them.
  static func curiosityPairs() throws -> [Pair] {
    let photos = try photos("msl_sol86_items_16.json", rover: "curiosity")
    return StereoPairing.pairs(in: photos).compactMap { pair in
      guard let left = model(pair.left), let right = model(pair.right),
        let size = pair.left.details.capture.pixelSize,
        let other = pair.right.details.capture.pixelSize, other == size
      else { return nil }
      return Pair(
        name: pair.left.nasaID, left: left, right: right, size: (size.width, size.height))
    }
  }

  /// A Perseverance Navcam left eye and its right eye made 0.424 m along its rows.
  static func perseverancePair() throws -> Pair {
    let photos = try photos("m20_sol888_navcamleft_13.json", rover: "perseverance")
    let photo = try #require(
      photos.first { model($0)?.linearity != nil && $0.details.capture.pixelSize != nil })
    let left = try #require(model(photo))
    let size = try #require(photo.details.capture.pixelSize)
    let right = left.moved(by: left.horizontal.direction * 0.424)
    return Pair(name: photo.nasaID, left: left, right: right, size: (size.width, size.height))
  }

  static func pairs() throws -> [Pair] { try curiosityPairs() + [try perseverancePair()] }

  static func rectified(_ pair: Pair) throws -> StereoRectification {
    try #require(
      StereoRectification(
        left: pair.left, right: pair.right, leftSize: pair.size, rightSize: pair.size))
  }

  /// Points both eyes see: rays through a grid of the left frame, out to ranges from 2 to 40 m.
  static func points(_ pair: Pair) -> [Vector3] {
    var points: [Vector3] = []
    let (width, height) = (Double(pair.size.width), Double(pair.size.height))
    for fx in stride(from: 0.1, through: 0.9, by: 0.2) {
      for fy in stride(from: 0.1, through: 0.9, by: 0.2) {
        let ray = pair.left.ray(x: fx * width, y: fy * height)
        for range in [2.0, 5, 12, 40] {
          let point = ray.origin + ray.direction * range
          if let seen = pair.right.pixel(of: point), (0..<width).contains(seen.x),
            (0..<height).contains(seen.y)
          {
            points.append(point)
          }
        }
      }
    }
    return points
  }

  @Test func theFixturesHoldCuriositysPairsWithTheirBaseline() throws {
    let pairs = try Self.curiosityPairs()
    #expect(pairs.count >= 3)
    for pair in pairs {
      let rectified = try Self.rectified(pair)
      // CAMERA.md: 0.4236 m apart, f·B about 519 px·m at full size.
      #expect(abs(rectified.baseline - 0.4236) < 0.002, "\(pair.name): \(rectified.baseline)")
      #expect(abs(rectified.disparityScale - 519) < 15, "\(rectified.disparityScale)")
      // The frame is the inputs' size or a little more, not a fisheye's far edges.
      #expect(rectified.width >= pair.size.width && rectified.width < pair.size.width * 3 / 2)
      #expect(rectified.height >= pair.size.height && rectified.height < pair.size.height * 3 / 2)
    }
    // Unrectified, the same point's rows differ: rectification is not optional.
    let pair = pairs[0]
    let apart = Self.points(pair).map { point -> Double in
      guard let l = pair.left.pixel(of: point), let r = pair.right.pixel(of: point) else {
        return 0
      }
      return abs(l.y - r.y)
    }
    #expect((apart.max() ?? 0) > 2, "\(apart.max() ?? 0)")
  }

  @Test func aPointFallsOnOneRowOfTheRectifiedPair() throws {
    for pair in try Self.pairs() {
      let rectified = try Self.rectified(pair)
      let points = Self.points(pair)
      #expect(points.count >= 40, "\(pair.name)")
      for point in points {
        let l = try #require(rectified.left.pixel(of: point))
        let r = try #require(rectified.right.pixel(of: point))
        #expect(abs(l.y - r.y) < 0.05, "\(pair.name): rows \(l.y) and \(r.y)")
        // The disparity is f·B over the depth, positive: the right eye sees it further left.
        let depth = (point - rectified.left.c).dot(rectified.left.a)
        #expect(abs((l.x - r.x) - rectified.disparityScale / depth) < 1e-6)
        // Each rectified pixel is sampled from where its input frame saw the point.
        for (source, seen, model) in [
          (rectified.leftSource(x: l.x, y: l.y), pair.left.pixel(of: point), pair.left),
          (rectified.rightSource(x: r.x, y: r.y), pair.right.pixel(of: point), pair.right),
        ] {
          let source = try #require(source)
          let seen = try #require(seen)
          // A CAHVORE pupil moves with the angle: traced through the sphere at 5 m, a point
          // at another range is seen a little off (Navcam's pupil hardly moves); CAHVOR is
          // exact.
          let bound = model.linearity == nil ? 1e-6 : 0.01
          #expect(
            abs(source.x - seen.x) < bound && abs(source.y - seen.y) < bound,
            "\(pair.name): \(source) against \(seen)")
        }
      }
    }
  }

  @Test func exactCorrespondencesTriangulateBackToTheirRange() throws {
    for pair in try Self.pairs() {
      let rectified = try Self.rectified(pair)
      for point in Self.points(pair) {
        let range = (point - pair.left.c).length
        // Through the rectified pair's pixels and rays.
        let l = try #require(rectified.left.pixel(of: point))
        let r = try #require(rectified.right.pixel(of: point))
        let found = try #require(
          Triangulation.point(
            left: rectified.left.ray(x: l.x, y: l.y), right: rectified.right.ray(x: r.x, y: r.y)))
        #expect(
          abs(found.range - range) < 1e-6 * range, "\(pair.name): \(found.range) for \(range)")
        #expect(found.miss < 1e-9)
        // Through the input models, pupils moving and all.
        let li = try #require(pair.left.pixel(of: point))
        let ri = try #require(pair.right.pixel(of: point))
        let direct = try #require(
          Triangulation.point(
            left: pair.left.ray(x: li.x, y: li.y), right: pair.right.ray(x: ri.x, y: ri.y)))
        #expect((direct.position - point).length < 1e-6 * range, "\(pair.name)")
        // Half a pixel off the row makes the rays miss; a disparity a pixel short puts the
        // point further out by about r²/(f·B).
        let slipped = try #require(
          Triangulation.point(
            left: rectified.left.ray(x: l.x, y: l.y),
            right: rectified.right.ray(x: r.x + 1, y: r.y)))
        let expected = range * range / rectified.disparityScale
        #expect(slipped.range > range)
        #expect(abs((slipped.range - range) - expected) < 0.5 * expected, "\(pair.name) \(range)")
        let offRow = Triangulation.point(
          left: rectified.left.ray(x: l.x, y: l.y),
          right: rectified.right.ray(x: r.x, y: r.y + 0.5))
        #expect(offRow.map { $0.miss > 1e-4 } ?? true)
      }
    }
  }

  @Test func raysThatPartOrMissAreNoPoint() {
    let origin = Vector3(0, 0, 0)
    let other = Vector3(0, 0.4, 0)
    // Diverging: each looks away from the other.
    #expect(
      Triangulation.point(
        left: (origin, Vector3(1, -0.1, 0).unit), right: (other, Vector3(1, 0.1, 0).unit)) == nil)
    // Parallel.
    #expect(
      Triangulation.point(left: (origin, Vector3(1, 0, 0)), right: (other, Vector3(1, 0, 0)))
        == nil)
    // Crossing 10 m out, one ray 10 cm high: a miss of 1 % of the range.
    let target = Vector3(10, 0.2, 0)
    #expect(
      Triangulation.point(
        left: (origin, target.unit), right: (other, (target + Vector3(0, 0, 0.1) - other).unit))
        == nil)
    let met = Triangulation.point(
      left: (origin, target.unit), right: (other, (target - other).unit))
    #expect(met.map { ($0.position - target).length < 1e-9 } == true)
    // Beyond 1000 baselines (400 m): no point.
    let far = Vector3(500, 0.2, 0)
    #expect(
      Triangulation.point(left: (origin, far.unit), right: (other, (far - other).unit)) == nil)
  }
}
