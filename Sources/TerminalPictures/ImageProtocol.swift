/// How a picture is drawn in a terminal.
public enum ImageProtocol: String, CaseIterable, Sendable {
  /// iTerm2's inline images (OSC 1337): the file's own bytes; iTerm2, WezTerm, Konsole, VS
  /// Code, mintty, Warp.
  case iterm
  /// The kitty graphics protocol: PNG as it is, other pictures as pixels; kitty, Ghostty.
  case kitty
  /// DEC sixel: pixels in 256 colours; foot, mlterm, xterm -ti vt340, Windows Terminal.
  case sixel
  /// Half-blocks: two pixels a cell in 24-bit (or 256) colour; every modern terminal.
  case blocks
  /// No picture: a line naming the file.
  case none
}

/// What the picture code needs to know of the terminal it draws on.
public struct PictureTerminal: Sendable, Equatable {
  /// The protocol to draw with.
  public var imageProtocol: ImageProtocol
  /// Whether it shows 24-bit colour (else the 256 colours of xterm's palette).
  public var trueColor: Bool
  /// Whether the sequences go through tmux, which must be asked to pass them on.
  public var insideTmux: Bool
  /// How much taller than wide a cell is (about 2).
  public var cellAspect: Double

  /// A terminal of these traits.
  public init(
    imageProtocol: ImageProtocol, trueColor: Bool = true, insideTmux: Bool = false,
    cellAspect: Double = 2
  ) {
    self.imageProtocol = imageProtocol
    self.trueColor = trueColor
    self.insideTmux = insideTmux
    self.cellAspect = cellAspect
  }
}
