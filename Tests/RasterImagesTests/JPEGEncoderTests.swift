import Foundation
import TestSupport
import Testing

@testable import RasterImages

/// The baseline JPEG encoder, held to libjpeg-turbo: its files decode with `djpeg` to the
/// picture encoded (within what quality 90 loses), as large as `cjpeg`'s at the same quality,
/// grey as one component and colour as 4:2:0.
@Suite(.timeLimit(.minutes(3))) struct JPEGEncoderTests {
  static let colour = PackagePaths.fixture(
    "real-images/1575MH0006700000601214R00_DXXX.jpg")
  static let grey = PackagePaths.fixture(
    "real-images/NLB_663017128EDR_F0842120NCAM00354M_.JPG")
  static let cjpeg = "/usr/bin/cjpeg"

  /// Writes `bytes` to a file of its own, runs `body` on it, and removes it.
  static func withFile<T>(_ bytes: [UInt8], _ body: (URL) throws -> T) throws -> T {
    let folder = try TemporaryFolder("jpeg")
    let file = folder.file("ours.jpg")
    try Data(bytes).write(to: file)
    return try body(file)
  }

  static func decode(_ url: URL) throws -> RasterImage {
    try ImageDecoder.decode([UInt8](try Data(contentsOf: url)))
  }

  /// The components a file's frame header declares, and their sampling factors.
  static func components(_ bytes: [UInt8]) -> [UInt8] {
    guard
      let start = (0..<(bytes.count - 1)).first(where: {
        bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0
      })
    else { return [] }
    let count = Int(bytes[start + 9])
    return (0..<count).map { bytes[start + 11 + $0 * 3] }
  }

  @Test func theStandardTablesHoldAsManySymbolsAsTheyCount() {
    for table in [
      JPEGTables.dcLuminance, JPEGTables.dcChrominance, JPEGTables.acLuminance,
      JPEGTables.acChrominance,
    ] {
      #expect(table.counts.reduce(0) { $0 + Int($1) } == table.symbols.count)
      #expect(Set(table.symbols).count == table.symbols.count)
    }
    #expect(JPEGTables.acLuminance.symbols.count == 162)
    #expect(JPEGTables.quantization(JPEGTables.luminance, quality: 50) == JPEGTables.luminance)
    #expect(JPEGTables.quantization(JPEGTables.luminance, quality: 100).allSatisfy { $0 == 1 })
  }

  @Test(
    .enabled(if: Reference.djpeg != nil, "djpeg is not installed"),
    arguments: [("colour", 0x22 as UInt8, 3), ("grey", 0x11 as UInt8, 1)])
  func djpegReadsBackThePictureEncoded(_ kind: String, _ sampling: UInt8, _ count: Int)
    throws
  {
    let source = try Self.decode(kind == "colour" ? Self.colour : Self.grey)
    let bytes = try JPEGEncoder.encode(source, quality: 90)
    let components = Self.components(bytes)
    #expect(components.count == count)
    #expect(components.first == sampling)
    try Self.withFile(bytes) { file in
      let theirs = try Reference.djpeg(file)
      #expect(theirs.width == source.width && theirs.height == source.height)
      let psnr = Reference.psnr(theirs.pixels, source.pixels)
      #expect(psnr > (kind == "colour" ? 30 : 36), "\(kind): \(psnr) dB")
      // Our decoder reads what libjpeg-turbo reads, within rounding.
      let ours = try Self.decode(file)
      #expect(Reference.psnr(ours.pixels, theirs.pixels) > 40)
    }
  }

  @Test(
    .enabled(
      if: Reference.djpeg != nil
        && FileManager.default.isExecutableFile(atPath: "/usr/bin/cjpeg"),
      "libjpeg-turbo's tools are not installed"))
  func asSmallAndAsFaithfulAsCjpegAtTheSameQuality() throws {
    let source = try Self.decode(Self.colour)
    let ours = try JPEGEncoder.encode(source, quality: 90)
    let ppm =
      Array("P6\n\(source.width) \(source.height)\n255\n".utf8) + source.pixels
    let folder = try TemporaryFolder("cjpeg")
    let input = folder.file("in.ppm")
    let output = folder.file("theirs.jpg")
    try Data(ppm).write(to: input)
    _ = try ReferenceTool.stdout(
      Self.cjpeg, ["-quality", "90", "-outfile", output.path, input.path])
    let theirs = try Data(contentsOf: output)
    let ratio = Double(ours.count) / Double(theirs.count)
    #expect(ratio > 0.85 && ratio < 1.15, "ours \(ours.count) bytes, cjpeg's \(theirs.count)")
    let theirsDecoded = try Reference.djpeg(output)
    try Self.withFile(ours) { file in
      let oursDecoded = try Reference.djpeg(file)
      let ourQuality = Reference.psnr(oursDecoded.pixels, source.pixels)
      let theirQuality = Reference.psnr(theirsDecoded.pixels, source.pixels)
      #expect(ourQuality > theirQuality - 0.5, "\(ourQuality) dB against cjpeg's \(theirQuality)")
    }
  }

  @Test(.enabled(if: Reference.djpeg != nil, "djpeg is not installed"))
  func sizesThatAreNoMultipleOfABlockArePadded() throws {
    // A colour gradient 37 × 23: MCUs of 16 cut at both edges.
    var pixels: [UInt8] = []
    for y in 0..<23 {
      for x in 0..<37 { pixels += [UInt8(x * 6), UInt8(y * 10), UInt8(128)] }
    }
    let source = RasterImage(width: 37, height: 23, pixels: pixels)
    try Self.withFile(try JPEGEncoder.encode(source, quality: 95)) { file in
      let theirs = try Reference.djpeg(file)
      #expect(theirs.width == 37 && theirs.height == 23)
      #expect(Reference.psnr(theirs.pixels, source.pixels) > 35)
    }
  }

  @Test func aPictureTooWideForTheFormatIsRefused() {
    let wide = RasterImage(width: 70_000, height: 1, pixels: [UInt8](repeating: 0, count: 210_000))
    #expect(throws: ImageError.self) { try JPEGEncoder.encode(wide) }
  }
}
