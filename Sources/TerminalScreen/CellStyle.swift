/// A colour a terminal cell can take.
public enum TerminalColor: Sendable, Hashable {
  /// One of xterm's 256 colours.
  case indexed(UInt8)
  /// A 24-bit colour.
  case rgb(UInt8, UInt8, UInt8)
}

/// How one cell is drawn: its colours and attributes.
public struct CellStyle: Sendable, Hashable {
  /// The text's colour; the terminal's own when `nil`.
  public var foreground: TerminalColor?
  /// The cell's colour; the terminal's own when `nil`.
  public var background: TerminalColor?
  /// Bold text.
  public var bold: Bool
  /// Faint text.
  public var dim: Bool
  /// Foreground and background swapped: the selection, without needing colour.
  public var reverse: Bool

  /// A style.
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false,
    dim: Bool = false, reverse: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
  }

  /// The terminal's own look.
  public static let plain = CellStyle()

  /// The SGR sequence that sets exactly this style from any other.
  var selectGraphicRendition: String {
    var codes = ["0"]
    if bold { codes.append("1") }
    if dim { codes.append("2") }
    if reverse { codes.append("7") }
    if let foreground { codes.append(Self.code(foreground, base: 38)) }
    if let background { codes.append(Self.code(background, base: 48)) }
    return "\u{1B}[" + codes.joined(separator: ";") + "m"
  }

  private static func code(_ color: TerminalColor, base: Int) -> String {
    switch color {
    case .indexed(let index): "\(base);5;\(index)"
    case .rgb(let red, let green, let blue): "\(base);2;\(red);\(green);\(blue)"
    }
  }
}
