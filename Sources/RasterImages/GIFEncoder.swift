/// Writes an ``Animation`` as a looping GIF89a with an LZW encoder of its own
/// (``LZWEncoder``): 256 greys when every frame is grey, so a grey frame comes back exactly,
/// else a palette made from the frames themselves (``MedianCutPalette``). Each frame after the
/// first keeps only the rectangle that changed since the one before, left in place beneath
/// it, as good encoders do.
public enum GIFEncoder {
  /// The GIF file of `animation`; delays are rounded to GIF's hundredths of a second.
  public static func encode(_ animation: Animation) -> [UInt8] {
    let width = animation.width
    let height = animation.height
    let isGrey = animation.frames.allSatisfy(\.isGrey)
    let palette: [(UInt8, UInt8, UInt8)]
    let indexed: [[UInt8]]
    if isGrey {
      palette = (0...255).map { (UInt8($0), UInt8($0), UInt8($0)) }
      indexed = animation.frames.map { $0.greyPlane() }
    } else {
      let made = MedianCutPalette(pictures: animation.frames.map(\.pixels))
      palette = made.colors + Array(repeating: (0, 0, 0), count: 256 - made.colors.count)
      indexed = animation.frames.map { made.indices($0.pixels) }
    }
    var file = Array("GIF89a".utf8)
    file += littleEndian(width) + littleEndian(height)
    // A global table of 256 entries (2^(7+1)), 8 bits a primary.
    file += [0xF7, 0, 0]
    for color in palette { file += [color.0, color.1, color.2] }
    // NETSCAPE2.0: loop forever.
    file += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
    for (index, frame) in indexed.enumerated() {
      let region =
        index == 0
        ? FrameRegion(x: 0, y: 0, width: width, height: height)
        : FrameRegion.changed(
          from: indexed[index - 1], to: frame, width: width, height: height, channels: 1)
      let milliseconds = animation.delays.indices.contains(index) ? animation.delays[index] : 100
      let hundredths = min(65_535, max(0, (milliseconds + 5) / 10))
      // Graphic control: left in place (disposal 1), no transparency.
      file += [0x21, 0xF9, 0x04, 0x04] + littleEndian(hundredths) + [0, 0]
      file += [0x2C] + littleEndian(region.x) + littleEndian(region.y)
      file += littleEndian(region.width) + littleEndian(region.height) + [0]
      let whole = region.width == width && region.height == height
      let part = whole ? frame : region.cut(frame, width: width, channels: 1)
      file.append(8)
      let stream = LZWEncoder.encode(part)
      var start = 0
      while start < stream.count {
        let length = min(255, stream.count - start)
        file.append(UInt8(length))
        file += stream[start..<(start + length)]
        start += length
      }
      file.append(0)
    }
    file.append(0x3B)
    return file
  }

  private static func littleEndian(_ value: Int) -> [UInt8] {
    [UInt8(truncatingIfNeeded: value), UInt8(truncatingIfNeeded: value >> 8)]
  }
}
