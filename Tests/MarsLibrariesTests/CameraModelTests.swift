import CameraGeometry
import Foundation
import RoverAPI
import TestSupport
import Testing

/// The feeds' camera models against what the feeds say of them (CAMERA.md): the ray through
/// the full sensor's centre is the record's mast pointing; a Perseverance Navcam is a fisheye
/// 96.5° by 73.0°; pixel to ray to pixel comes back.
@Suite struct CameraModelTests {
  /// The capture records of a real feed file, decoded as the tool decodes them.
  static func captures(_ name: String) throws -> [(PhotoCapture, PhotoDetails)] {
    let data = try Data(
      contentsOf: PackagePaths.fixtures.appendingPathComponent("real-nasa/\(name)"))
    if name.hasPrefix("m20") {
      return try PerseveranceFeedPage.scan(data).images.map {
        ($0.details.capture, $0.details)
      }
    }
    return try CuriosityFeedPage.scan(data).items.map {
      ($0.details.capture, $0.details)
    }
  }

  static func model(_ capture: PhotoCapture) -> CameraModel? {
    guard let type = capture.cameraModelType, let components = capture.cameraModelComponents
    else { return nil }
    return CameraModel(type: type, components: components)
  }

  static let perseverance = [
    "m20_sol888_navcamleft_13.json", "m20_sol889_navcamleft_5.json",
    "m20_page_latest_num3_sol1965_2026-08-30.json",
  ]

  /// Degrees between two azimuths, the short way round.
  static func apart(_ one: Double, _ other: Double) -> Double {
    let gap = abs(one - other).truncatingRemainder(dividingBy: 360)
    return min(gap, 360 - gap)
  }

  @Test func theFullSensorsCentreRayIsTheMastPointing() throws {
    var checked = 0
    for name in Self.perseverance {
      for (capture, details) in try Self.captures(name) {
        guard let model = Self.model(capture), let rect = capture.subframeRect, rect.count == 4,
          let azimuth = details.mastAzimuth, let elevation = details.mastElevation
        else { continue }
        let scale = Double(capture.scaleFactor ?? 1)
        // The Navcam's sensor is 5120 x 3840; pixel centres count from 0, the subframe from 1.
        let x = ((5120 - 1) / 2 - Double(rect[0] - 1) - (scale - 1) / 2) / scale
        let y = ((3840 - 1) / 2 - Double(rect[1] - 1) - (scale - 1) / 2) / scale
        let ray = model.ray(x: x, y: y)
        let pointing = CameraModel.azimuthAndElevation(of: ray.direction)
        #expect(abs(pointing.elevation - elevation) < 0.005, "\(name): \(pointing)")
        // Near the zenith an azimuth means little: held there by its cosine.
        let error = Self.apart(pointing.azimuth, azimuth) * cos(elevation * .pi / 180)
        #expect(error < 0.005, "\(name): \(pointing) against \(azimuth), \(elevation)")
        // Off by half a pixel, as W/2 in place of (W - 1)/2 puts it, is seen.
        let slipped = CameraModel.azimuthAndElevation(
          of: model.ray(x: x + 0.5, y: y + 0.5).direction)
        #expect(
          abs(slipped.elevation - elevation) > 0.01 || Self.apart(slipped.azimuth, azimuth) > 0.01)
        checked += 1
      }
    }
    #expect(checked >= 19)
  }

  @Test func aPerseveranceNavcamIsAFisheye96By73Degrees() throws {
    let (capture, _) = try #require(try Self.captures(Self.perseverance[0]).first)
    let model = try #require(Self.model(capture))
    let (width, height) = (1280.0, 960.0)
    func angle(_ one: (Double, Double), _ other: (Double, Double), _ model: CameraModel) -> Double {
      let first = model.ray(x: one.0, y: one.1).direction
      let second = model.ray(x: other.0, y: other.1).direction
      return acos(max(-1, min(1, first.dot(second)))) * 180 / .pi
    }
    let across = angle((-0.5, height / 2 - 0.5), (width - 0.5, height / 2 - 0.5), model)
    let down = angle((width / 2 - 0.5, -0.5), (width / 2 - 0.5, height - 0.5), model)
    #expect(abs(across - 96.5) < 0.3, "\(across)")
    #expect(abs(down - 73.0) < 0.3, "\(down)")
    // Read as a perspective lens, it would be some 80 degrees across.
    let perspective = angle(
      (-0.5, height / 2 - 0.5), (width - 0.5, height / 2 - 0.5), model.withLinearity(1))
    #expect(perspective < 85 && perspective > 75, "\(perspective)")
  }

  @Test func pixelToRayToPixelComesBack() throws {
    var checked = 0
    for name in Self.perseverance + ["msl_sol86_items_16.json"] {
      for (capture, _) in try Self.captures(name) {
        guard let model = Self.model(capture), let size = capture.pixelSize else { continue }
        let (width, height) = (Double(size.width), Double(size.height))
        for (x, y) in [
          (0.0, 0.0), (width - 1, 0), (0, height - 1), (width - 1, height - 1),
          (width / 2, height / 2), (width / 3, height * 0.8),
        ] {
          let ray = model.ray(x: x, y: y)
          // A direction, at infinity; and a point 5 m out, through the moved pupil.
          let far = try #require(model.pixel(ofDirection: ray.direction))
          let near = try #require(model.pixel(of: ray.origin + ray.direction * 5))
          #expect(abs(near.x - x) < 0.002 && abs(near.y - y) < 0.002, "\(name) \(x),\(y): \(near)")
          // E moves the pupil, which a point at infinity does not see.
          #expect(abs(far.x - x) < 0.002 && abs(far.y - y) < 0.002, "\(name): \(far)")
        }
        checked += 1
      }
    }
    #expect(checked >= 30)
    // Behind the camera is nowhere.
    let (capture, _) = try #require(try Self.captures(Self.perseverance[0]).first)
    let model = try #require(Self.model(capture))
    let back = model.ray(x: 640, y: 480).direction * -1
    #expect(model.pixel(ofDirection: back) == nil)
  }

  /// A tile's model is its frame's with the tile's corner as the origin: every point lands
  /// on the tile's pixel grid moved by that corner, CAHVOR and CAHVORE alike, and cropping
  /// back by the opposite corner gives the frame's model again.
  @Test func aCroppedModelSeesEveryPointMovedByItsCorner() throws {
    for name in [Self.perseverance[0], "msl_sol86_items_16.json"] {
      let (capture, _) = try #require(try Self.captures(name).first)
      let model = try #require(Self.model(capture))
      let tile = model.cropped(x: 448, y: 320)
      let ray = model.ray(x: 700, y: 500)
      for distance in [2.0, 7.5, 40] {
        let point = ray.origin + ray.direction * distance
        let whole = try #require(model.pixel(of: point))
        let seen = try #require(tile.pixel(of: point))
        #expect(abs(seen.x - (whole.x - 448)) < 1e-9 && abs(seen.y - (whole.y - 320)) < 1e-9)
      }
      let back = tile.cropped(x: -448, y: -320)
      #expect((back.h - model.h).length < 1e-9 && (back.v - model.v).length < 1e-9)
      #expect(back.c == model.c)
    }
  }

  @Test func aModelThatIsNoModelIsNone() {
    let three = [1.0, 0, 0]
    #expect(CameraModel(type: "UNK", components: [three, three, three, three]) == nil)
    #expect(CameraModel(type: "CAHVOR", components: [three, three, three, three]) == nil)
    #expect(CameraModel(type: "CAHV", components: [three, [0, 0], three, three]) == nil)
    #expect(
      CameraModel(type: "CAHVORE", components: Array(repeating: three, count: 7) + [[9], [0]])
        == nil)
    #expect(CameraModel(type: "cahv", components: [three, three, [0, 1, 0], [0, 0, 1]]) != nil)
  }
}
