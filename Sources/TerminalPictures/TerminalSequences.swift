/// The escape sequences the pictures are wrapped in.
enum TerminalSequences {
  static let escape = "\u{1B}"
  /// String terminator, `ESC \`.
  static let terminator = "\u{1B}\\"

  /// A sequence passed through tmux to the terminal outside: `ESC P tmux; … ESC \`, every ESC
  /// inside doubled.
  static func throughTmux(_ sequence: String) -> String {
    "\u{1B}Ptmux;" + sequence.replacing("\u{1B}", with: "\u{1B}\u{1B}") + terminator
  }
}
