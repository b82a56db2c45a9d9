/// One cell of the screen: a character one column wide and its style.
public struct Cell: Sendable, Hashable {
  /// What the cell shows.
  public var character: Character
  /// How it is drawn.
  public var style: CellStyle

  /// A cell.
  public init(_ character: Character, _ style: CellStyle = .plain) {
    self.character = character
    self.style = style
  }

  /// An empty cell of the terminal's own look.
  public static let blank = Cell(" ")
}

/// The screen drawn off-screen: rows of cells, written to the terminal only where they differ
/// from the last frame (``FrameDiff``).
///
/// Whatever is written is clipped to the buffer, and each character takes exactly one cell:
/// control characters, which would move the cursor, and wide characters, which would take two
/// columns and push the rest of the row out of line, become `?`. Text from a server can thus
/// never break the layout or reach the terminal as a command.
public struct ScreenBuffer: Sendable, Equatable {
  /// Columns.
  public let width: Int
  /// Rows.
  public let height: Int
  private(set) var cells: [Cell]

  /// A blank screen.
  public init(width: Int, height: Int) {
    self.width = max(0, width)
    self.height = max(0, height)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The cell at a row and column.
  public subscript(row: Int, column: Int) -> Cell {
    get { cells[row * width + column] }
    set {
      guard (0..<height).contains(row), (0..<width).contains(column) else { return }
      cells[row * width + column] = newValue
    }
  }

  /// The text of a row, without styles: what a test or a screenshot reads.
  public func text(ofRow row: Int) -> String {
    guard (0..<height).contains(row) else { return "" }
    return String(cells[(row * width)..<((row + 1) * width)].map(\.character))
  }

  /// Every row's text, trailing blanks dropped.
  public var lines: [String] {
    (0..<height).map { String(text(ofRow: $0).reversed().drop { $0 == " " }.reversed()) }
  }

  /// Writes `text` from a column of a row, at most `limit` columns of it; returns the columns
  /// written.
  @discardableResult
  public mutating func write(
    _ text: String, row: Int, column: Int, style: CellStyle = .plain, limit: Int? = nil
  ) -> Int {
    guard (0..<height).contains(row), column < width else { return 0 }
    let end = min(width, column + (limit ?? width))
    var position = column
    for character in text {
      guard position < end else { break }
      if position >= 0 {
        cells[row * width + position] = Cell(Self.singleColumn(character), style)
      }
      position += 1
    }
    return max(0, position - max(column, 0))
  }

  /// Sets a style over a run of cells, keeping their characters: a selected row.
  public mutating func restyle(row: Int, columns: Range<Int>, _ style: CellStyle) {
    guard (0..<height).contains(row) else { return }
    for column in columns.clamped(to: 0..<width) {
      cells[row * width + column].style = style
    }
  }

  /// Fills a run of cells with one character and style.
  public mutating func fill(row: Int, columns: Range<Int>, with cell: Cell = .blank) {
    guard (0..<height).contains(row) else { return }
    for column in columns.clamped(to: 0..<width) { cells[row * width + column] = cell }
  }

  /// The character itself when it takes one column, else `?`.
  static func singleColumn(_ character: Character) -> Character {
    guard let scalar = character.unicodeScalars.first else { return "?" }
    let value = scalar.value
    if value < 0x20 || (0x7F...0x9F).contains(value) { return "?" }
    if isWide(value) || scalar.properties.generalCategory == .format { return "?" }
    return character
  }

  /// East Asian wide and fullwidth ranges, and emoji: the characters terminals draw two
  /// columns wide.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x1F000...0x1FAFF, 0x20000...0x3FFFD:
      true
    default: false
    }
  }
}
