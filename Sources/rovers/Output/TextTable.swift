/// An aligned table of text: a header row and data rows, numbers on the right, and the last
/// column shortened in the middle when the terminal is too narrow.
struct TextTable {
  /// One column's heading and alignment.
  struct Column {
    var title: String
    var alignRight = false
    /// SGR colour codes by cell value, used only when colour is on.
    var colors: [String: String] = [:]
    /// Whether cells are lists of names: shortened by whole names, never inside one.
    var isList = false
    /// Whether each cell is an address, drawn as a hyperlink to itself on a terminal.
    var isLink = false
  }

  var columns: [Column]
  var rows: [[String]] = []

  init(_ columns: [Column]) { self.columns = columns }

  mutating func append(_ row: [String]) { rows.append(row) }

  /// The table as lines of text, fitted to `style.width` when there is one.
  func render(_ style: TerminalStyle) -> String {
    guard !columns.isEmpty else { return "" }
    // Server text never reaches the terminal raw.
    let rows = self.rows.map { $0.map(TerminalText.safe) }
    let widths = columns.indices.map { index in
      ([columns[index].title] + rows.map { $0[index] }).map(\.count).max() ?? 0
    }
    let layout = Layout(columns: columns, widths: widths, style: style)
    return layout.header()
      + rows.map { row in
        let links = columns.indices.map { columns[$0].isLink ? row[$0] : nil }
        return layout.line(row, links: links) + "\n"
      }.joined()
  }

  /// Column widths fitted to the terminal, and the lines drawn with them.
  struct Layout {
    let columns: [Column]
    let style: TerminalStyle
    private(set) var widths: [Int]
    static let gap = 2

    /// `widths` are the widest cells; the last column is narrowed to fit `style.width`.
    init(columns: [Column], widths: [Int], style: TerminalStyle) {
      self.columns = columns
      self.style = style
      var widths = widths
      if let width = style.width, !widths.isEmpty {
        let fixed = widths.dropLast().reduce(0, +) + Self.gap * (widths.count - 1)
        widths[widths.count - 1] = max(8, min(widths[widths.count - 1], width - fixed))
      }
      self.widths = widths
    }

    /// The heading line, bold when colour is on, with its line break.
    func header() -> String {
      style.paint(line(columns.map(\.title), painted: false), "1") + "\n"
    }

    /// One row, without its line break; a cell with an address in `links` is a hyperlink to it.
    func line(_ cells: [String], painted: Bool = true, links: [String?] = []) -> String {
      var parts: [String] = []
      for (index, cell) in cells.enumerated() {
        let width = widths[index]
        let text =
          cell.count <= width
          ? cell
          : columns[index].isList
            ? TextTable.shortenList(cell, to: width) : TextTable.shorten(cell, to: width)
        let padding = String(repeating: " ", count: max(0, width - text.count))
        let isLast = index == cells.count - 1
        // Painted after measuring, so colour codes never count towards the width.
        let painted =
          painted ? columns[index].colors[cell].map { style.paint(text, $0) } ?? text : text
        let shown = index < links.count ? style.link(painted, to: links[index]) : painted
        parts.append(columns[index].alignRight ? padding + shown : shown + (isLast ? "" : padding))
      }
      return parts.joined(separator: String(repeating: " ", count: Self.gap))
    }
  }

  /// Keeps the first names that fit whole and says how many were left out:
  /// `EDL_RUCAM EDL_DDCAM +15`. A name is never cut.
  static func shortenList(_ text: String, to width: Int) -> String {
    let names = text.split(separator: " ")
    var kept = 0
    var length = 0
    for name in names {
      let added = (kept == 0 ? 0 : 1) + name.count
      let rest = names.count - kept - 1
      let suffix = rest > 0 ? " +\(rest)".count : 0
      guard length + added + suffix <= width else { break }
      length += added
      kept += 1
    }
    guard kept > 0 else { return "+\(names.count)" }
    let dropped = names.count - kept
    return names.prefix(kept).joined(separator: " ") + (dropped > 0 ? " +\(dropped)" : "")
  }

  /// Keeps both ends, which for a URL are the host and the file name.
  static func shorten(_ text: String, to width: Int) -> String {
    guard width > 1, text.count > width else { return String(text.prefix(width)) }
    let head = (width - 1) / 2
    let tail = width - 1 - head
    return String(text.prefix(head)) + "…" + String(text.suffix(tail))
  }
}
