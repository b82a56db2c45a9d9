import CameraGeometry
import FixtureServing
import Foundation
import PanoramaStitching
import TestSupport
import Testing

/// The stitcher against a scene it must give back (CAMERA.md's test of the whole geometry):
/// sol 888's pan, its five real camera models, frames rendered from the fixtures' scene (a
/// ground on z = 0 and a sky at infinity), stitched and compared with the scene itself. The
/// conventions' slips score far lower, and exposures changed by up to 20% are evened out.
@Suite struct PanoramaStitchTests {
  /// The pan's frames rendered through their models, as the fixture server serves them (made
  /// once a run for both): the frames of a sol's feed.
  static let rendered = Result {
    try PanoramaFixture.frames(fixtures: PackagePaths.fixtures.path).map { frame in
      PanoramaFrame(
        name: frame.name, width: frame.width, height: frame.height, channels: 1,
        samples: PanoramaFixture.levels(of: frame), model: frame.model)
    }
  }

  /// The pan's frames, each exposed by the gain given, read with the model `reading` makes.
  static func frames(gains: [Double] = [], reading: (CameraModel) -> CameraModel = { $0 })
    throws -> [PanoramaFrame]
  {
    try rendered.get().enumerated().map { index, frame in
      var frame = frame
      frame.model = reading(frame.model)
      if index < gains.count {
        frame.samples = frame.samples.map {
          UInt8(max(0, min(255, (Double($0) * gains[index]).rounded())))
        }
      }
      return frame
    }
  }

  /// The PSNR of a panorama against the scene over the pixels it covers, after one gain that
  /// best fits it to the scene when asked.
  static func psnr(_ stitcher: PanoramaStitcher, _ samples: [UInt8], fittingGain: Bool = false)
    -> Double
  {
    let (grid, viewpoint) = (stitcher.grid, stitcher.viewpoint)
    return PanoramaFixture.psnr(samples, width: grid.width, fittingGain: fittingGain) {
      PanoramaFixture.level(
        origin: viewpoint, direction: grid.direction(column: Double($0), row: Double($1)))
    }
  }

  /// A model with its pixels moved by half a pixel both ways: the slip of reading pixel
  /// centres as corners.
  static func slipped(_ model: CameraModel) -> CameraModel {
    let (h, v) = (model.h + model.a * 0.5, model.v + model.a * 0.5)
    let vectors = [model.c, model.a, h, v, model.o, model.r, model.e].compactMap { $0 }
    return CameraModel(
      type: "CAHVORE", components: vectors.map { [$0.x, $0.y, $0.z] } + [[2], [0]])!
  }

  @Test func theSceneComesBackFromTheRealModels() throws {
    let stitcher = try PanoramaStitcher(frames: try Self.frames(), scale: 0.25)
    // A 360-degree ring from the zenith down to the ground 15 degrees below the horizon.
    #expect(stitcher.grid.isRing)
    #expect(stitcher.grid.firstElevation > 90 - stitcher.grid.degreesPerPixel)
    #expect(stitcher.grid.elevation(ofRow: Double(stitcher.grid.height - 1)) < -14)
    let made = stitcher.render(gains: stitcher.gains())
    let score = Self.psnr(stitcher, made.samples)
    #expect(score >= 35, "PSNR \(score) dB")
    #expect(made.covered > 0.95)
  }

  @Test func theConventionsSlipsScoreFarLower() throws {
    let slip = try PanoramaStitcher(frames: try Self.frames(reading: Self.slipped), scale: 0.25)
    let slipScore = Self.psnr(slip, slip.render(gains: slip.gains()).samples)
    let perspective = try PanoramaStitcher(
      frames: try Self.frames(reading: { $0.withLinearity(1) }), scale: 0.25)
    let perspectiveScore = Self.psnr(
      perspective, perspective.render(gains: perspective.gains()).samples)
    #expect(slipScore < 30, "half a pixel off: \(slipScore) dB")
    #expect(perspectiveScore < 20, "a fisheye read as perspective: \(perspectiveScore) dB")
  }

  @Test func exposuresAreEvenedByTheGains() throws {
    let exposures = [1.2, 0.8, 1.15, 0.85, 1.1]
    let stitcher = try PanoramaStitcher(frames: try Self.frames(gains: exposures), scale: 0.25)
    let gains = stitcher.gains()
    let made = stitcher.render(gains: gains)
    let score = Self.psnr(stitcher, made.samples, fittingGain: true)
    #expect(score >= 30, "PSNR \(score) dB after one gain; gains \(gains)")
    // Each gain undoes its frame's exposure, up to one factor for all.
    let products = zip(gains, exposures).map { $0 * $1 }
    #expect((products.max() ?? 0) / (products.min() ?? 1) < 1.02, "\(products)")
  }
}

/// The feeds' attitude read as the rover's orientation in the local level frame.
@Suite struct AttitudeTests {
  @Test func sol1965sAttitudeIsTheRollTheRoverIsKnownToHave() throws {
    // Perseverance on sol 1965 stands rolled about 11 degrees (CAMERA.md).
    let attitude = try #require(
      Rotation(quaternion: [0.616904, -0.0945242, 0.0479905, -0.779867]))
    // Down in the level frame, seen from the rover.
    let down = attitude.inverse.apply(Vector3(0, 0, 1))
    let roll = asin(abs(down.y)) * 180 / .pi
    let pitch = asin(abs(down.x)) * 180 / .pi
    #expect(abs(roll - 11) < 0.3, "roll \(roll)")
    #expect(abs(pitch - 5.1) < 0.3, "pitch \(pitch)")
    // Turned by its heading and back it is itself; level, the rover's down is the level's.
    let level = Rotation.aboutVertical(-attitude.heading).after(attitude)
    let ahead = level.apply(Vector3(1, 0, 0))
    #expect(abs(atan2(ahead.y, ahead.x)) < 1e-9)
    let turned = level.apply(down)
    #expect(abs(turned.z - 1) < 1e-9)
  }
}

/// `--level` on a rover rolled 10 degrees: frames of a sky fixed to the level frame, seen by
/// the real models of a tilted rover, come back with the sky level.
@Suite struct LevelTests {
  @Test func aTiltedRoversPanIsMadeLevel() throws {
    // Rolled 10 degrees about its forward axis and headed 30 degrees east of north.
    let half = 5.0 * .pi / 180
    let roll = try #require(Rotation(quaternion: [cos(half), sin(half), 0, 0]))
    let attitude = Rotation.aboutVertical(30 * .pi / 180).after(roll)
    // What a direction of the rover frame shows: the sky as the level frame holds it.
    let frames = try PanoramaFixture.frames(fixtures: PackagePaths.fixtures.path).map { frame in
      PanoramaFrame(
        name: frame.name, width: frame.width, height: frame.height, channels: 1,
        samples: PanoramaFixture.render(
          model: frame.model, width: frame.width, height: frame.height,
          scene: { _, direction in PanoramaFixture.sky(attitude.apply(direction)) }),
        model: frame.model)
    }
    func score(level: Bool) throws -> Double {
      let turn = PanoramaStitcher.turn(by: attitude, level: level, north: false)
      let stitcher = try PanoramaStitcher(frames: frames, rotation: turn, scale: 0.25)
      let made = stitcher.render(gains: stitcher.gains())
      let grid = stitcher.grid
      // Level, the panorama's frame is the level one turned by the heading alone.
      let back = PanoramaStitcher.turn(by: attitude, level: true, north: false).inverse
      var above = made.samples
      for index in above.indices where grid.elevation(ofRow: Double(index / grid.width)) < 12 {
        above[index] = 0
      }
      return PanoramaFixture.psnr(above, width: grid.width) { column, row in
        let direction = grid.direction(column: Double(column), row: Double(row))
        return PanoramaFixture.sky(attitude.apply(back.apply(direction)))
      }
    }
    let level = try score(level: true)
    let tilted = try score(level: false)
    #expect(level >= 35, "level: \(level) dB")
    #expect(tilted < 20, "left tilted: \(tilted) dB")
  }
}
