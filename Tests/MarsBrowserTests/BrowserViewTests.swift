import RoverAPI
import Testing

@testable import MarsBrowser
@testable import TerminalScreen

@Suite("The browser drawn off-screen at every size", .timeLimit(.minutes(3)))
struct BrowserViewTests {
  /// Each level of the browser, loaded, at a size.
  private func levels(
    columns: Int, rows: Int, options: BrowserState.Options = BrowserSamples.options
  )
    -> [BrowserState]
  {
    var rovers = BrowserSamples.atRovers(columns: columns, rows: rows, options: options)
    rovers.receive(.sols("curiosity"), .sols(BrowserSamples.sols(4000)))
    var sols = rovers
    _ = sols.apply(.key(.enter))
    var photos = sols
    _ = photos.apply(.key(.enter))
    let key = SolKey(rover: "curiosity", sol: 3999)
    photos.receive(.photos(key), .photos(BrowserSamples.photos(sol: 3999)))
    if let address = photos.selectedPhoto?.imgSrc {
      photos.receive(.preview(address), .preview(BrowserSamples.picture))
    }
    return [rovers, sols, photos]
  }

  @Test(
    "80 × 24, 60 × 20 and 120 × 40: title, heads, rows and status, columns dropped before anything is cut mid-number",
    arguments: [(80, 24), (60, 20), (120, 40), (40, 12)])
  func sizes(_ size: (Int, Int)) {
    let (columns, rows) = size
    for state in levels(columns: columns, rows: rows) {
      let screen = BrowserView.render(state)
      #expect(screen.width == columns)
      #expect(screen.height == rows)
      let lines = screen.lines
      #expect(lines[0].hasPrefix(" rovers"))
      // The status line says the keys, or the start of them.
      #expect(lines[rows - 1].contains("?") || lines[rows - 1].contains("Enter") || columns < 50)
      switch state.level {
      case .rovers:
        #expect(lines[2].contains("Curiosity"))
        #expect(lines[2].contains("366,206") || columns < 45)
      case .sols:
        #expect(lines[2].contains("3999"))
        // The photo count stays whole: a column goes before a number is cut.
        #expect(
          lines[2].contains(" \(3999 % 900 + 1) ") || lines[2].hasSuffix(" \(3999 % 900 + 1)"))
        #expect(lines.dropFirst(2).dropLast().count == rows - 3)
      case .photos:
        #expect(lines[2].contains("FHAZ"))
        #expect(lines[2].contains("N3999_1"))
      }
    }
  }

  @Test("the sol level lists the newest sol first and the selection in reverse video")
  func selection() {
    var state = BrowserSamples.atSols(4000, columns: 80, rows: 24)
    _ = state.apply(.key(.down))
    let screen = BrowserView.render(state)
    #expect(screen.lines[2].contains("3999"))
    #expect(screen.lines[3].contains("3998"))
    #expect(screen[3, 5].style.reverse)
    #expect(!screen[2, 5].style.reverse)
    #expect(screen.lines[0].contains("2/3600"))
  }

  @Test("the preview is the photo in half-blocks beside the list, with its caption")
  func preview() throws {
    let state = levels(columns: 120, rows: 40)[2]
    let screen = BrowserView.render(state)
    let width = BrowserView.previewWidth(120)
    let origin = 120 - width
    #expect(screen.text(ofRow: 2).contains("│"))
    let first = screen[1, origin]
    let last = screen[1, origin + width - 1]
    #expect(first.character == "▀")
    #expect(first.style.foreground == .rgb(255, 0, 0))
    #expect(last.style.foreground == .rgb(0, 0, 255))
    #expect(screen.lines.contains { $0.contains("N3999_1") && $0.contains("│") })
    // Without a preview width (a narrow screen) none is drawn and none is fetched.
    let narrow = levels(columns: 60, rows: 20)[2]
    #expect(!BrowserView.render(narrow).lines.joined().contains("▀"))
    var unloaded = narrow
    unloaded.previews = [:]
    #expect(unloaded.wantedLoads.isEmpty)
  }

  @Test("without colour (NO_COLOR, --color never) nothing is coloured and no preview is drawn")
  func noColor() {
    let options = BrowserState.Options(
      previews: false, colors: false, trueColor: false, folder: ".")
    for state in levels(columns: 100, rows: 30, options: options) {
      let screen = BrowserView.render(state)
      for row in 0..<screen.height {
        for column in 0..<screen.width {
          #expect(screen[row, column].style.foreground == nil)
          #expect(screen[row, column].style.background == nil)
        }
      }
      #expect(!screen.lines.joined().contains("▀"))
      #expect(!state.wantedLoads.contains { if case .preview = $0 { true } else { false } })
    }
  }

  @Test("a resize redraws to the new size with the selection still on screen")
  func resize() {
    var state = BrowserSamples.atSols(4000, columns: 120, rows: 40)
    for _ in 0..<35 { _ = state.apply(.key(.down)) }
    _ = state.apply(.resized(columns: 60, rows: 20))
    let cursor = state.cursor(.sols)
    #expect(cursor.selected == 35)
    #expect((cursor.top..<(cursor.top + state.listHeight)).contains(35))
    let screen = BrowserView.render(state)
    #expect(screen.width == 60)
    #expect(screen.lines.contains { $0.contains(String(state.selectedSol!.sol)) })
  }
}
