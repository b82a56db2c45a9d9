import Foundation
import TestSupport
import Testing

@testable import RasterImages

/// The demosaic and the test of what is a mosaic, held to OpenCV's demosaic (Debian's
/// python3-opencv) on real NASA images.
@Suite struct DemosaicTests {
  static let hasOpenCV = ReferenceTool.pythonHas("cv2")

  /// The colour images of the real ones: MAHLI's, the Navcam PNG and the processed Mastcam-Z.
  static let colourImages = Reference.files(in: "real-images").filter {
    guard ["jpg", "jpeg", "png"].contains($0.pathExtension.lowercased()),
      let image = try? decode($0)
    else { return false }
    return !image.isGrey
  }

  static let mastcamZ = PackagePaths.fixture(
    "real-images/ZL0_0038_0670307360_057ECM_N0031392ZCAM08007_1100LUJ.png")
  static let hazcamLost = PackagePaths.fixture(
    "real-images/FLE_0000_0666958329_772ECM_N0010052AUT_04096_00_0LLJ01_800.jpg")
  static let navcamGrey = PackagePaths.fixture(
    "real-images/NLB_663017128EDR_F0842120NCAM00354M_.JPG")

  static func decode(_ file: URL) throws -> RasterImage {
    try ImageDecoder.decode([UInt8](try Data(contentsOf: file)))
  }

  /// OpenCV's bilinear demosaic of a grey RGGB mosaic, as RGB bytes.
  static func openCV(_ mosaic: RasterImage) throws -> [UInt8] {
    let folder = try TemporaryFolder("mosaic")
    let file = folder.file("mosaic.png")
    let output = folder.file("mosaic.rgb")
    try Data(PNGEncoder.encode(mosaic, grey: true)).write(to: file)
    let script = """
      import sys, cv2
      m = cv2.imread(sys.argv[1], cv2.IMREAD_GRAYSCALE)
      open(sys.argv[2], "wb").write(cv2.cvtColor(m, cv2.COLOR_BayerBG2RGB).tobytes())
      """
    _ = try ReferenceTool.stdout(ReferenceTool.python, ["-c", script, file.path, output.path])
    return [UInt8](try Data(contentsOf: output))
  }

  @Test(.enabled(if: hasOpenCV), arguments: colourImages)
  func malvarHeCutlerBeatsBilinearByThreeDecibels(file: URL) throws {
    let original = try Self.decode(file)
    let mosaic = BayerMosaic.sampling(original)
    let ours = Demosaic.malvarHeCutler(BayerMosaic(mosaic))
    let theirs = try Self.openCV(mosaic)
    #expect(theirs.count == original.pixels.count)
    let gain =
      Reference.psnr(ours.pixels, original.pixels) - Reference.psnr(theirs, original.pixels)
    #expect(gain >= 3, "\(file.lastPathComponent): \(gain) dB over bilinear")
  }

  @Test func theMastcamZFrameIsAMosaicWhoseFiltersAverageAsNASAsDo() throws {
    let mosaic = BayerMosaic(try Self.decode(Self.mastcamZ))
    let means = mosaic.phaseMeans
    #expect(abs(means.red - 220) < 1 && abs(means.greenRed - 186) < 1)
    #expect(abs(means.greenBlue - 187) < 1 && abs(means.blue - 141) < 1)
    #expect(mosaic.looksLikeMosaic)
    // One column in, the pattern's phase is the other way round: green where red was.
    var shifted = BayerMosaic(try Self.decode(Self.mastcamZ), originX: 1)
    #expect(abs(shifted.phaseMeans.red - 186) < 1)
    shifted.phase = (0, 0)
    #expect(shifted.looksLikeMosaic)
  }

  @Test(arguments: [hazcamLost, navcamGrey])
  func greyFramesAndLostPatternsAreNotMosaics(file: URL) throws {
    #expect(!BayerMosaic(try Self.decode(file)).looksLikeMosaic)
  }

  @Test(.enabled(if: hasOpenCV))
  func theMastcamZFramesColoursFallWhereAReferenceDemosaicPutsThem() throws {
    let grey = try Self.decode(Self.mastcamZ)
    // Another white balance than the reference's: the ratios must follow it all the same.
    let ours = Demosaic.malvarHeCutler(
      BayerMosaic(grey), balance: WhiteBalance(red: 1, green: 0.924, blue: 0.9768))
    let reference = try Self.openCV(grey)
    let (red, blue) = Self.blockRatioCorrelations(
      ours.pixels, reference, width: grey.width, height: grey.height)
    #expect(red > 0.8, "R/G correlation \(red)")
    #expect(blue > 0.8, "B/G correlation \(blue)")
    // Colours put one filter off, as a demosaic of the wrong phase puts them, do not follow.
    let shifted = Demosaic.malvarHeCutler(BayerMosaic(grey, originX: 1))
    let wrong = Self.blockRatioCorrelations(
      shifted.pixels, reference, width: grey.width, height: grey.height)
    #expect(wrong.0 < 0.2 && wrong.1 < 0.2, "\(wrong)")
    #expect(!ours.isGrey)
  }

  @Test func theCheckerboardsEnergyFallsTenfold() throws {
    let grey = try Self.decode(Self.mastcamZ)
    let developed = Demosaic.malvarHeCutler(BayerMosaic(grey))
    let before = Self.checkerEnergy(grey)
    let after = Self.checkerEnergy(developed)
    #expect(after * 10 <= before, "\(before) then \(after)")
  }

  @Test func theDemosaicFollowsThePhase() throws {
    let original = try Self.decode(Self.colourImages[0])
    // A subframe that starts one column and one row into the sensor's pattern.
    let mosaic = BayerMosaic.sampling(original, phase: (1, 1))
    let right = Demosaic.malvarHeCutler(BayerMosaic(mosaic, originX: 1, originY: 1))
    let wrong = Demosaic.malvarHeCutler(BayerMosaic(mosaic))
    #expect(
      Reference.psnr(right.pixels, original.pixels) > Reference.psnr(wrong.pixels, original.pixels)
        + 10)
  }

  @Test func cellsMakeOneColourPixelOfEachTwoByTwo() {
    let plane: [UInt8] = [200, 100, 200, 100, 90, 40, 90, 40]
    let image = RasterImage(width: 4, height: 2, grey: plane)
    let cells = BayerMosaic(image).cells(balance: WhiteBalance(red: 1, green: 1, blue: 2))
    #expect(cells.width == 2 && cells.height == 1)
    #expect(cells.pixels == [200, 95, 80, 200, 95, 80])
  }

  /// The mean squared amplitude of the pattern a 2 × 2 mosaic leaves: each cell's
  /// alternations across, down and diagonally, in the picture's luminance.
  static func checkerEnergy(_ image: RasterImage) -> Double {
    let luma = image.luminance
    var total = 0.0
    var cells = 0
    for y in stride(from: 0, to: image.height - 1, by: 2) {
      for x in stride(from: 0, to: image.width - 1, by: 2) {
        let a = Double(luma[y * image.width + x])
        let b = Double(luma[y * image.width + x + 1])
        let c = Double(luma[(y + 1) * image.width + x])
        let d = Double(luma[(y + 1) * image.width + x + 1])
        let across = (a - b + c - d) / 4
        let down = (a + b - c - d) / 4
        let diagonal = (a - b - c + d) / 4
        total += across * across + down * down + diagonal * diagonal
        cells += 1
      }
    }
    return total / Double(max(1, cells))
  }

  /// How closely the log R/G and B/G of 8 × 8 blocks of two pictures follow each other
  /// (Pearson's correlation): one white balance or another only shifts the logs.
  static func blockRatioCorrelations(
    _ one: [UInt8], _ other: [UInt8], width: Int, height: Int
  ) -> (Double, Double) {
    func ratios(_ pixels: [UInt8]) -> ([Double], [Double]) {
      var red: [Double] = []
      var blue: [Double] = []
      for top in stride(from: 0, to: height - 7, by: 8) {
        for left in stride(from: 0, to: width - 7, by: 8) {
          var sums = [1.0, 1.0, 1.0]
          for y in top..<(top + 8) {
            for x in left..<(left + 8) {
              for channel in 0..<3 {
                sums[channel] += Double(pixels[(y * width + x) * 3 + channel])
              }
            }
          }
          red.append(log(sums[0] / sums[1]))
          blue.append(log(sums[2] / sums[1]))
        }
      }
      return (red, blue)
    }
    func correlation(_ a: [Double], _ b: [Double]) -> Double {
      let meanA = a.reduce(0, +) / Double(a.count)
      let meanB = b.reduce(0, +) / Double(b.count)
      var ab = 0.0
      var aa = 0.0
      var bb = 0.0
      for index in a.indices {
        ab += (a[index] - meanA) * (b[index] - meanB)
        aa += (a[index] - meanA) * (a[index] - meanA)
        bb += (b[index] - meanB) * (b[index] - meanB)
      }
      return ab / max(1e-12, (aa * bb).squareRoot())
    }
    let mine = ratios(one)
    let theirs = ratios(other)
    return (correlation(mine.0, theirs.0), correlation(mine.1, theirs.1))
  }
}
