import RasterImages

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A movie as a terminal shows it: kitty's own animation, which the terminal loops, or one
/// picture a frame for a player that redraws them in place (sixel, half-blocks).
public enum MoviePictures {
  /// The kitty graphics protocol's animation (kitty, Ghostty): the first frame sent and placed
  /// `columns` wide, each later frame added with its gap (`a=f`), the first frame's gap set
  /// (`a=a,r=1`), then the animation run in a loop for ever (`a=a,s=3,v=1`); pixels as RGB at
  /// about the size the cells show. `id` names the image, so a second movie does not replace
  /// the first.
  public static func kittyAnimation(
    _ animation: Animation, columns: Int, cellWidth: Int, id: Int, on terminal: PictureTerminal
  ) -> String {
    let frames = scaled(animation.frames, width: max(1, columns) * cellWidth)
    guard let first = frames.first else { return "" }
    let size = "s=\(first.width),v=\(first.height)"
    var out = KittyPicture.command(
      "a=T,i=\(id),f=24,\(size),q=2,c=\(max(1, columns))", first.pixels, terminal)
    for (index, frame) in frames.enumerated().dropFirst() {
      let gap = max(1, animation.delays[index])
      out += KittyPicture.command("a=f,i=\(id),f=24,\(size),z=\(gap),q=2", frame.pixels, terminal)
    }
    out += TerminalPicture.wrap(
      "\u{1B}_Ga=a,i=\(id),r=1,z=\(max(1, animation.delays.first ?? 100)),q=2\u{1B}\\", terminal)
    out += TerminalPicture.wrap("\u{1B}_Ga=a,i=\(id),s=3,v=1,q=2\u{1B}\\", terminal)
    return out + "\n"
  }

  /// iTerm2's inline image of a GIF file: the terminal plays it itself.
  public static func itermAnimation(_ gif: [UInt8], columns: Int, on terminal: PictureTerminal)
    -> String
  {
    TerminalPicture.wrap(
      "\u{1B}]1337;File=inline=1;size=\(gif.count);width=\(max(1, columns));"
        + "preserveAspectRatio=1:" + Data(gif).base64EncodedString() + "\u{07}", terminal) + "\n"
  }

  /// Each frame drawn as sixel or half-blocks, at most `columns` wide and `rows` tall, for a
  /// player that draws them one over another.
  public static func frames(
    _ animation: Animation, columns: Int, rows: Int, cellWidth: Int, on terminal: PictureTerminal
  ) -> [String] {
    guard let first = animation.frames.first else { return [] }
    var fitted = max(1, columns)
    // Narrower until the frame's rows fit: half-blocks are two pixels a cell down.
    while fitted > 1,
      BlockPicture.rows(for: first, columns: fitted, cellAspect: terminal.cellAspect) > rows
    {
      fitted -= 1
    }
    switch terminal.imageProtocol {
    case .sixel:
      let cellHeight = max(1, Int(Double(cellWidth) * terminal.cellAspect))
      let width = max(
        1,
        min(first.width, fitted * cellWidth, rows * cellHeight * first.width / max(1, first.height))
      )
      return scaled(animation.frames, width: width).map {
        TerminalPicture.wrap(SixelPicture.sequence($0), terminal)
      }
    default:
      return animation.frames.map { frame in
        BlockPicture.lines(frame, columns: fitted, terminal).joined(separator: "\n")
      }
    }
  }

  /// The frames no wider than `width` pixels, their shape kept.
  static func scaled(_ frames: [RasterImage], width: Int) -> [RasterImage] {
    frames.map { frame in
      guard frame.width > width else { return frame }
      let height = max(1, frame.height * width / frame.width)
      return frame.scaled(width: width, height: height)
    }
  }
}
