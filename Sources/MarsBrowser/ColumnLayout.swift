import TerminalScreen

/// The columns of a list laid out in a width: the least important dropped until the rest fit,
/// the flexible one widened to fill what is left.
struct ColumnLayout {
  /// A column: its head, its width, and how readily it goes when space is short.
  struct Column {
    var title: String
    var width: Int
    var alignRight = false
    /// Higher goes first when the columns do not fit; 0 never goes.
    var dropOrder = 0
    /// Takes the width left over.
    var flexible = false
  }

  /// A kept column: which of those given, where it starts, how wide it is.
  struct Placed {
    var index: Int
    var column: Column
    var start: Int
    var width: Int
  }

  /// The space between columns.
  static let gap = 2

  /// The columns kept, left to right.
  let placed: [Placed]

  /// Lays `columns` out from `origin` in `width` cells, after a one-cell margin.
  init(_ columns: [Column], origin: Int = 0, width: Int) {
    var kept = Array(columns.indices)
    func total(_ kept: [Int]) -> Int {
      1 + kept.map { columns[$0].width }.reduce(0, +) + Self.gap * max(0, kept.count - 1)
    }
    while total(kept) > width,
      let drop = kept.filter({ columns[$0].dropOrder > 0 }).max(by: {
        columns[$0].dropOrder < columns[$1].dropOrder
      })
    {
      kept.removeAll { $0 == drop }
    }
    let spare = max(0, width - total(kept))
    var start = 1
    var placed: [Placed] = []
    for index in kept {
      let column = columns[index]
      let columnWidth = column.width + (column.flexible ? spare : 0)
      // Even the columns that never go are cut at the edge.
      placed.append(
        Placed(
          index: index, column: column, start: origin + start,
          width: max(0, min(columnWidth, width - start))))
      start += columnWidth + Self.gap
    }
    self.placed = placed
  }

  /// Writes one row of values (one per column given), each cut to its column with `…`.
  func write(_ values: [String], row: Int, into screen: inout ScreenBuffer, style: CellStyle) {
    for place in placed where place.width > 0 {
      let value = place.index < values.count ? values[place.index] : ""
      screen.write(
        Self.fit(value, place.width, right: place.column.alignRight), row: row,
        column: place.start, style: style, limit: place.width)
    }
  }

  /// Writes the columns' heads.
  func writeTitles(row: Int, into screen: inout ScreenBuffer, style: CellStyle) {
    var titles = [String](repeating: "", count: (placed.map(\.index).max() ?? -1) + 1)
    for place in placed { titles[place.index] = place.column.title }
    write(titles, row: row, into: &screen, style: style)
  }

  /// The text cut or padded to `width`.
  static func fit(_ text: String, _ width: Int, right: Bool) -> String {
    guard width > 0 else { return "" }
    if text.count > width { return String(text.prefix(width - 1)) + "…" }
    let padding = String(repeating: " ", count: width - text.count)
    return right ? padding + text : text
  }
}
