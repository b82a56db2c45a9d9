/// Half-block pictures side by side, as a contact sheet: each with its caption above, the
/// rows of a line of pictures drawn together.
public enum ContactSheet {
  /// One picture of the sheet: its caption and its lines, each `width` cells.
  public struct Cell: Sendable {
    /// A line of plain text above the picture (cut to the cell's width).
    public var caption: String
    /// The picture's lines of text.
    public var lines: [String]

    /// A cell of the sheet.
    public init(caption: String, lines: [String]) {
      self.caption = caption
      self.lines = lines
    }
  }

  /// How many pictures `width` cells wide fit a line of `columns`, with `gap` between.
  public static func perLine(columns: Int, width: Int, gap: Int) -> Int {
    max(1, (columns + gap) / (width + gap))
  }

  /// A line of the sheet's cells drawn side by side, shorter pictures padded.
  public static func line(_ cells: [Cell], width: Int, gap: Int) -> String {
    let space = String(repeating: " ", count: gap)
    let blank = String(repeating: " ", count: width)
    var out = cells.map { fit($0.caption, width) }.joined(separator: space) + "\n"
    let height = cells.map(\.lines.count).max() ?? 0
    for row in 0..<height {
      out += cells.map { row < $0.lines.count ? $0.lines[row] : blank }.joined(separator: space)
      out += "\n"
    }
    return out
  }

  /// Text cut or padded to exactly `width` characters, an ellipsis where it was cut.
  static func fit(_ text: String, _ width: Int) -> String {
    let characters = Array(text)
    if characters.count <= width {
      return text + String(repeating: " ", count: width - characters.count)
    }
    return String(characters.prefix(max(0, width - 1))) + "…"
  }
}
