import Foundation
import Testing

@testable import RasterImages

/// The PNG encoder and its deflate, read back by Python's own zlib and a reader that knows
/// nothing of this code: every real NASA image, grey and colour, each row's filter undone.
@Suite(.timeLimit(.minutes(3))) struct PNGEncoderTests {
  static let realImages = Reference.files(in: "real-images").filter {
    ["jpg", "jpeg", "png"].contains($0.pathExtension.lowercased())
  }

  /// Reads a PNG as a reader that is not this code does: chunk CRCs, zlib, the five filters;
  /// prints `width height colour-type` and the RGB pixels, then on stderr the IDAT's size and
  /// zlib level 6's size of the same rows unfiltered.
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
    bpp = 1 if ctype == 0 else 3
    raw = zlib.decompress(idat)
    stride = w * bpp
    assert len(raw) == (stride + 1) * h, 'length'
    out, above = bytearray(), bytearray(stride)
    for y in range(h):
        kind, row = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = row[i - bpp] if i >= bpp else 0
            b, c = above[i], (above[i - bpp] if i >= bpp else 0)
            if kind == 1: row[i] = (row[i] + a) & 255
            elif kind == 2: row[i] = (row[i] + b) & 255
            elif kind == 3: row[i] = (row[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                row[i] = (row[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
            else: assert kind == 0, 'filter %d' % kind
        out += row; above = row
    plain = b''.join(b'\\x00' + bytes(out[y * stride:(y + 1) * stride]) for y in range(h))
    sys.stderr.write('%d %d\\n' % (len(idat), len(zlib.compress(plain, 6))))
    if bpp == 1: out = bytes(v for g in out for v in (g, g, g))
    sys.stdout.buffer.write(b'%d %d %d\\n' % (w, h, ctype) + bytes(out))
    """

  /// What the reader makes of `png`: size, colour type, pixels, and the two compressed sizes.
  static func read(_ png: [UInt8]) throws -> (
    header: String, pixels: [UInt8], ours: Int, zlib6: Int
  ) {
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("rovers-png-\(UUID().uuidString).png")
    try Data(png).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", reader, file.path]
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = [UInt8](out.fileHandleForReading.readDataToEndOfFile())
    let sizes = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "\(sizes)")
    let newline = try #require(output.firstIndex(of: 10))
    let numbers = sizes.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
    try #require(numbers.count == 2)
    return (
      String(decoding: output[..<newline], as: UTF8.self), Array(output[(newline + 1)...]),
      numbers[0], numbers[1]
    )
  }

  @Test(arguments: realImages)
  func everyRealImageRoundTripsWithinTheSizeBound(_ file: URL) throws {
    let image = try ImageDecoder.decode([UInt8](Data(contentsOf: file)))
    let png = PNGEncoder.encode(image)
    let read = try Self.read(png)
    #expect(read.header == "\(image.width) \(image.height) \(image.isGrey ? 0 : 2)")
    #expect(read.pixels == image.pixels, "\(file.lastPathComponent)")
    let ratio = Double(read.ours) / Double(read.zlib6)
    #expect(ratio <= 1.25, "\(file.lastPathComponent): \(read.ours) against \(read.zlib6)")
    // Our own decoder reads it too.
    #expect(try PNGDecoder.decode(png) == image)
  }

  @Test func noiseIsStoredAndTinyOrFlatImagesStillDecode() throws {
    var generator = SystemRandomNumberGenerator()
    let noise = RasterImage(
      width: 300, height: 200,
      pixels: (0..<(300 * 200 * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) })
    let flat = RasterImage(
      width: 640, height: 480, pixels: [UInt8](repeating: 77, count: 640 * 480 * 3))
    let dot = RasterImage(width: 1, height: 1, pixels: [200, 10, 30])
    for image in [noise, flat, dot] {
      let png = PNGEncoder.encode(image)
      let read = try Self.read(png)
      #expect(read.pixels == image.pixels)
      #expect(try PNGDecoder.decode(png) == image)
    }
    // Noise does not grow past its bytes by more than the stored blocks' headers.
    #expect(PNGEncoder.encode(noise).count < 300 * 200 * 3 + 201 + 200)
    // A flat picture of 300 KB is a few KB (each band of rows starts its dictionary anew).
    #expect(PNGEncoder.encode(flat).count < 4_000)
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
