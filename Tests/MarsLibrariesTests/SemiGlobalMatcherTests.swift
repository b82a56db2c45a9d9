import Foundation
import StereoMatching
import TestSupport
import Testing

/// Semi-global matching against pairs whose disparities are known: a texture of sines seen
/// by two eyes at a disparity that slopes down the frame, the right eye darker and noisier,
/// and a square standing in front of the ground that hides a strip of it from one eye.
@Suite struct SemiGlobalMatcherTests {
  /// A texture of twenty sines of random directions and wavelengths, read anywhere.
  struct Texture {
    var waves: [(fx: Double, fy: Double, phase: Double, amplitude: Double)] = []

    init(seed: UInt64) {
      var generator = SplitMix(seed: seed)
      for _ in 0..<20 {
        let angle = Double.random(in: 0..<(2 * .pi), using: &generator)
        let frequency = Double.random(in: 0.08...0.9, using: &generator)
        waves.append(
          (
            frequency * cos(angle), frequency * sin(angle),
            Double.random(in: 0..<(2 * .pi), using: &generator),
            Double.random(in: 4...12, using: &generator)
          ))
      }
    }

    func level(_ u: Double, _ v: Double) -> Double {
      128 + waves.reduce(0) { $0 + $1.amplitude * sin($1.fx * u + $1.fy * v + $1.phase) }
    }
  }

  /// The scene: the ground's disparity by row, and the square's place and disparity.
  struct Scene {
    let width = 320
    let height = 240
    let ground = Texture(seed: 1)
    let rock = Texture(seed: 2)
    let square = (x: 150..<230, y: 80..<160, disparity: 42.0)

    func groundDisparity(_ y: Int) -> Double { 12 + 20 * Double(y) / Double(height) }

    /// The true disparity of the left frame's pixel, and whether the right eye sees it.
    func truth(_ x: Int, _ y: Int) -> (disparity: Double, seen: Bool) {
      if square.x.contains(x), square.y.contains(y) { return (square.disparity, true) }
      let disparity = groundDisparity(y)
      // Hidden when the square stands where the right eye would look.
      let there = Double(x) - disparity + square.disparity
      let hidden =
        square.y.contains(y) && there >= Double(square.x.lowerBound)
        && there < Double(square.x.upperBound)
      return (disparity, !hidden && Double(x) >= disparity)
    }

    func frames(noise: Double) -> (left: GreyPlane, right: GreyPlane) {
      var generator = SplitMix(seed: 3)
      var left = [UInt8](repeating: 0, count: width * height)
      var right = left
      func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, value.rounded()))) }
      for y in 0..<height {
        for x in 0..<width {
          let inSquare = square.x.contains(x) && square.y.contains(y)
          left[y * width + x] = byte(
            inSquare ? rock.level(Double(x), Double(y)) : ground.level(Double(x), Double(y)))
          // The right eye at column x sees what the left sees `disparity` further right.
          let onRock = Double(x) + square.disparity
          let level =
            square.y.contains(y) && onRock >= Double(square.x.lowerBound)
              && onRock < Double(square.x.upperBound)
            ? rock.level(onRock, Double(y))
            : ground.level(Double(x) + groundDisparity(y), Double(y))
          // Another gain and offset, and a little noise.
          let shaken = Double.random(in: -noise...noise, using: &generator)
          right[y * width + x] = byte(0.8 * level + 12 + shaken)
        }
      }
      return (
        GreyPlane(width: width, height: height, pixels: left)!,
        GreyPlane(width: width, height: height, pixels: right)!
      )
    }
  }

  @Test func disparitiesComeWithinAFifthOfAPixelDespiteGainAndNoise() throws {
    let scene = Scene()
    let (left, right) = scene.frames(noise: 2)
    let map = try #require(SemiGlobalMatcher(disparities: 64).match(left: left, right: right))
    var (seen, found, bad) = (0, 0, 0)
    var errors: [Double] = []
    var hiddenFound = 0
    var hidden = 0
    for y in 0..<scene.height {
      // Away from the frame's left edge, where the right eye sees nothing.
      for x in 48..<scene.width {
        let truth = scene.truth(x, y)
        guard truth.seen else {
          hidden += 1
          if map[x, y] != nil { hiddenFound += 1 }
          continue
        }
        seen += 1
        guard let value = map[x, y] else { continue }
        found += 1
        let error = abs(Double(value) - truth.disparity)
        errors.append(error)
        if error > 1 { bad += 1 }
      }
    }
    let coverage = Double(found) / Double(seen)
    let median = errors.sorted()[errors.count / 2]
    #expect(coverage >= 0.9, "coverage \(coverage)")
    #expect(Double(bad) < 0.05 * Double(found), "\(bad) of \(found) off by more than a pixel")
    #expect(median < 0.2, "median error \(median)")
    // The strip the square hides from the right eye is mostly left without a disparity.
    #expect(hidden > 1000)
    #expect(Double(hiddenFound) < 0.25 * Double(hidden), "\(hiddenFound) of \(hidden) hidden")
  }

  @Test func aShiftedFrameIsFoundAtItsShiftAndFramesOfTwoSizesAreNot() throws {
    let texture = Texture(seed: 9)
    let (width, height) = (200, 60)
    var left = [UInt8](repeating: 0, count: width * height)
    var right = left
    for y in 0..<height {
      for x in 0..<width {
        left[y * width + x] = UInt8(max(0, min(255, texture.level(Double(x), Double(y)))))
        right[y * width + x] = UInt8(
          max(0, min(255, texture.level(Double(x) + 17.25, Double(y)))))
      }
    }
    let map = try #require(
      SemiGlobalMatcher(disparities: 32).match(
        left: GreyPlane(width: width, height: height, pixels: left)!,
        right: GreyPlane(width: width, height: height, pixels: right)!))
    let inside = (40..<width).flatMap { x in (0..<height).map { (x, $0) } }
    let values = inside.compactMap { map[$0.0, $0.1] }
    #expect(Double(values.count) > 0.95 * Double(inside.count))
    let median = values.map { abs(Double($0) - 17.25) }.sorted()[values.count / 2]
    #expect(median < 0.2, "\(median)")
    let small = GreyPlane(width: 10, height: 10, pixels: .init(repeating: 0, count: 100))!
    #expect(
      SemiGlobalMatcher(disparities: 8).match(
        left: small, right: GreyPlane(width: width, height: height, pixels: right)!) == nil)
  }
}
