import Foundation
import TestSupport
import Testing

@testable import RasterImages

/// The PNG decoder on every colour type and bit depth, plain and Adam7, each filter, palettes,
/// transparency and alpha (made by Fixtures/generate_test_images.py with the pixels a decoder
/// must give), and on the real NASA PNGs, whose rows Python's zlib unpacks for comparison.
@Suite(.timeLimit(.minutes(3))) struct PNGDecoderTests {
  static let made = Reference.files(in: "decoding").filter { $0.pathExtension == "png" }

  @Test func everyKindIsHere() {
    // 5 grey depths, 2 each of RGB, RGBA, grey-alpha, 4 palettes and a colour key, twice.
    #expect(Self.made.count == 2 * (5 + 2 * 3 + 4 + 1))
  }

  @Test(arguments: made)
  func decodesToTheExpectedPixels(_ file: URL) throws {
    let image = try ImageDecoder.decode(try [UInt8](Data(contentsOf: file)))
    let expected = try [UInt8](
      Data(contentsOf: file.deletingPathExtension().appendingPathExtension("rgb")))
    #expect(image.width == 61 && image.height == 37)
    #expect(image.pixels == expected, "\(file.lastPathComponent)")
  }

  @Test(arguments: Reference.files(in: "real-images").filter { $0.pathExtension == "png" })
  func realPNGsDecodeAsZlibUnpacksThem(_ file: URL) throws {
    let image = try ImageDecoder.decode(try [UInt8](Data(contentsOf: file)))
    // Filter 0 on every row (the README of real-images says so): the pixels are the rows
    // Python's zlib inflates, less their filter bytes.
    let script = """
      import sys, zlib, struct
      data = open(sys.argv[1], 'rb').read()
      pos, idat, w, h = 8, b'', 0, 0
      while pos < len(data):
          n = struct.unpack('>I', data[pos:pos+4])[0]; kind = data[pos+4:pos+8]
          body = data[pos+8:pos+8+n]
          if kind == b'IHDR': w, h = struct.unpack('>II', body[:8])
          if kind == b'IDAT': idat += body
          pos += 12 + n
      raw = zlib.decompress(idat); row = w * 3 + 1
      assert all(raw[y * row] == 0 for y in range(h))
      sys.stdout.buffer.write(struct.pack('>II', w, h))
      sys.stdout.buffer.write(b''.join(raw[y*row+1:(y+1)*row] for y in range(h)))
      """
    let output = try ReferenceTool.stdout(ReferenceTool.python, ["-c", script, file.path])
    try #require(output.count > 8)
    let width = output[0..<4].reduce(0) { $0 << 8 | Int($1) }
    let height = output[4..<8].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == image.width && height == image.height)
    #expect(Array(output[8...]) == image.pixels)
  }

  /// The predictor chosen without branches is the one the PNG specification writes with
  /// them, for every left, up and upper-left byte.
  @Test func paethPredictsAsTheSpecificationSays() {
    var wrong = 0
    for left in 0..<256 {
      for up in 0..<256 {
        for upLeft in 0..<256 {
          let estimate = left + up - upLeft
          let (pa, pb, pc) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
          let spec = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
          if PNGPredictor.paeth(UInt8(left), UInt8(up), UInt8(upLeft)) != UInt8(spec) { wrong += 1 }
        }
      }
    }
    #expect(wrong == 0)
  }

  /// A byte of the image data changed where it still inflates (here the stream's Adler-32
  /// itself, or a literal of a stored block) is refused by the checksum, not drawn wrong.
  @Test func aDamagedByteThatStillInflatesIsRefused() throws {
    // Noise is stored, not coded: every byte of its rows stands as it is in the stream.
    var random = SplitMix(seed: 67)
    let noise = RasterImage(
      width: 64, height: 48,
      pixels: (0..<(64 * 48 * 3)).map { _ in UInt8.random(in: 0...255, using: &random) })
    let file = PNGEncoder.encode(noise)
    #expect(try ImageDecoder.decode(file).pixels == noise.pixels)
    // The IDAT chunk's data: after the 8-byte signature, the 25-byte IHDR, its own length
    // and type; its last four bytes are the Adler-32.
    let length = file[33..<37].reduce(0) { $0 << 8 | Int($1) }
    #expect(Array(file[37..<41]) == Array("IDAT".utf8))
    let data = 41..<(41 + length)
    for at in [data.upperBound - 1, data.lowerBound + length / 2] {
      var damaged = file
      damaged[at] ^= 0x10
      #expect(throws: ImageError.self, "byte \(at)") { try ImageDecoder.decode(damaged) }
    }
  }

  /// The chunks of a PNG file: each one's type and the range of its data in the file.
  static func chunks(of file: [UInt8]) -> [(type: String, data: Range<Int>)] {
    var found: [(type: String, data: Range<Int>)] = []
    var position = 8
    while position + 12 <= file.count {
      let length = file[position..<(position + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: file[(position + 4)..<(position + 8)], as: UTF8.self)
      found.append((type, (position + 8)..<(position + 8 + length)))
      position += 12 + length
    }
    return found
  }

  /// A byte changed in the header, the palette or the transparency (their data or their
  /// CRC-32) is refused, naming the chunk: a damaged palette byte was drawn as a wrong colour
  /// with nothing said.
  @Test(
    arguments: made.filter {
      ["palette", "rgbkey"].contains(where: $0.lastPathComponent.hasPrefix)
    })
  func aDamagedChunkThatShapesThePictureIsRefused(_ file: URL) throws {
    let bytes = try [UInt8](Data(contentsOf: file))
    let checked = Self.chunks(of: bytes).filter { ["IHDR", "PLTE", "tRNS"].contains($0.type) }
    #expect(checked.contains { $0.type != "IHDR" }, "\(file.lastPathComponent)")
    for chunk in checked {
      // The data's first and last bytes, and the CRC's last.
      for at in [chunk.data.lowerBound, chunk.data.upperBound - 1, chunk.data.upperBound + 3] {
        var damaged = bytes
        damaged[at] ^= 0x01
        #expect(
          throws: ImageError(
            "the PNG's \(chunk.type) chunk is damaged: its checksum does not match"),
          "\(file.lastPathComponent), \(chunk.type), byte \(at)"
        ) { try ImageDecoder.decode(damaged) }
      }
    }
  }

  /// A chunk the decoder does not read (text) changes nothing drawn, so a damaged one is
  /// passed over, as other readers do with an ancillary chunk.
  @Test func aDamagedChunkThatDrawsNothingIsPassedOver() throws {
    let picture = RasterImage(
      width: 3, height: 2, pixels: (0..<18).map { UInt8($0 * 14) })
    let file = PNGEncoder.encode(picture)
    var withText = Array(file[0..<33])
    PNGEncoder.appendChunk("tEXt", Array("Comment\u{0}sol 1000".utf8), to: &withText)
    withText += file[33...]
    let text = try #require(Self.chunks(of: withText).first { $0.type == "tEXt" })
    withText[text.data.upperBound + 3] ^= 0x01
    #expect(try ImageDecoder.decode(withText).pixels == picture.pixels)
  }
}
