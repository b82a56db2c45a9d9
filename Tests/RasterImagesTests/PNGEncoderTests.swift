import Foundation
import TestSupport
import Testing

@testable import RasterImages

/// The PNG encoder and its deflate, read back by Python's own zlib and a reader that knows
/// nothing of this code: every real NASA image, grey and colour, each row's filter undone.
@Suite(.timeLimit(.minutes(3))) struct PNGEncoderTests {
  static let realImages = Reference.files(in: "real-images").filter {
    ["jpg", "jpeg", "png"].contains($0.pathExtension.lowercased())
  }

  /// Reads a PNG as a reader that is not this code does: signature, chunk order and CRCs,
  /// the header, zlib's own inflate (its Adler-32 and the stream's end checked); prints
  /// `width height colour-type IDAT-size zlib6-size` and then the inflated rows, where the
  /// last size is zlib level 6's of the unfiltered rows in the file given second.
  static let reader = """
    import struct, sys, zlib
    data = open(sys.argv[1], 'rb').read()
    assert data[:8] == b'\\x89PNG\\r\\n\\x1a\\n', 'signature'
    pos, idat, chunks = 8, b'', []
    while pos < len(data):
        n = struct.unpack('>I', data[pos:pos+4])[0]; kind = data[pos+4:pos+8]
        body = data[pos+8:pos+8+n]
        crc = struct.unpack('>I', data[pos+8+n:pos+12+n])[0]
        assert zlib.crc32(kind + body) & 0xffffffff == crc, 'crc of ' + kind.decode()
        chunks.append(kind)
        if kind == b'IHDR': w, h, depth, ctype = struct.unpack('>IIBB', body[:10])
        if kind == b'IDAT': idat += body
        pos += 12 + n
    assert chunks[0] == b'IHDR' and chunks[-1] == b'IEND', chunks
    assert depth == 8 and ctype in (0, 2)
    inflater = zlib.decompressobj()
    raw = inflater.decompress(idat) + inflater.flush()
    assert inflater.eof and not inflater.unused_data, 'the stream ends where IDAT does'
    plain = open(sys.argv[2], 'rb').read()
    sys.stdout.buffer.write(b'%d %d %d %d %d\\n' % (w, h, ctype, len(idat), len(zlib.compress(plain, 6))))
    sys.stdout.buffer.write(raw)
    """

  /// What the reader makes of `png`: its header and sizes, and the rows zlib inflated.
  static func read(_ png: [UInt8], plain: [UInt8]) throws -> (
    header: [Int], inflated: [UInt8]
  ) {
    let folder = try TemporaryFolder("png")
    let file = folder.file("image.png")
    let rows = folder.file("plain")
    try Data(png).write(to: file)
    try Data(plain).write(to: rows)
    let output = try ReferenceTool.stdout(
      ReferenceTool.python, ["-c", reader, file.path, rows.path])
    let newline = try #require(output.firstIndex(of: 10))
    let header = String(decoding: output[..<newline], as: UTF8.self).split(separator: " ")
      .compactMap { Int($0) }
    return (header, Array(output[(newline + 1)...]))
  }

  /// The image's rows as PNG holds them unfiltered: a 0 and the row's samples.
  static func plainRows(_ image: RasterImage) -> [UInt8] {
    let grey = image.isGrey
    let samples = grey ? image.greyPlane() : image.pixels
    let row = image.width * (grey ? 1 : 3)
    return (0..<image.height).flatMap { y in [0] + samples[(y * row)..<((y + 1) * row)] }
  }

  /// Encodes `image` and holds it to the reader: the header, the rows the filters made, the
  /// pixels our decoder reads back; the IDAT's size against zlib's level 6 of the plain rows.
  static func roundTrip(_ image: RasterImage, name: String) throws -> Double {
    let png = PNGEncoder.encode(image)
    let read = try Self.read(png, plain: plainRows(image))
    let grey = image.isGrey
    #expect(Array(read.header.prefix(3)) == [image.width, image.height, grey ? 0 : 2], "\(name)")
    let filtered = PNGEncoder.filteredRows(
      grey ? image.greyPlane() : image.pixels, width: image.width, rows: 0..<image.height,
      channels: grey ? 1 : 3)
    #expect(read.inflated == filtered, "\(name): zlib inflates other rows than were filtered")
    // The rows unfiltered give the pixels back (Chromium's own decoding: PNGInBrowserTests).
    #expect(try PNGDecoder.decode(png) == image, "\(name)")
    try #require(read.header.count == 5)
    return Double(read.header[3]) / Double(read.header[4])
  }

  @Test(arguments: realImages)
  func everyRealImageRoundTripsWithinTheSizeBound(_ file: URL) throws {
    let image = try ImageDecoder.decode([UInt8](Data(contentsOf: file)))
    let ratio = try Self.roundTrip(image, name: file.lastPathComponent)
    #expect(ratio <= 1.25, "\(file.lastPathComponent): \(ratio) of zlib level 6 unfiltered")
  }

  @Test func noiseIsStoredAndTinyOrFlatImagesStillDecode() throws {
    var generator = SystemRandomNumberGenerator()
    let noise = RasterImage(
      width: 300, height: 200,
      pixels: (0..<(300 * 200 * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let flat = RasterImage(
      width: 640, height: 480, pixels: [UInt8](repeating: 77, count: 640 * 480 * 3))
    let dot = RasterImage(width: 1, height: 1, pixels: [200, 10, 30])
    for (image, name) in [(noise, "noise"), (flat, "flat"), (dot, "dot")] {
      _ = try Self.roundTrip(image, name: name)
    }
    // Noise does not grow past its bytes by more than the stored blocks' headers.
    #expect(PNGEncoder.encode(noise).count < 300 * 200 * 3 + 201 + 200)
    // A flat picture of 300 KB is a few KB (each band of rows starts its dictionary anew).
    #expect(PNGEncoder.encode(flat).count < 4_000)
  }

  @Test func aPhotographIsCodedWithoutMatchesAndADrawingWithThem() throws {
    // The real Mastcam-Z mosaic demosaicked: a full-resolution photograph's noise in colour.
    let file = PackagePaths.fixture(
      "real-images/ZL0_0038_0670307360_057ECM_N0031392ZCAM08007_1100LUJ.png")
    let mosaic = BayerMosaic(try ImageDecoder.decode([UInt8](Data(contentsOf: file))))
    let photo = Demosaic.malvarHeCutler(mosaic)
    let rows = PNGEncoder.filteredRows(
      photo.pixels, width: photo.width, rows: 0..<photo.height, channels: 3)
    // The filtered rows of a photograph in colour: smaller with Huffman codes alone.
    let chosen = rows.withUnsafeBufferPointer { PNGEncoder.effort(for: $0).chain }
    #expect(chosen == 0)
    let literal = rows.withUnsafeBufferPointer { Deflate.compress($0, effort: .literalsOnly) }
    let matched = rows.withUnsafeBufferPointer { Deflate.compress($0) }
    #expect(literal.count < matched.count)
    // What it writes inflates to the rows (zlib's own reading: the round trips above).
    let header: [UInt8] = [0x78, 0x01]
    let adler = rows.withUnsafeBufferPointer { Checksums.adler32($0) }
    let trailer = [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> $0) }
    let inflated = try Inflate.zlib(header + literal + trailer, limit: rows.count)
    #expect(inflated == rows)
    // A drawing repeats itself: matches.
    let bands: [UInt8] = (0..<(400 * 300 * 3)).map { UInt8(truncatingIfNeeded: $0 / 30 % 4 * 60) }
    let stripes = RasterImage(width: 400, height: 300, pixels: bands)
    let drawn = PNGEncoder.filteredRows(
      stripes.pixels, width: 400, rows: 0..<300, channels: 3)
    drawn.withUnsafeBufferPointer { #expect(PNGEncoder.effort(for: $0).chain > 0) }
  }

  @Test func huffmanLengthsRespectTheirLimitAndFormACode() {
    // Fibonacci frequencies make the deepest tree: 30 symbols would need 29 bits.
    var fibonacci = [1, 1]
    while fibonacci.count < 30 {
      fibonacci.append(fibonacci[fibonacci.count - 1] + fibonacci[fibonacci.count - 2])
    }
    let lengths = HuffmanLengths.lengths(fibonacci, limit: 15)
    #expect(lengths.allSatisfy { $0 >= 1 && $0 <= 15 })
    let kraft = lengths.reduce(0.0) { $0 + pow(2.0, -Double($1)) }
    // Exactly whole: inflate refuses a code with holes as it does an over-full one.
    #expect(kraft == 1.0)
    // And for many skewed alphabets at the code length code's limit of 7 bits.
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<500 {
      let counts = (0..<19).map { _ in
        Bool.random(using: &generator) ? 0 : 1 << Int.random(in: 0...20, using: &generator)
      }
      guard counts.filter({ $0 > 0 }).count >= 2 else { continue }
      let limited = HuffmanLengths.lengths(counts, limit: 7)
      #expect(limited.allSatisfy { $0 <= 7 })
      #expect(zip(counts, limited).allSatisfy { ($0 == 0) == ($1 == 0) })
      #expect(limited.reduce(0.0) { $0 + ($1 == 0 ? 0 : pow(2.0, -Double($1))) } == 1.0)
    }
    #expect(lengths.last! <= lengths.first!, "frequent symbols get codes no longer")
  }
}
