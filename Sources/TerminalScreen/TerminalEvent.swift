/// What a terminal tells a full-screen program.
public enum TerminalEvent: Sendable, Equatable {
  /// A key was pressed.
  case key(Key)
  /// The window has a new size, in columns and rows.
  case resized(columns: Int, rows: Int)
  /// The program was continued after Ctrl-Z (`fg`) and has the screen again: draw it whole.
  case resumed
}
