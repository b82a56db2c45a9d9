import Foundation
import TestSupport
import Testing

@testable import RasterImages

/// Red/cyan anaglyphs of real NASA frames: red from the left, green and blue from the right,
/// checked against libjpeg-turbo's decoding of the two files.
@Suite(.timeLimit(.minutes(3))) struct AnaglyphTests {
  static let left = PackagePaths.fixture(
    "real-images/FLE_0000_0666958329_772ECM_N0010052AUT_04096_00_0LLJ01_800.jpg")
  static let right = PackagePaths.fixture(
    "real-images/FRB_0000_0666958242_147ECM_N0010052AUT_04096_00_2I3J01_800.jpg")

  @Test(.enabled(if: Reference.djpeg != nil, "djpeg is not installed"))
  func redIsTheLeftFrameAndGreenAndBlueTheRightWithinTwoLevelsOfDjpeg() throws {
    let anaglyph = try Anaglyph.combine(
      left: ImageDecoder.decode([UInt8](Data(contentsOf: Self.left))),
      right: ImageDecoder.decode([UInt8](Data(contentsOf: Self.right))))
    let left = try Reference.djpeg(Self.left)
    let right = try Reference.djpeg(Self.right)
    #expect(anaglyph.width == left.width && anaglyph.height == left.height)
    var worst = 0
    for index in stride(from: 0, to: anaglyph.pixels.count, by: 3) {
      worst = max(worst, abs(Int(anaglyph.pixels[index]) - Int(left.pixels[index])))
      worst = max(worst, abs(Int(anaglyph.pixels[index + 1]) - Int(right.pixels[index + 1])))
      worst = max(worst, abs(Int(anaglyph.pixels[index + 2]) - Int(right.pixels[index + 2])))
    }
    #expect(worst <= 2, "the largest difference from djpeg is \(worst) levels")
  }

  @Test func theShiftMovesTheRightFrameAndKeepsWhatBothShare() throws {
    // Left: column x has red x; right: column x has green and blue 100 + x.
    let width = 8
    let left = RasterImage(
      width: width, height: 2, pixels: (0..<(width * 2)).flatMap { [UInt8($0 % width), 0, 0] })
    let right = RasterImage(
      width: width, height: 2,
      pixels: (0..<(width * 2)).flatMap { [0, UInt8(100 + $0 % width), UInt8(100 + $0 % width)] })
    let plain = try Anaglyph.combine(left: left, right: right)
    #expect(Array(plain.pixels[0..<6]) == [0, 100, 100, 1, 101, 101])
    let moved = try Anaglyph.combine(left: left, right: right, shift: 3)
    #expect(moved.width == 5)
    // The right frame three pixels to the right: its column 0 meets the left's column 3.
    #expect(Array(moved.pixels[0..<3]) == [3, 100, 100])
    let back = try Anaglyph.combine(left: left, right: right, shift: -2)
    #expect(back.width == 6 && Array(back.pixels[0..<3]) == [0, 102, 102])
    #expect(throws: ImageError.self) { try Anaglyph.combine(left: left, right: right, shift: 8) }
  }

  @Test func framesOfDifferentSizesAreAnErrorNamingBothUnlessScaled() throws {
    let left = RasterImage(width: 4, height: 2, pixels: [UInt8](repeating: 50, count: 24))
    let right = RasterImage(width: 2, height: 1, pixels: [UInt8](repeating: 90, count: 6))
    let error = #expect(throws: Anaglyph.SizeMismatch.self) {
      try Anaglyph.combine(left: left, right: right)
    }
    #expect(
      error?.description == "the frames differ in size: 4 × 2 (left), 2 × 1 (right)")
    let scaled = try Anaglyph.combine(left: left, right: right, scaling: true)
    #expect(scaled.width == 4 && scaled.height == 2)
    #expect(Array(scaled.pixels[0..<3]) == [50, 90, 90])
  }
}
