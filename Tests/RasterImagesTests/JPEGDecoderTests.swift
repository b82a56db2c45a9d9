import Foundation
import TestSupport
import Testing

@testable import RasterImages

/// The JPEG decoder against libjpeg-turbo's `djpeg` on real NASA images and on the cases made
/// from them (progressive, restart intervals, other sampling factors): every one within
/// 40 dB PSNR of djpeg's pixels (libjpeg's own accurate IDCT and fancy upsampling).
@Suite(
  .enabled(
    if: Reference.djpeg != nil, "djpeg is not installed (apt-get install libjpeg-turbo-progs)"),
  .timeLimit(.minutes(3)))
struct JPEGDecoderTests {
  static let files: [URL] = {
    let real = Reference.files(in: "real-images").filter {
      ["jpg", "jpeg"].contains($0.pathExtension.lowercased())
    }
    let made = Reference.files(in: "decoding").filter { $0.pathExtension == "jpg" }
    return real + made
  }()

  @Test func everyRealAndMadeFileIsHere() {
    #expect(Self.files.count == 10 + 19)
  }

  /// At an eighth of the size (what a terminal picture needs), each block's mean, as
  /// `djpeg -scale 1/8` gives it; libjpeg replicates chroma there where this decoder still
  /// filters it, hence a looser bound.
  @Test(arguments: files)
  func decodesAtAnEighthAsLibjpegDoes(_ file: URL) throws {
    let bytes = try [UInt8](Data(contentsOf: file))
    let full = try ImageDecoder.decode(bytes)
    let image = try ImageDecoder.decode(bytes, minimumWidth: full.width / 8)
    let reference = try Reference.djpeg(file, scale: "1/8")
    #expect(image.width == reference.width && image.height == reference.height)
    let psnr = Reference.psnr(image.pixels, reference.pixels)
    #expect(psnr >= 30, "\(file.lastPathComponent): \(psnr) dB")
    // Asked for more than an eighth gives, the whole picture.
    #expect(try ImageDecoder.decode(bytes, minimumWidth: full.width / 8 + 1).width == full.width)
  }

  @Test(arguments: files)
  func decodesAsLibjpegDoes(_ file: URL) throws {
    let bytes = try [UInt8](Data(contentsOf: file))
    let image = try ImageDecoder.decode(bytes)
    let reference = try Reference.djpeg(file)
    #expect(image.width == reference.width && image.height == reference.height)
    let psnr = Reference.psnr(image.pixels, reference.pixels)
    #expect(psnr >= 40, "\(file.lastPathComponent): \(psnr) dB")
  }
}

/// What decoding must refuse, with a sentence, and never crash on.
@Suite(.timeLimit(.minutes(3))) struct DamagedImageTests {
  static let small = PackagePaths.fixture(
    "real-images/FLR_0000_0666952977_663ECM_T0010044AUT_04096_00_2I3J01_800.jpg")

  /// The offset of a marker's segment in a JPEG.
  static func offset(of marker: UInt8, in bytes: [UInt8]) -> Int? {
    (0..<(bytes.count - 1)).first { bytes[$0] == 0xFF && bytes[$0 + 1] == marker }
  }

  @Test func arithmeticCodingAnd12BitAndHugeSizesAreSaidInWords() throws {
    let bytes = try [UInt8](Data(contentsOf: Self.small))
    let sof = try #require(Self.offset(of: 0xC0, in: bytes))
    var arithmetic = bytes
    arithmetic[sof + 1] = 0xC9
    #expect(throws: ImageError("it is an arithmetic-coded JPEG, which this tool does not decode")) {
      try ImageDecoder.decode(arithmetic)
    }
    var twelve = bytes
    twelve[sof + 4] = 12
    #expect(throws: ImageError("it is a 12-bit JPEG; only 8-bit JPEGs are decoded")) {
      try ImageDecoder.decode(twelve)
    }
    var huge = bytes
    huge[sof + 5] = 0xFF
    huge[sof + 6] = 0xF0
    huge[sof + 7] = 0xFF
    huge[sof + 8] = 0xF0
    #expect(throws: ImageError.self) { try ImageDecoder.decode(huge) }
    do {
      _ = try ImageDecoder.decode(huge)
    } catch let error as ImageError {
      #expect(error.reason.contains("65520 × 65520"))
    }
    #expect(throws: ImageError.self) { try ImageDecoder.decode(Array(bytes.prefix(300))) }
    #expect(throws: ImageError.self) { try ImageDecoder.decode([0xFF, 0xD8, 0xFF]) }
    #expect(throws: ImageError.self) { try ImageDecoder.decode(Array("GIF89a".utf8)) }
  }

  @Test func aHugePNGIsRefusedBeforeAllocating() throws {
    let file = PackagePaths.fixture("decoding/rgb8.png")
    var bytes = try [UInt8](Data(contentsOf: file))
    // IHDR's width and height: 65520 × 65520.
    bytes.replaceSubrange(16..<24, with: [0, 0, 0xFF, 0xF0, 0, 0, 0xFF, 0xF0])
    #expect(throws: ImageError.self) { try ImageDecoder.decode(bytes) }
  }

  /// Thousands of mutations of small real files: truncations, flipped bytes, runs of 0xFF,
  /// lying lengths and tables. Each ends in an image or an ImageError, never a crash or hang.
  @Test func mutatedFilesNeverCrash() throws {
    var generator = SplitMix(seed: 20_261_124)
    let sources = try [
      Self.small,
      PackagePaths.fixture("decoding/colour-420-progressive.jpg"),
      PackagePaths.fixture("decoding/grey-restart.jpg"),
      PackagePaths.fixture("decoding/palette4-adam7.png"),
      PackagePaths.fixture("decoding/rgba16.png"),
    ].map { try [UInt8](Data(contentsOf: $0)) }
    var decoded = 0
    var refused = 0
    for round in 0..<2_500 {
      var bytes = sources[round % sources.count]
      switch generator.next() % 4 {
      case 0:
        bytes = Array(bytes.prefix(Int(generator.next() % UInt64(bytes.count))))
      case 1:
        for _ in 0..<(1 + generator.next() % 8) {
          let index = Int(generator.next() % UInt64(bytes.count))
          bytes[index] ^= UInt8(truncatingIfNeeded: 1 << (generator.next() % 8))
        }
      case 2:
        // Within the headers: where lengths, sizes and tables live.
        for _ in 0..<(1 + generator.next() % 4) {
          let index = Int(generator.next() % UInt64(min(bytes.count, 700)))
          bytes[index] = UInt8(truncatingIfNeeded: generator.next())
        }
      default:
        let index = Int(generator.next() % UInt64(bytes.count))
        let count = min(bytes.count - index, Int(generator.next() % 64))
        bytes.replaceSubrange(index..<(index + count), with: [UInt8](repeating: 0xFF, count: count))
      }
      do {
        let image = try ImageDecoder.decode(bytes)
        #expect(image.pixels.count == image.width * image.height * 3)
        decoded += 1
      } catch is ImageError {
        refused += 1
      }
    }
    #expect(decoded + refused == 2_500)
    #expect(refused > 100)
  }
}
