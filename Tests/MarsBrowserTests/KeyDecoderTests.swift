import Testing

@testable import TerminalScreen

@Suite("Keys from the bytes a terminal sends", .timeLimit(.minutes(3)))
struct KeyDecoderTests {
  private func keys(_ chunks: [[UInt8]]) -> [Key] {
    var decoder = KeyDecoder()
    return chunks.flatMap { decoder.keys(from: $0) }
  }

  private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test("arrows, PgUp/PgDn, Home and End in both the CSI and SS3 forms")
  func sequences() {
    #expect(
      keys([bytes("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D\u{1B}OA\u{1B}OB")])
        == [.up, .down, .right, .left, .up, .down])
    #expect(
      keys([bytes("\u{1B}[5~\u{1B}[6~\u{1B}[H\u{1B}[F\u{1B}[1~\u{1B}[4~\u{1B}[3~")])
        == [.pageUp, .pageDown, .home, .end, .home, .end, .delete])
    // With a modifier parameter (Shift, Ctrl), the key is the same.
    #expect(keys([bytes("\u{1B}[1;5A\u{1B}[5;2~")]) == [.up, .pageUp])
  }

  @Test("a sequence split across reads waits for its end")
  func split() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: [0x1B]).isEmpty)
    #expect(decoder.hasPending)
    #expect(decoder.keys(from: bytes("[")).isEmpty)
    #expect(decoder.keys(from: bytes("6")).isEmpty)
    #expect(decoder.keys(from: bytes("~j")) == [.pageDown, .character("j")])
    #expect(!decoder.hasPending)
  }

  @Test("Escape alone is the key once nothing follows; Alt and a key is Escape then the key")
  func escape() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: [0x1B]).isEmpty)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.flush().isEmpty)
    #expect(keys([[0x1B, UInt8(ascii: "q")]]) == [.escape, .character("q")])
    var twice = KeyDecoder()
    #expect(twice.keys(from: [0x1B, 0x1B]) == [.escape])
    #expect(twice.flush() == [.escape])
  }

  @Test("Enter, Backspace, Tab, Ctrl and UTF-8 characters")
  func plain() {
    #expect(
      keys([[0x0D, 0x0A, 0x7F, 0x08, 0x09, 0x03, 0x0C]])
        == [.enter, .enter, .backspace, .backspace, .tab, .control("c"), .control("l")])
    // é in two bytes, split across reads; 🚀 in four.
    #expect(keys([[0xC3], [0xA9], bytes("🚀")]) == [.character("é"), .character("🚀")])
  }

  @Test("unknown sequences and stray bytes are skipped, the keys after them kept")
  func unknown() {
    #expect(keys([bytes("\u{1B}[99z"), [0xFF, 0x00], bytes("k")]) == [.character("k")])
    // A runaway sequence never holds keys back for ever.
    #expect(
      keys([bytes("\u{1B}[" + String(repeating: "1", count: 40) + "j")]).contains(.character("j")))
  }
}
