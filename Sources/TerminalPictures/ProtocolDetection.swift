/// How `auto` picks a protocol, as viewers such as timg, viuer and chafa do: the environment
/// first, then one question to the terminal, then half-blocks.
public enum ProtocolDetection {
  /// The protocol the environment names, if any: kitty and Ghostty by `TERM` or
  /// `KITTY_WINDOW_ID`; iTerm2's protocol by `TERM_PROGRAM`, `LC_TERMINAL` or `KONSOLE_VERSION`.
  public static func fromEnvironment(_ environment: [String: String]) -> ImageProtocol? {
    let term = environment["TERM"] ?? ""
    if term == "xterm-kitty" || term == "xterm-ghostty" || environment["KITTY_WINDOW_ID"] != nil {
      return .kitty
    }
    let program = environment["TERM_PROGRAM"] ?? ""
    if ["iTerm.app", "WezTerm", "vscode", "mintty", "rio", "WarpTerminal"].contains(program)
      || environment["LC_TERMINAL"] == "iTerm2" || environment["KONSOLE_VERSION"] != nil
    {
      return .iterm
    }
    return nil
  }

  /// Whether the environment says 24-bit colour.
  public static func trueColor(_ environment: [String: String]) -> Bool {
    ["truecolor", "24bit"].contains(environment["COLORTERM"]?.lowercased() ?? "")
  }

  /// What is asked of the terminal: kitty's graphics query, the device attributes (whose
  /// answer lists sixel as attribute 4), and a status report whose answer comes last, so its
  /// arrival says every answer is in.
  public static let question =
    "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\" + "\u{1B}[c" + "\u{1B}[5n"

  /// Whether `reply` holds the status report's answer, the last to come.
  public static func isComplete(_ reply: [UInt8]) -> Bool {
    String(decoding: reply, as: UTF8.self).contains("\u{1B}[0n")
  }

  /// The protocol the terminal's answer to ``question`` says it speaks: kitty's when it
  /// answered the graphics query, sixel when its attributes include 4; `nil` otherwise.
  public static func interpret(_ reply: [UInt8]) -> ImageProtocol? {
    let text = String(decoding: reply, as: UTF8.self)
    if text.contains("\u{1B}_Gi=31;OK") { return .kitty }
    // `ESC [ ? 62 ; 4 ; 22 c`: the attributes between `?` and `c`.
    if let start = text.firstRange(of: "\u{1B}[?"),
      let end = text[start.upperBound...].firstIndex(of: "c")
    {
      let attributes = text[start.upperBound..<end].split(separator: ";")
      if attributes.contains("4") { return .sixel }
    }
    return nil
  }

  /// Asks the terminal through `send` and `receive` (which waits at most the milliseconds it is
  /// given), giving up after `budget` milliseconds, answered or not.
  public static func ask(
    send: (String) -> Void, receive: (Int) -> [UInt8], budget: Int = 250,
    clock: () -> Double
  ) -> ImageProtocol? {
    send(question)
    let start = clock()
    var reply: [UInt8] = []
    while !isComplete(reply) {
      let left = budget - Int((clock() - start) * 1000)
      guard left > 0 else { break }
      reply += receive(left)
    }
    return interpret(reply)
  }
}
