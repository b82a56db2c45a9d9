import CommandRuntime
import PlainText
import TerminalPictures

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Draws image files' bytes in the terminal as `show` does: the terminal's protocol, or a
/// line naming the picture when there is none.
struct PictureDrawer {
  let terminal: PictureTerminal
  let columns: Int
  let console: Console

  /// The drawer for `stereo`'s options.
  init(_ stereo: Rovers.Stereo, _ console: Console) {
    self.init(stereo.choice, width: stereo.width, environment: stereo.environment, console)
  }

  /// The drawer for `--image-protocol` and `--width`: the terminal's protocol, and the
  /// columns asked for, else the terminal's width, else `COLUMNS`, else 80.
  init(
    _ choice: PictureSetup.Choice, width: Int?, environment: [String: String], _ console: Console
  ) {
    terminal = PictureSetup.terminal(
      choice, environment: environment, onTerminal: console.style.width != nil)
    columns =
      width ?? console.style.width
      ?? environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 80
    self.console = console
  }

  /// Draws `bytes` under its caption; a picture that cannot be drawn is said in one line.
  func draw(_ bytes: [UInt8], caption: String) {
    let title = TerminalText.safe(caption) + "\n"
    guard terminal.imageProtocol != .none else {
      console.output(title)
      return
    }
    do {
      let picture = try TerminalPicture.draw(
        bytes, columns: columns, on: terminal, cellWidth: PictureSetup.cellWidth)
      console.output(title + picture)
    } catch {
      console.error("\(caption): \(error)")
    }
  }
}
