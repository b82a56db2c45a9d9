import ArgumentParsing
import CommandRuntime
import SystemInterface
import TerminalPictures

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Which protocol `show` draws with, and what else it needs of the terminal: the flag or
/// setting, else (on a terminal) the environment, one question to the terminal, half-blocks.
enum PictureSetup {
  /// `--image-protocol`, `ROVERS_IMAGE_PROTOCOL`, config `image-protocol`.
  enum Choice: String, CaseIterable, Sendable {
    case auto, iterm, kitty, sixel, blocks, none
  }

  static let option = Option<Choice>.choice(
    "image-protocol", value: "protocol",
    help:
      "auto (what the terminal speaks), iterm, kitty, sixel, blocks (half-blocks) or none (a"
      + " line per image); or set ROVERS_IMAGE_PROTOCOL.",
    variable: "ROVERS_IMAGE_PROTOCOL", inConfig: true
  ).setting(default: .auto, shown: "auto")

  /// The terminal to draw on. Not on a terminal, `auto` draws nothing (a line per image);
  /// `ask` puts the question to the terminal when the environment does not say.
  static func terminal(
    _ choice: Choice, environment: [String: String], onTerminal: Bool,
    ask: () -> ImageProtocol? = askTerminal
  ) -> PictureTerminal {
    let chosen: ImageProtocol =
      switch choice {
      case .iterm: .iterm
      case .kitty: .kitty
      case .sixel: .sixel
      case .blocks: .blocks
      case .none: .none
      case .auto:
        !onTerminal || environment["TERM"] == "dumb"
          ? .none
          : ProtocolDetection.fromEnvironment(environment) ?? ask() ?? .blocks
      }
    var aspect = 2.0
    if let size = POSIX.windowSize(of: .output), size.width > 0, size.height > 0 {
      aspect =
        (Double(size.height) / Double(size.rows)) / (Double(size.width) / Double(size.columns))
    }
    return PictureTerminal(
      imageProtocol: chosen,
      // Without COLORTERM, 256 colours, which every terminal of the last decades shows.
      trueColor: ProtocolDetection.trueColor(environment),
      insideTmux: !(environment["TMUX"] ?? "").isEmpty,
      cellAspect: (1.0...4.0).contains(aspect) ? aspect : 2)
  }

  /// The cell width in pixels, when the terminal says.
  static var cellWidth: Int {
    guard let size = POSIX.windowSize(of: .output), size.width > 0 else {
      return TerminalPicture.assumedCellWidth
    }
    return max(4, size.width / size.columns)
  }

  /// Asks the terminal on stdin and stdout, in raw mode for a quarter of a second at most,
  /// and puts its settings back.
  static func askTerminal() -> ImageProtocol? {
    guard POSIX.isTerminal(.input), POSIX.isTerminal(.output),
      let saved = POSIX.enterRawMode(.input)
    else { return nil }
    defer { POSIX.restore(saved) }
    return ProtocolDetection.ask(
      send: { text in
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes {
          POSIX.write(POSIX.StandardStream.output.descriptor, $0.baseAddress, $0.count)
        }
      },
      receive: { milliseconds in POSIX.readWaiting(.input, milliseconds: milliseconds) },
      clock: { Date().timeIntervalSinceReferenceDate })
  }
}
