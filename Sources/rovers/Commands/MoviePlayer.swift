import RasterImages

/// Plays a movie in the terminal (`movie --show`).
struct MoviePlayer {
  let command: Rovers.Movie
  let console: Console

  init(_ command: Rovers.Movie, _ console: Console) {
    self.command = command
    self.console = console
  }

  func play(_ animation: Animation, caption: String) async throws {}
}
