import ArgumentParsing
import PlainText
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Whether stdout is a terminal, how wide it is, and whether colour is wanted.
package struct TerminalStyle: Sendable {
  /// The width tables must fit; `nil` when stdout is not a terminal, so pipes get whole lines
  /// whatever `COLUMNS` says (a shell exports it to every program, piped or not).
  package var width: Int?
  /// The width help is wrapped to: the terminal's, else 80, as argument-parser's.
  package var helpWidth: Int { width ?? HelpFormatter.defaultWidth }
  /// Colour only on a terminal, and only when neither `NO_COLOR` nor `TERM=dumb` says no.
  package var color: Bool
  /// Whether stderr is a terminal, where a progress line may redraw itself.
  package var liveProgress: Bool
  /// Whether image addresses and NASA ids in tables are OSC 8 hyperlinks: on a terminal only,
  /// never with `TERM=dumb`.
  package var links = false

  package init(width: Int?, color: Bool, liveProgress: Bool = false) {
    self.width = width
    self.color = color
    self.liveProgress = liveProgress
  }

  package init(environment: [String: String]) {
    self.init(environment: environment, stdoutIsTerminal: POSIX.isTerminal(.output))
  }

  /// The rules, with whether stdout is a terminal given: colour only there, and only when
  /// neither `NO_COLOR` (set and not empty) nor `TERM=dumb` says no.
  package init(environment: [String: String], stdoutIsTerminal isTerminal: Bool) {
    let columns = environment["COLUMNS"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil }
    width = isTerminal ? columns ?? Self.terminalWidth() : nil
    color =
      isTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    liveProgress = POSIX.isTerminal(.error) && environment["TERM"] != "dumb"
    links = isTerminal && environment["TERM"] != "dumb"
  }

  /// `text` as a hyperlink to `address` a click opens, when links are on; the address's
  /// control characters removed, so it cannot end the sequence.
  package func link(_ text: String, to address: String?) -> String {
    guard links, let address, !address.isEmpty else { return text }
    let target = TerminalText.safe(address).replacing("\u{1B}", with: "")
    return "\u{1B}]8;;\(target)\u{1B}\\\(text)\u{1B}]8;;\u{1B}\\"
  }

  /// Wraps text in an SGR code when colour is on.
  package func paint(_ text: String, _ code: String) -> String {
    color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }

  private static func terminalWidth() -> Int { POSIX.columns(of: .output) ?? 80 }

  /// The width of the terminal stderr is on now, read at each redraw since a window can be
  /// resized during a long download; `nil` when stderr is not a terminal.
  package static func stderrWidth() -> Int? { POSIX.columns(of: .error) }
}
