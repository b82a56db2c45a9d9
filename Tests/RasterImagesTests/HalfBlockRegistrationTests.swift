import Foundation
import TestSupport
import Testing

@testable import RasterImages
@testable import TerminalPictures

/// Half-block pictures are where the photo is: each cell's colours are the exact area mean of
/// the picture under it, as far as the decoding at the size drawn allows. Every real image of
/// the fixtures, and copies jpegtran makes of the JPEGs (cut to sizes no multiple of 8,
/// turned, progressive), held to an exact area average of djpeg's full decoding (or the PNG's
/// own pixels) on an 8 × 8 grid of cells.
@Suite(.enabled(if: Reference.djpeg != nil, "djpeg is missing (libjpeg-turbo-progs)"))
struct HalfBlockRegistrationTests {
  static let realImages = Reference.files(in: "real-images").filter {
    ["jpg", "jpeg", "png"].contains($0.pathExtension.lowercased())
  }

  /// jpegtran, beside djpeg in libjpeg-turbo-progs.
  static let jpegtran = ReferenceTool.find("/usr/bin/jpegtran", "/usr/local/bin/jpegtran")

  /// The exact mean of the area of `pixels` (RGB) that target pixel (x, y) of a `width` ×
  /// `height` picture covers, in floating point, as a reference apart from the scaler's
  /// integers.
  static func areaMean(
    _ pixels: [UInt8], width: Int, height: Int, x: Int, y: Int, targetWidth: Int,
    targetHeight: Int
  ) -> [Double] {
    let (left, right) = (
      Double(x) * Double(width) / Double(targetWidth),
      Double(x + 1) * Double(width) / Double(targetWidth)
    )
    let (top, bottom) = (
      Double(y) * Double(height) / Double(targetHeight),
      Double(y + 1) * Double(height) / Double(targetHeight)
    )
    var sums = [0.0, 0.0, 0.0]
    var area = 0.0
    for row in Int(top.rounded(.down))..<min(height, Int(bottom.rounded(.up))) {
      let rowPart = min(bottom, Double(row + 1)) - max(top, Double(row))
      for column in Int(left.rounded(.down))..<min(width, Int(right.rounded(.up))) {
        let part = rowPart * (min(right, Double(column + 1)) - max(left, Double(column)))
        guard part > 0 else { continue }
        for channel in 0..<3 {
          sums[channel] += part * Double(pixels[(row * width + column) * 3 + channel])
        }
        area += part
      }
    }
    return sums.map { $0 / area }
  }

  /// The worst difference, in levels, between the half-block cells of `file` drawn `columns`
  /// wide (decoded as `show` decodes them: at an eighth of the size when that is wide enough)
  /// and the exact area mean of the reference pixels at the size decoded (djpeg's, at the same
  /// scale, for a JPEG; a PNG's own).
  static func worstDifference(_ file: URL, columns: Int) throws -> Double {
    let bytes = [UInt8](try Data(contentsOf: file))
    let image = try ImageDecoder.decode(bytes, minimumWidth: columns)
    let reference = try Self.reference(file, width: image.width)
    let rows = BlockPicture.rows(for: image, columns: columns, cellAspect: 2)
    let cells = BlockPicture.cells(image, columns: columns, rows: rows)
    var worst = 0.0
    // An 8 × 8 grid of cells, spread over the picture, both pixels of each.
    for gridY in 0..<8 {
      for gridX in 0..<8 {
        let row = (gridY * 2 + 1) * rows / 16
        let column = (gridX * 2 + 1) * columns / 16
        let cell = cells[row][column]
        for (half, color) in [(0, cell.upper), (1, cell.lower)] {
          let mean = areaMean(
            reference.pixels, width: reference.width, height: reference.height, x: column,
            y: row * 2 + half, targetWidth: columns, targetHeight: rows * 2)
          let drawn = [color.red, color.green, color.blue].map(Double.init)
          for channel in 0..<3 { worst = max(worst, abs(drawn[channel] - mean[channel])) }
        }
      }
    }
    return worst
  }

  /// The reference pixels of a file `width` wide: djpeg's decoding of a JPEG (at an eighth of
  /// its size when that is the width, as it mostly is for a picture drawn in a terminal, so
  /// that one is asked first), a PNG's own.
  static func reference(_ file: URL, width: Int) throws -> (
    width: Int, height: Int, pixels: [UInt8]
  ) {
    guard file.pathExtension.lowercased() == "png" else {
      let eighth = try Reference.djpeg(file, scale: "1/8")
      guard eighth.width != width else { return eighth }
      let full = try Reference.djpeg(file)
      try #require(full.width == width, "djpeg's full size is \(full.width) wide, ours \(width)")
      return full
    }
    let image = try ImageDecoder.decode([UInt8](Data(contentsOf: file)))
    return (image.width, image.height, image.pixels)
  }

  @Test(arguments: realImages)
  func everyRealImageIsWithinSixLevelsOfTheAreaMean(_ file: URL) throws {
    for columns in [60, 100, 37] {
      let worst = try Self.worstDifference(file, columns: columns)
      #expect(worst <= 6, "\(file.lastPathComponent) at \(columns) columns: \(worst) levels")
    }
  }

  @Test(.enabled(if: jpegtran != nil, "jpegtran is missing (libjpeg-turbo-progs)"))
  func copiesJpegtranMakesAreWithinSixLevelsToo() throws {
    let folder = try TemporaryFolder("jpegtran")
    var made = 0
    for file in Self.realImages where file.pathExtension.lowercased() != "png" {
      for (name, options) in [
        ("crop", ["-crop", "1001x777+3+5"]), ("rotate", ["-rotate", "90", "-trim"]),
        ("progressive", ["-progressive"]),
      ] {
        let copy = folder.file("\(name)-\(file.lastPathComponent)")
        _ = try ReferenceTool.stdout(
          Self.jpegtran ?? "/usr/bin/jpegtran", options + ["-outfile", copy.path, file.path])
        let worst = try Self.worstDifference(copy, columns: 60)
        #expect(worst <= 6, "\(copy.lastPathComponent): \(worst) levels")
        made += 1
      }
    }
    #expect(made >= 24)
  }
}
