import TerminalScreen
import Testing

/// A terminal of the size of a screen that understands what ``FrameDiff`` sends (cursor
/// moves, SGR, clearing, characters), so a test can check that the bytes draw the frame.
struct VirtualTerminal {
  private(set) var cells: [[Cell]]
  private var row = 0
  private var column = 0
  private var style = CellStyle.plain

  init(width: Int, height: Int) {
    cells = Array(repeating: Array(repeating: .blank, count: width), count: height)
  }

  /// Interprets the bytes.
  mutating func feed(_ text: String) {
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      guard character == "\u{1B}" else {
        if cells.indices.contains(row), cells[row].indices.contains(column) {
          cells[row][column] = Cell(character, style)
        }
        column += 1
        continue
      }
      #expect(characters.popFirst() == "[")
      var parameters = ""
      while let next = characters.popFirst() {
        if next.isLetter {
          apply(next, parameters)
          break
        }
        parameters.append(next)
      }
    }
  }

  private mutating func apply(_ final: Character, _ parameters: String) {
    let numbers = parameters.split(separator: ";").map { Int($0) ?? 0 }
    switch final {
    case "H":
      row = (numbers.first ?? 1) - 1
      column = (numbers.count > 1 ? numbers[1] : 1) - 1
    case "J":
      for index in cells.indices { cells[index] = cells[index].map { _ in .blank } }
    case "m":
      style = Self.style(numbers)
    default:
      Issue.record("unexpected sequence \(parameters)\(final)")
    }
  }

  private static func style(_ codes: [Int]) -> CellStyle {
    var style = CellStyle.plain
    var index = 0
    while index < codes.count {
      switch codes[index] {
      case 1: style.bold = true
      case 2: style.dim = true
      case 7: style.reverse = true
      case 38, 48:
        let target = codes[index]
        let color: TerminalColor
        if codes[index + 1] == 5 {
          color = .indexed(UInt8(codes[index + 2]))
          index += 2
        } else {
          color = .rgb(UInt8(codes[index + 2]), UInt8(codes[index + 3]), UInt8(codes[index + 4]))
          index += 4
        }
        if target == 38 { style.foreground = color } else { style.background = color }
      default: break
      }
      index += 1
    }
    return style
  }

  /// Whether the terminal shows exactly the buffer.
  func shows(_ buffer: ScreenBuffer) -> Bool {
    for row in 0..<buffer.height {
      for column in 0..<buffer.width where cells[row][column] != buffer[row, column] {
        return false
      }
    }
    return true
  }
}
