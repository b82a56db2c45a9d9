/// What to send a terminal to turn the last frame into the next: only the cells that changed,
/// each run of them after one cursor move, each style change once.
public enum FrameDiff {
  /// Unchanged cells rewritten rather than jumped over: a cursor move costs about as much.
  static let bridgedGap = 4

  /// The bytes that draw `next` over `last`; the whole screen when there is no last frame or
  /// its size differs (after a resize, or when the terminal was given back and taken again).
  public static func changes(from last: ScreenBuffer?, to next: ScreenBuffer) -> String {
    var output = ""
    let previous: ScreenBuffer
    if let last, last.width == next.width, last.height == next.height {
      previous = last
    } else {
      output += "\u{1B}[0m\u{1B}[2J"
      previous = ScreenBuffer(width: next.width, height: next.height)
    }
    var style: CellStyle? = nil
    for row in 0..<next.height {
      for run in changedRuns(row: row, from: previous, to: next) {
        output += "\u{1B}[\(row + 1);\(run.lowerBound + 1)H"
        for column in run {
          let cell = next[row, column]
          if cell.style != style {
            output += cell.style.selectGraphicRendition
            style = cell.style
          }
          output.append(cell.character)
        }
      }
    }
    if style != nil, style != .plain { output += "\u{1B}[0m" }
    return output
  }

  /// The runs of columns of one row to rewrite: changed cells, with short unchanged gaps
  /// between them bridged.
  static func changedRuns(row: Int, from last: ScreenBuffer, to next: ScreenBuffer)
    -> [Range<Int>]
  {
    var runs: [Range<Int>] = []
    var start: Int? = nil
    var lastChanged = 0
    for column in 0..<next.width where last[row, column] != next[row, column] {
      if let open = start, column - lastChanged > bridgedGap + 1 {
        runs.append(open..<(lastChanged + 1))
        start = column
      } else if start == nil {
        start = column
      }
      lastChanged = column
    }
    if let start { runs.append(start..<(lastChanged + 1)) }
    return runs
  }
}
