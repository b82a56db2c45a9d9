extension PNGEncoder {
  /// The PNG file of a grey plane of 16 bits a sample (colour type 0, bit depth 16), such as a
  /// range map in millimetres: the samples big-endian, as PNG keeps them, filtered and
  /// deflated as an 8-bit picture's bytes are, two to a pixel.
  public static func encode(grey16 samples: [UInt16], width: Int, height: Int) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: samples.count * 2)
    for (index, sample) in samples.enumerated() {
      bytes[index * 2] = UInt8(sample >> 8)
      bytes[index * 2 + 1] = UInt8(sample & 0xFF)
    }
    var file = PNGDecoder.signature
    appendChunk(
      "IHDR", bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [16, 0, 0, 0, 0],
      to: &file)
    let (pieces, adler) = zlib(bytes, width: width, height: height, channels: 2)
    var stream = zlibHeader
    for piece in pieces { stream += piece.bytes }
    stream += bigEndian(adler)
    appendChunk("IDAT", stream, to: &file)
    appendChunk("IEND", [], to: &file)
    return file
  }
}
