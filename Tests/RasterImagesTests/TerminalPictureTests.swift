import Foundation
import TestSupport
import Testing

@testable import RasterImages
@testable import TerminalPictures

/// Scaling, the four ways of drawing, tmux's passthrough and how a terminal is recognized.
@Suite(.timeLimit(.minutes(3))) struct TerminalPictureTests {
  /// A 4 × 2 picture: left half black and white stripes, right half red.
  static let image = RasterImage(
    width: 4, height: 2,
    pixels: [
      0, 0, 0, 255, 255, 255, 200, 0, 0, 200, 0, 0, 255, 255, 255, 0, 0, 0, 200, 0, 0, 200, 0, 0,
    ])

  @Test func scalingAveragesEveryPixelUnderEachNewOne() {
    let half = Self.image.scaled(width: 2, height: 1)
    // Two blacks and two whites average to grey; the red stays red.
    #expect(half.pixels == [128, 128, 128, 200, 0, 0])
    let wide = Self.image.scaled(width: 8, height: 4)
    #expect(wide.width == 8 && wide.height == 4)
    #expect(Array(wide.pixels[0..<6]) == [0, 0, 0, 0, 0, 0])
  }

  @Test func halfBlocksPutTwoPixelsInACellKeepingTheShape() throws {
    let terminal = PictureTerminal(imageProtocol: .blocks, trueColor: true)
    // 4 × 2 pixels, 4 columns, cells twice as tall as wide: one row of cells.
    let lines = BlockPicture.lines(Self.image, columns: 4, terminal)
    #expect(lines.count == 1)
    #expect(lines[0].hasPrefix("\u{1B}[38;2;0;0;0;48;2;255;255;255m▀"))
    #expect(lines[0].hasSuffix("\u{1B}[0m"))
    #expect(lines[0].components(separatedBy: "▀").count - 1 == 4)
    let tall = RasterImage(width: 10, height: 40, pixels: [UInt8](repeating: 90, count: 1200))
    #expect(BlockPicture.rows(for: tall, columns: 10, cellAspect: 2) == 20)
    let palette = BlockPicture.lines(
      Self.image, columns: 4, PictureTerminal(imageProtocol: .blocks, trueColor: false))
    #expect(palette[0].hasPrefix("\u{1B}[38;5;16;48;5;231m▀"))
    #expect(BlockPicture.xterm256((128, 128, 128)) == 244)
    #expect(BlockPicture.xterm256((255, 0, 0)) == 196)
  }

  @Test func sixelBandsAreSixRowsEachWithARegisterPerColour() {
    let picture = RasterImage(width: 3, height: 7, pixels: [UInt8](repeating: 255, count: 63))
    let sequence = SixelPicture.sequence(picture)
    #expect(sequence.hasPrefix("\u{1B}P0;1;0q\"1;1;3;7#0;2;0;0;0"))
    #expect(sequence.hasSuffix("\u{1B}\\"))
    let data = sequence.components(separatedBy: "#251;2;100;100;100").last ?? ""
    // Two bands: six rows of white (`~` is all six bits), then one (`@`).
    #expect(data == "#251~~~-#251@@@\u{1B}\\")
  }

  @Test func kittyTakesPNGAsItIsAndOtherPicturesAsPixelsInChunks() throws {
    let png = try [UInt8](
      Data(contentsOf: PackagePaths.fixture("decoding/rgb8.png")))
    let terminal = PictureTerminal(imageProtocol: .kitty)
    let drawn = try TerminalPicture.draw(png, columns: 20, on: terminal)
    #expect(drawn.hasPrefix("\u{1B}_Ga=T,f=100,q=2,c=20,m=1;"))
    #expect(drawn.hasSuffix("\u{1B}\\\n"))
    let chunks = drawn.components(separatedBy: "\u{1B}_G").dropFirst()
    #expect(chunks.count == (png.count * 4 / 3 + 4095) / 4096)
    #expect(chunks.last?.hasPrefix("m=0;") == true)
    let jpeg = try [UInt8](
      Data(contentsOf: PackagePaths.fixture("decoding/colour-420.jpg")))
    let pixels = try TerminalPicture.draw(jpeg, columns: 10, on: terminal, cellWidth: 8)
    #expect(pixels.hasPrefix("\u{1B}_Ga=T,f=24,s=80,v=59,q=2,c=10,"))
  }

  @Test func iTermGetsTheFileItselfAndTmuxGetsEveryEscapeDoubled() throws {
    let bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3]
    let drawn = try TerminalPicture.draw(
      bytes, columns: 30, on: PictureTerminal(imageProtocol: .iterm))
    #expect(
      drawn
        == "\u{1B}]1337;File=inline=1;size=7;width=30;preserveAspectRatio=1:"
        + Data(bytes).base64EncodedString() + "\u{07}\n")
    let inside = try TerminalPicture.draw(
      bytes, columns: 30, on: PictureTerminal(imageProtocol: .iterm, insideTmux: true))
    #expect(inside.hasPrefix("\u{1B}Ptmux;\u{1B}\u{1B}]1337;File="))
    #expect(inside.hasSuffix("\u{07}\u{1B}\\\n"))
  }

  @Test func theEnvironmentThenTheTerminalsAnswerDecide() {
    #expect(ProtocolDetection.fromEnvironment(["TERM": "xterm-kitty"]) == .kitty)
    #expect(ProtocolDetection.fromEnvironment(["KITTY_WINDOW_ID": "1"]) == .kitty)
    #expect(ProtocolDetection.fromEnvironment(["TERM": "xterm-ghostty"]) == .kitty)
    #expect(ProtocolDetection.fromEnvironment(["TERM_PROGRAM": "WezTerm"]) == .iterm)
    #expect(ProtocolDetection.fromEnvironment(["LC_TERMINAL": "iTerm2"]) == .iterm)
    #expect(ProtocolDetection.fromEnvironment(["TERM": "xterm-256color"]) == nil)
    #expect(
      ProtocolDetection.interpret(Array("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;22c\u{1B}[0n".utf8))
        == .kitty)
    #expect(ProtocolDetection.interpret(Array("\u{1B}[?62;4;22c\u{1B}[0n".utf8)) == .sixel)
    #expect(ProtocolDetection.interpret(Array("\u{1B}[?1;2c\u{1B}[0n".utf8)) == nil)
    #expect(ProtocolDetection.trueColor(["COLORTERM": "truecolor"]))
    // A terminal that answers in two pieces is heard out; one that never answers costs the
    // budget and no more.
    var sent = ""
    var pieces = [Array("\u{1B}[?62;4".utf8), Array(";22c\u{1B}[0n".utf8)]
    var time = 0.0
    let answered = ProtocolDetection.ask(
      send: { sent += $0 },
      receive: { _ in
        time += 0.01
        return pieces.isEmpty ? [] : pieces.removeFirst()
      }, clock: { time })
    #expect(answered == .sixel)
    #expect(sent == ProtocolDetection.question)
    var waited = 0
    let silent = ProtocolDetection.ask(
      send: { _ in },
      receive: { milliseconds in
        waited += milliseconds
        time += Double(milliseconds) / 1000
        return []
      }, clock: { time })
    #expect(silent == nil)
    #expect(waited == 250)
  }

  @Test func aContactSheetDrawsCellsSideBySide() {
    let cells = [
      ContactSheet.Cell(caption: "a long caption that is cut", lines: ["AAAA", "AAAA"]),
      ContactSheet.Cell(caption: "b", lines: ["BBBB"]),
    ]
    #expect(ContactSheet.line(cells, width: 4, gap: 1) == "a l… b   \nAAAA BBBB\nAAAA     \n")
    #expect(ContactSheet.perLine(columns: 80, width: 40, gap: 2) == 1)
    #expect(ContactSheet.perLine(columns: 82, width: 40, gap: 2) == 2)
  }
}
