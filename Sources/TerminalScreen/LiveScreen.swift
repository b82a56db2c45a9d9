/// A full-screen view drawn again every interval and on a resize, until q, Escape or Ctrl-C,
/// or until the task that shows it is cancelled: `rovers clock --watch`. The terminal is given
/// back as it was however it ends.
public enum LiveScreen {
  /// Shows `frame(columns, rows)` on the terminal's own screen, drawn again every `interval`
  /// seconds and when the window changes; `false` when stdin and stdout are not a terminal.
  public static func show(
    every interval: Double, frame: @escaping @Sendable (_ columns: Int, _ rows: Int) -> String
  ) async -> Bool {
    // A tick is `nil`; what the terminal says is its event.
    let (events, post) = AsyncStream.makeStream(of: TerminalEvent?.self)
    guard let session = TerminalSession.start(onEvent: { post.yield($0) }) else { return false }
    defer { session.restore() }
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        while !Task.isCancelled {
          try? await Task.sleep(for: .seconds(interval))
          post.yield(nil)
        }
      }
      draw(frame, on: session)
      for await event in events {
        if case .key(let key)? = event, ends(key) { break }
        draw(frame, on: session)
      }
      group.cancelAll()
    }
    return true
  }

  /// Whether the key ends the view: q, Escape or Ctrl-C (in case the terminal sends it as a
  /// key rather than a signal).
  static func ends(_ key: Key) -> Bool {
    key == .character("q") || key == .character("Q") || key == .escape || key == .control("c")
  }

  /// The frame from the top left, each line cleared to its end, the rest of the screen below
  /// cleared: raw mode needs a carriage return before each new line.
  private static func draw(
    _ frame: @Sendable (Int, Int) -> String, on session: TerminalSession
  ) {
    let size = session.size
    let lines = frame(size.columns, size.rows).split(
      separator: "\n", omittingEmptySubsequences: false)
    session.write("\u{1B}[H" + lines.joined(separator: "\u{1B}[K\r\n") + "\u{1B}[J")
  }
}
