import PlainText

/// An aligned table of text: a header row and data rows, numbers on the right, fitted to the
/// terminal's width: the widest text columns shortened in the middle first (a URL keeps its
/// host and file name, an id both ends), then the least useful columns left out. In a pipe
/// there is no width, and rows stay whole.
package struct TextTable {
  /// One column's heading and alignment.
  package struct Column {
    package var title: String
    package var alignRight = false
    /// SGR colour codes by cell value, used only when colour is on.
    package var colors: [String: String] = [:]
    /// Whether cells are lists of names: shortened by whole names, never inside one.
    package var isList = false
    /// Whether each cell is an address, drawn as a hyperlink to itself on a terminal.
    package var isLink = false
    /// How useful the column is next to the others: when shortening is not enough, the
    /// columns of the lowest rank are left out first, the rightmost of a rank first.
    package var rank = 0

    /// A value of each member.
    package init(
      title: String, alignRight: Bool = false, colors: [String: String] = [:], isList: Bool = false,
      isLink: Bool = false, rank: Int = 0
    ) {
      self.title = title
      self.alignRight = alignRight
      self.colors = colors
      self.isList = isList
      self.isLink = isLink
      self.rank = rank
    }
  }

  package var columns: [Column]
  package var rows: [[String]] = []

  package init(_ columns: [Column]) { self.columns = columns }

  package mutating func append(_ row: [String]) { rows.append(row) }

  /// The table as lines of text, fitted to `style.width` when there is one.
  package func render(_ style: TerminalStyle) -> String {
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
  package struct Layout {
    package let columns: [Column]
    package let style: TerminalStyle
    private(set) var widths: [Int]
    /// Which columns are drawn: all of them unless the terminal is too narrow.
    private(set) var shown: [Bool]
    package static let gap = 2
    /// The narrowest a shortened column gets while another may be left out instead.
    package static let narrowest = 12

    /// `widths` are the widest cells, fitted to `style.width`: shortened, then, when
    /// `mayLeaveOut` (the columns were not picked with `--fields`), columns left out.
    package init(columns: [Column], widths: [Int], style: TerminalStyle, mayLeaveOut: Bool = true) {
      self.columns = columns
      self.style = style
      self.widths = widths
      shown = columns.map { _ in true }
      guard let width = style.width, !widths.isEmpty else { return }
      while !fit(to: width, floors: true) {
        let candidates = columns.indices.filter { shown[$0] }
        guard mayLeaveOut, candidates.count > 1,
          let out = candidates.min(by: { (columns[$0].rank, -$0) < (columns[$1].rank, -$1) })
        else {
          // Nothing more to leave out: the text columns go below their floors.
          _ = fit(to: width, floors: false)
          return
        }
        shown[out] = false
      }
    }

    /// Narrows the shown text columns, the widest first, so the row fits `width`; whether it
    /// does. With `floors`, no column goes below its title or ``narrowest``.
    private mutating func fit(to width: Int, floors: Bool) -> Bool {
      let visible = columns.indices.filter { shown[$0] }
      let shrinkable = visible.filter { !columns[$0].alignRight }
      let fixed =
        visible.filter { columns[$0].alignRight }.map { widths[$0] }.reduce(0, +)
        + Self.gap * (visible.count - 1)
      let budget = width - fixed
      let natural = shrinkable.map { widths[$0] }
      guard natural.reduce(0, +) > budget else { return true }
      let least = shrinkable.map { index in
        floors ? min(widths[index], max(columns[index].title.count, Self.narrowest)) : 1
      }
      guard least.reduce(0, +) <= budget else { return false }
      // The highest level every column can be cut to, then what is left one by one.
      var level = natural.max() ?? 0
      func total(_ level: Int) -> Int {
        zip(natural, least).map { min($0, max($1, level)) }.reduce(0, +)
      }
      while level > 0, total(level) > budget { level -= 1 }
      var spare = budget - total(level)
      for (slot, index) in shrinkable.enumerated() {
        var cut = min(natural[slot], max(least[slot], level))
        if spare > 0, natural[slot] > cut {
          cut += 1
          spare -= 1
        }
        widths[index] = cut
      }
      return true
    }

    /// The heading line, bold when colour is on, with its line break.
    package func header() -> String {
      style.paint(line(columns.map(\.title), painted: false), "1") + "\n"
    }

    /// One row, without its line break; a cell with an address in `links` is a hyperlink to it.
    package func line(_ cells: [String], painted: Bool = true, links: [String?] = []) -> String {
      var parts: [String] = []
      let last = cells.indices.last { shown[$0] }
      for (index, cell) in cells.enumerated() where shown[index] {
        let width = widths[index]
        let text =
          cell.count <= width
          ? cell
          : columns[index].isList
            ? TextTable.shortenList(cell, to: width) : TextTable.shorten(cell, to: width)
        let padding = String(repeating: " ", count: max(0, width - text.count))
        let isLast = index == last
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
  package static func shortenList(_ text: String, to width: Int) -> String {
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
  package static func shorten(_ text: String, to width: Int) -> String {
    guard width > 1, text.count > width else { return String(text.prefix(width)) }
    let head = (width - 1) / 2
    let tail = width - 1 - head
    return String(text.prefix(head)) + "…" + String(text.suffix(tail))
  }
}
