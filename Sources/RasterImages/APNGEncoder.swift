/// Writes an ``Animation`` as an animated PNG (APNG): the first frame is the PNG's own image,
/// so a viewer without animation shows it; each later frame keeps only the rectangle that
/// changed since the one before (drawn over it, nothing disposed), as good encoders do, and
/// frames that changed nowhere cost a pixel. 8-bit grey when every frame is grey, else RGB;
/// the rows filtered and deflated by ``PNGEncoder``'s own code.
public enum APNGEncoder {
  /// The APNG file of `animation`, looping forever.
  public static func encode(_ animation: Animation) -> [UInt8] {
    let width = animation.width
    let height = animation.height
    let isGrey = animation.frames.allSatisfy(\.isGrey)
    let channels = isGrey ? 1 : 3
    var file = PNGDecoder.signature
    PNGEncoder.appendChunk(
      "IHDR", PNGEncoder.header(width: width, height: height, grey: isGrey), to: &file)
    PNGEncoder.appendChunk(
      "acTL",
      PNGEncoder.bigEndian(UInt32(animation.frames.count)) + PNGEncoder.bigEndian(0), to: &file)
    var sequence: UInt32 = 0
    var previous: [UInt8] = []
    for (index, frame) in animation.frames.enumerated() {
      let samples = isGrey ? frame.greyPlane() : frame.pixels
      let region =
        index == 0
        ? FrameRegion(x: 0, y: 0, width: width, height: height)
        : FrameRegion.changed(
          from: previous, to: samples, width: width, height: height, channels: channels)
      let delay = animation.delays.indices.contains(index) ? animation.delays[index] : 100
      PNGEncoder.appendChunk(
        "fcTL", frameControl(sequence, region, milliseconds: delay), to: &file)
      sequence += 1
      let whole = region.width == width && region.height == height
      let part = whole ? samples : region.cut(samples, width: width, channels: channels)
      let stream = zlibStream(part, width: region.width, height: region.height, channels: channels)
      if index == 0 {
        PNGEncoder.appendChunk("IDAT", stream, to: &file)
      } else {
        PNGEncoder.appendChunk("fdAT", PNGEncoder.bigEndian(sequence) + stream, to: &file)
        sequence += 1
      }
      previous = samples
    }
    PNGEncoder.appendChunk("IEND", [], to: &file)
    return file
  }

  /// An `fcTL` chunk's body: its number, the region, the delay as a fraction of a second
  /// (milliseconds over 1000), nothing disposed, the region drawn as it is.
  private static func frameControl(_ sequence: UInt32, _ region: FrameRegion, milliseconds: Int)
    -> [UInt8]
  {
    let delay = UInt16(clamping: max(0, milliseconds))
    var body = PNGEncoder.bigEndian(sequence)
    for value in [region.width, region.height, region.x, region.y] {
      body += PNGEncoder.bigEndian(UInt32(value))
    }
    body += [UInt8(delay >> 8), UInt8(delay & 0xFF), 0x03, 0xE8, 0, 0]
    return body
  }

  /// One whole zlib stream of the rows, as the bands ``PNGEncoder`` deflates side by side.
  static func zlibStream(_ samples: [UInt8], width: Int, height: Int, channels: Int) -> [UInt8] {
    let (pieces, adler) = PNGEncoder.zlib(
      samples, width: width, height: height, channels: channels)
    var stream = PNGEncoder.zlibHeader
    stream.reserveCapacity(2 + pieces.reduce(0) { $0 + $1.bytes.count } + 4)
    for piece in pieces { stream += piece.bytes }
    stream += PNGEncoder.bigEndian(adler)
    return stream
  }
}
