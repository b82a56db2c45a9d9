import RasterImages

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A picture drawn in a terminal: the sequence (or, for half-blocks, the coloured text) that
/// shows an image file a number of columns wide.
public enum TerminalPicture {
  /// The cell width in pixels assumed when the terminal does not say: sixel and kitty pictures
  /// are sent at about this many pixels a column, no more.
  public static let assumedCellWidth = 10

  /// What draws the file `bytes` `columns` wide on `terminal`, ending where the next line of
  /// text starts; throws ``ImageError`` when the file must be decoded and cannot be.
  public static func draw(
    _ bytes: [UInt8], columns: Int, on terminal: PictureTerminal, cellWidth: Int = assumedCellWidth
  ) throws -> String {
    let columns = max(1, columns)
    switch terminal.imageProtocol {
    case .none:
      return ""
    case .iterm:
      // The terminal decodes and scales the file itself.
      return iterm(bytes, columns: columns, terminal)
    case .kitty:
      return try KittyPicture.sequence(bytes, columns: columns, cellWidth: cellWidth, terminal)
        + "\n"
    case .sixel:
      let image = try ImageDecoder.decode(bytes, minimumWidth: columns * cellWidth)
      let width = max(1, min(image.width, columns * cellWidth))
      let height = max(1, image.height * width / image.width)
      return wrap(SixelPicture.sequence(image.scaled(width: width, height: height)), terminal)
        + "\n"
    case .blocks:
      let image = try ImageDecoder.decode(bytes, minimumWidth: columns)
      return BlockPicture.lines(image, columns: columns, terminal)
        .map { $0 + "\n" }.joined()
    }
  }

  /// What draws `image`, a picture the tool made rather than a file (a frame put together
  /// from tiles, a Bayer frame in colour), `columns` wide on `terminal`: iTerm2 gets it whole
  /// as a PNG, to scale itself, as it gets files; the others get it at about the size the
  /// cells show, with no file made and decoded again on the way.
  public static func draw(
    image: RasterImage, columns: Int, on terminal: PictureTerminal,
    cellWidth: Int = assumedCellWidth
  ) -> String {
    let columns = max(1, columns)
    func fitted() -> RasterImage {
      let width = max(1, min(image.width, columns * cellWidth))
      let height = max(1, image.height * width / max(1, image.width))
      return width == image.width ? image : image.scaled(width: width, height: height)
    }
    switch terminal.imageProtocol {
    case .none:
      return ""
    case .iterm:
      let bytes = PNGEncoder.encode(image)
      return iterm(bytes, columns: columns, terminal)
    case .kitty:
      let scaled = fitted()
      let keys = "a=T,f=24,s=\(scaled.width),v=\(scaled.height),q=2,c=\(columns)"
      return KittyPicture.command(keys, scaled.pixels, terminal) + "\n"
    case .sixel:
      return wrap(SixelPicture.sequence(fitted()), terminal) + "\n"
    case .blocks:
      return BlockPicture.lines(image, columns: columns, terminal).map { $0 + "\n" }.joined()
    }
  }

  /// iTerm2's inline file: the terminal decodes and scales it itself.
  static func iterm(_ bytes: [UInt8], columns: Int, _ terminal: PictureTerminal) -> String {
    let sequence =
      "\u{1B}]1337;File=inline=1;size=\(bytes.count);width=\(columns);preserveAspectRatio=1:"
      + Data(bytes).base64EncodedString() + "\u{07}"
    return wrap(sequence, terminal) + "\n"
  }

  /// A sequence as the terminal must get it: through tmux when inside it.
  static func wrap(_ sequence: String, _ terminal: PictureTerminal) -> String {
    terminal.insideTmux ? TerminalSequences.throughTmux(sequence) : sequence
  }
}

/// The kitty graphics protocol: PNG files as they are, other pictures as RGB pixels at about
/// the size the cells show; base64 in chunks of 4096.
enum KittyPicture {
  static func sequence(
    _ bytes: [UInt8], columns: Int, cellWidth: Int, _ terminal: PictureTerminal
  ) throws -> String {
    let keys: String
    let payload: [UInt8]
    if ImageDecoder.kind(of: bytes) == .png {
      keys = "a=T,f=100,q=2,c=\(columns)"
      payload = bytes
    } else {
      let image = try ImageDecoder.decode(bytes, minimumWidth: columns * cellWidth)
      let width = max(1, min(image.width, columns * cellWidth))
      let height = max(1, image.height * width / image.width)
      let scaled = image.scaled(width: width, height: height)
      keys = "a=T,f=24,s=\(width),v=\(height),q=2,c=\(columns)"
      payload = scaled.pixels
    }
    return command(keys, payload, terminal)
  }

  /// One command carrying `payload` in base64 chunks of 4096, the keys on the first.
  static func command(_ keys: String, _ payload: [UInt8], _ terminal: PictureTerminal) -> String {
    let encoded = Array(Data(payload).base64EncodedString().utf8)
    var out = ""
    var start = 0
    repeat {
      let end = min(encoded.count, start + 4096)
      let more = end < encoded.count ? 1 : 0
      let chunk = String(decoding: encoded[start..<end], as: UTF8.self)
      let head = start == 0 ? "\(keys),m=\(more)" : "m=\(more)"
      out += TerminalPicture.wrap("\u{1B}_G\(head);\(chunk)\u{1B}\\", terminal)
      start = end
    } while start < encoded.count
    return out
  }
}
