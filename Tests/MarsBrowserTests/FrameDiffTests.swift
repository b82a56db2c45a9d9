import Testing

@testable import TerminalScreen

@Suite("Frames drawn off-screen and sent as the cells that changed", .timeLimit(.minutes(3)))
struct FrameDiffTests {
  private func frame(_ lines: [String], width: Int = 20, style: CellStyle = .plain) -> ScreenBuffer
  {
    var buffer = ScreenBuffer(width: width, height: lines.count)
    for (row, line) in lines.enumerated() { buffer.write(line, row: row, column: 0, style: style) }
    return buffer
  }

  @Test("the first frame is drawn whole, and the bytes draw exactly it")
  func firstFrame() {
    let next = frame(["rovers", "  Curiosity", "", "last"])
    var terminal = VirtualTerminal(width: 20, height: 4)
    terminal.feed("garbage from before")
    let bytes = FrameDiff.changes(from: nil, to: next)
    #expect(bytes.hasPrefix("\u{1B}[0m\u{1B}[2J"))
    terminal.feed(bytes)
    #expect(terminal.shows(next))
  }

  @Test("an unchanged frame sends nothing; a changed cell sends one move and the cell")
  func onlyChanges() {
    let last = frame(["rovers", "  Curiosity"])
    #expect(FrameDiff.changes(from: last, to: last).isEmpty)
    var next = last
    next[1, 2] = Cell("c")
    #expect(FrameDiff.changes(from: last, to: next) == "\u{1B}[2;3H\u{1B}[0mc")
  }

  @Test("random frames in a row: each diff turns what the terminal shows into the next frame")
  func randomFrames() {
    var generator = SystemRandomNumberGenerator()
    let styles: [CellStyle] = [
      .plain, CellStyle(reverse: true), CellStyle(foreground: .indexed(196), bold: true),
      CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(200, 100, 50)),
    ]
    var terminal = VirtualTerminal(width: 30, height: 8)
    var shown: ScreenBuffer? = nil
    for _ in 0..<200 {
      var next = shown ?? ScreenBuffer(width: 30, height: 8)
      for _ in 0..<Int.random(in: 0...12, using: &generator) {
        let row = Int.random(in: 0..<8, using: &generator)
        let column = Int.random(in: 0..<30, using: &generator)
        let text = String(
          (0..<Int.random(in: 1...9, using: &generator)).map { _ in
            "ab  ▀xyz".randomElement(using: &generator)!
          })
        next.write(text, row: row, column: column, style: styles.randomElement(using: &generator)!)
      }
      let bytes = FrameDiff.changes(from: shown, to: next)
      terminal.feed(bytes)
      #expect(terminal.shows(next))
      if shown == next { #expect(bytes.isEmpty) }
      shown = next
    }
  }

  @Test(
    "text from a server cannot move the cursor or break a row: controls and wide characters become ?"
  )
  func unsafeText() {
    var buffer = ScreenBuffer(width: 12, height: 1)
    let written = buffer.write("a\u{1B}[2Jb\n漢🚀\u{202E}c", row: 0, column: 0)
    #expect(buffer.text(ofRow: 0) == "a?[2Jb????c ")
    #expect(written == 11)
    // Clipped at the edge and at the limit, never past.
    #expect(buffer.write("0123456789ABCDEF", row: 0, column: 8) == 4)
    #expect(buffer.text(ofRow: 0).count == 12)
    #expect(buffer.write("xyz", row: 0, column: 0, limit: 2) == 2)
    #expect(buffer.text(ofRow: 0).hasPrefix("xy[2J"))
  }
}
