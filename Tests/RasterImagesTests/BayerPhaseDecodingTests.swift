import Foundation
import TestSupport
import Testing

@testable import RasterImages

/// A grey JPEG decoded at a quarter of its size that keeps a Bayer pattern: each 8 × 8 block's
/// four phase means, found from its coefficients, against the full decode averaged phase by
/// phase, on a crop of the real Mastcam-Z mosaic (baseline and progressive).
@Suite(.timeLimit(.minutes(3))) struct BayerPhaseDecodingTests {
  static let files = ["bayer-grey.jpg", "bayer-grey-progressive.jpg"].map {
    PackagePaths.fixture("decoding").appendingPathComponent($0)
  }

  @Test(arguments: files)
  func eachBlockIsItsFourPhasesMeans(_ file: URL) throws {
    let bytes = try [UInt8](Data(contentsOf: file))
    let full = try ImageDecoder.decode(bytes)
    let quarter = try ImageDecoder.decodeKeepingBayerPhases(bytes, minimumWidth: 8)
    let across = (full.width + 7) / 8
    let down = (full.height + 7) / 8
    #expect(quarter.width == across * 2 && quarter.height == down * 2)
    #expect(quarter.isGrey)
    var worst = 0
    // Whole blocks: the decoder's samples of a block cut by the edge are not all in `full`.
    for row in 0..<(full.height / 8) {
      for column in 0..<(full.width / 8) {
        for phase in 0..<4 {
          var sum = 0
          for y in stride(from: row * 8 + (phase >> 1), to: row * 8 + 8, by: 2) {
            for x in stride(from: column * 8 + (phase & 1), to: column * 8 + 8, by: 2) {
              sum += Int(full.pixels[(y * full.width + x) * 3])
            }
          }
          let expected = (sum + 8) / 16
          let x = column * 2 + (phase & 1)
          let y = row * 2 + (phase >> 1)
          let got = Int(quarter.pixels[(y * quarter.width + x) * 3])
          worst = max(worst, abs(got - expected))
        }
      }
    }
    // The full decode rounds each sample; the means here are rounded once.
    #expect(worst <= 1, "\(file.lastPathComponent)")
    // The mosaic is still one: its red and blue stand apart from its greens.
    #expect(BayerMosaic(quarter).looksLikeMosaic)
    #expect(BayerMosaic(full).phaseMeans.red > BayerMosaic(full).phaseMeans.blue + 20)
    let means = BayerMosaic(quarter).phaseMeans
    let reference = BayerMosaic(full).phaseMeans
    #expect(abs(means.red - reference.red) < 1 && abs(means.blue - reference.blue) < 1)
  }

  @Test func onlyAGreyJPEGWideEnoughIsDecodedSmall() throws {
    let bytes = try [UInt8](Data(contentsOf: Self.files[0]))
    let full = try ImageDecoder.decode(bytes)
    // Asked for more than an eighth of its width: whole.
    let whole = try ImageDecoder.decodeKeepingBayerPhases(bytes, minimumWidth: full.width / 8 + 1)
    #expect(whole == full)
    // A colour JPEG is never a mosaic's: whole too.
    let colour = try [UInt8](
      Data(contentsOf: PackagePaths.fixture("decoding/colour-420.jpg")))
    let colourFull = try ImageDecoder.decode(colour)
    #expect(try ImageDecoder.decodeKeepingBayerPhases(colour, minimumWidth: 1) == colourFull)
  }

  /// The mosaic written as three components of grey (as `_800` copies and some tools write
  /// mosaics: YCbCr whose chroma is flat, by libjpeg-turbo's cjpeg) is decoded small as the
  /// one-component file is, from its luma; the same pixels with a touch of colour are decoded
  /// whole.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/cjpeg"), "cjpeg is not installed"
    ))
  func threeComponentsOfGreyAreDecodedSmallToo() throws {
    let grey = try ImageDecoder.decode(try [UInt8](Data(contentsOf: Self.files[0])))
    let folder = try TemporaryFolder("phases")
    func threeComponents(_ image: RasterImage) throws -> [UInt8] {
      let input = folder.file("in.ppm")
      let output = folder.file("out.jpg")
      try Data(Array("P6\n\(image.width) \(image.height)\n255\n".utf8) + image.pixels)
        .write(to: input)
      _ = try ReferenceTool.stdout(
        "/usr/bin/cjpeg", ["-quality", "95", "-outfile", output.path, input.path])
      return try [UInt8](Data(contentsOf: output))
    }
    let bytes = try threeComponents(grey)
    let full = try ImageDecoder.decode(bytes)
    #expect(full.isGrey)
    let quarter = try ImageDecoder.decodeKeepingBayerPhases(bytes, minimumWidth: 8)
    #expect(quarter.width == (full.width + 7) / 8 * 2)
    #expect(quarter.isGrey)
    let means = BayerMosaic(quarter).phaseMeans
    let reference = BayerMosaic(full).phaseMeans
    #expect(abs(means.red - reference.red) < 1 && abs(means.blue - reference.blue) < 1)
    #expect(BayerMosaic(quarter).looksLikeMosaic)

    var tinted = grey
    for index in stride(from: 0, to: tinted.pixels.count, by: 3) {
      tinted.pixels[index] = tinted.pixels[index] &+ (tinted.pixels[index] < 250 ? 5 : 0)
    }
    let colour = try threeComponents(tinted)
    #expect(
      try ImageDecoder.decodeKeepingBayerPhases(colour, minimumWidth: 8)
        == ImageDecoder.decode(colour))
  }
}
