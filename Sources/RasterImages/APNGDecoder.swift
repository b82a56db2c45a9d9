/// Reads an animated PNG back into whole frames: each frame's part decoded by ``PNGDecoder``
/// and put where its `fcTL` says, over the canvas as the frame before left it (disposal to
/// transparent black or to the previous canvas, as the frame asks). A PNG without animation
/// is one frame. Colour with transparency is composited over black, as ``PNGDecoder`` does.
public enum APNGDecoder {
  /// The movie in `bytes`, every frame the canvas's whole size.
  public static func decode(_ bytes: [UInt8]) throws -> Animation {
    let chunks = try PNGChunks.read(bytes)
    guard let header = chunks.first(where: { $0.type == "IHDR" }), header.body.count >= 13 else {
      throw ImageError("the PNG has no header")
    }
    let shared = chunks.filter { $0.type == "PLTE" || $0.type == "tRNS" }
    let canvasWidth = Int(PNGChunks.uint32(header.body, at: 0))
    let canvasHeight = Int(PNGChunks.uint32(header.body, at: 4))
    try RasterImage.checkSize(width: canvasWidth, height: canvasHeight)
    // Each frame: its control, then the image data that follows it.
    var controls: [(control: [UInt8], data: [UInt8])] = []
    var defaultImage: [UInt8] = []
    for chunk in chunks {
      switch chunk.type {
      case "fcTL":
        guard chunk.body.count >= 26 else { throw ImageError("an APNG frame control is cut short") }
        controls.append((Array(chunk.body), []))
      case "IDAT":
        if controls.isEmpty {
          defaultImage += chunk.body
        } else {
          controls[controls.count - 1].data += chunk.body
        }
      case "fdAT":
        guard !controls.isEmpty, chunk.body.count > 4 else {
          throw ImageError("APNG frame data comes before its frame control")
        }
        controls[controls.count - 1].data += chunk.body.dropFirst(4)
      default: break
      }
    }
    guard !controls.isEmpty else {
      let still = try PNGDecoder.decode(bytes)
      return Animation(frames: [still], delays: [0])
    }
    var canvas = [UInt8](repeating: 0, count: canvasWidth * canvasHeight * 3)
    var frames: [RasterImage] = []
    var delays: [Int] = []
    for (control, data) in controls {
      let width = Int(PNGChunks.uint32(control, at: 4))
      let height = Int(PNGChunks.uint32(control, at: 8))
      let x = Int(PNGChunks.uint32(control, at: 12))
      let y = Int(PNGChunks.uint32(control, at: 16))
      guard width > 0, height > 0, x + width <= canvasWidth, y + height <= canvasHeight else {
        throw ImageError("an APNG frame lies outside the picture")
      }
      let numerator = Int(control[20]) << 8 | Int(control[21])
      let denominator = Int(control[22]) << 8 | Int(control[23])
      delays.append(numerator * 1000 / (denominator == 0 ? 100 : denominator))
      var ownHeader = Array(header.body)
      ownHeader.replaceSubrange(0..<8, with: control[4..<12])
      var png = PNGDecoder.signature
      PNGEncoder.appendChunk("IHDR", ownHeader, to: &png)
      for chunk in shared { PNGEncoder.appendChunk(chunk.type, Array(chunk.body), to: &png) }
      PNGEncoder.appendChunk("IDAT", data.isEmpty ? defaultImage : data, to: &png)
      PNGEncoder.appendChunk("IEND", [], to: &png)
      let part = try PNGDecoder.decode(png)
      let before = canvas
      for row in 0..<height {
        let target = ((y + row) * canvasWidth + x) * 3
        canvas.replaceSubrange(
          target..<(target + width * 3),
          with: part.pixels[(row * width * 3)..<((row + 1) * width * 3)])
      }
      frames.append(RasterImage(width: canvasWidth, height: canvasHeight, pixels: canvas))
      switch control[24] {
      case 1:
        for row in 0..<height {
          let target = ((y + row) * canvasWidth + x) * 3
          canvas.replaceSubrange(
            target..<(target + width * 3), with: repeatElement(0, count: width * 3))
        }
      case 2: canvas = before
      default: break
      }
    }
    return Animation(frames: frames, delays: delays)
  }
}
