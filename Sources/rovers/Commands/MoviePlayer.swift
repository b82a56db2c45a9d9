import CommandRuntime
import PlainText
import RasterImages
import Synchronization
import TerminalPictures
import TerminalScreen

/// Plays a movie in the terminal (`movie --show`): kitty gets its animation frames and loops
/// them, iTerm2 gets the GIF; sixel and half-blocks are redrawn in place at the movie's pace, on
/// the alternate screen, until q, Escape or Ctrl-C, and the terminal is then given back as it
/// was. Not on a terminal, a line names the movie.
struct MoviePlayer {
  let terminal: PictureTerminal
  let columns: Int
  let console: Console

  init(
    _ choice: PictureSetup.Choice, width: Int?, environment: [String: String], _ console: Console
  ) {
    // The terminal and the width, found as show and stereo find them.
    let drawer = PictureDrawer(choice, width: width, environment: environment, console)
    terminal = drawer.terminal
    columns = drawer.columns
    self.console = console
  }

  /// Shows `animation` under `caption`; returns when it is over (at once where the terminal
  /// plays it itself).
  func play(_ animation: Animation, caption: String) async throws {
    let title = TerminalText.safe(caption) + "\n"
    switch terminal.imageProtocol {
    case .none:
      console.output(title)
    case .kitty:
      console.output(
        title
          + MoviePictures.kittyAnimation(
            animation, columns: columns, cellWidth: PictureSetup.cellWidth, id: 1892,
            on: terminal))
    case .iterm:
      console.output(
        title
          + MoviePictures.itermAnimation(
            GIFEncoder.encode(animation), columns: columns, on: terminal))
    case .sixel, .blocks:
      try await redraw(animation, title: title)
    }
  }

  /// Frame after frame over the last, until a key says stop or the run is interrupted.
  private func redraw(_ animation: Animation, title: String) async throws {
    let quit = Mutex(false)
    let session = TerminalSession.start { event in
      guard case .key(let key) = event else { return }
      switch key {
      case .character("q"), .character("Q"), .escape, .control("c"): quit.withLock { $0 = true }
      default: break
      }
    }
    guard let session else {
      // Not a terminal to play in: the first frame, once, as show draws a picture.
      let first = MoviePictures.frames(
        Animation(frames: Array(animation.frames.prefix(1)), delays: [0]), columns: columns,
        rows: 1000, cellWidth: PictureSetup.cellWidth, on: terminal)
      console.output(title + (first.first ?? "") + "\n")
      return
    }
    defer { session.restore() }
    let size = session.size
    let pictures = MoviePictures.frames(
      animation, columns: min(columns, size.columns), rows: max(1, size.rows - 2),
      cellWidth: PictureSetup.cellWidth, on: terminal)
    let help = "  q to stop"
    var index = 0
    while !quit.withLock({ $0 }) {
      session.write(
        "\u{1B}[H" + title.dropLast() + help + "\n" + pictures[index]
          + "\n\(index + 1)/\(pictures.count)\u{1B}[K")
      // The frame's time, in short steps, so a key is answered within a few hundredths.
      var waited = 0
      let delay = animation.delays[index]
      while waited < delay, !quit.withLock({ $0 }) {
        let step = min(20, delay - waited)
        try await Task.sleep(for: .milliseconds(step))
        waited += step
      }
      index = (index + 1) % pictures.count
    }
  }
}
