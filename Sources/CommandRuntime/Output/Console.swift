import PlainText
import RoverAPI
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the tool writes: data to stdout, everything else to stderr.
///
/// What the tool itself says (messages, logs, progress) has every secret replaced by `***`;
/// data from the server is printed as it came, since a short key such as `a` would otherwise
/// rewrite it. A failed write to stdout is remembered and ends the run with exit 73 (or, for a
/// reader that went away, quietly, as `head` expects); a failed write to stderr changes nothing.
package final class Console: Sendable {
  private let currentStyle: Mutex<TerminalStyle>

  /// How the terminal behaves: read at start-up, colour turned off by `--no-color`.
  package var style: TerminalStyle { currentStyle.withLock { $0 } }

  /// Turns colour off for the rest of the run.
  package func disableColor() { currentStyle.withLock { $0.color = false } }
  /// Turns colour on for the rest of the run: `--color always`.
  package func enableColor() { currentStyle.withLock { $0.color = true } }
  private let secrets = Mutex<[String]>([])
  private let out: @Sendable (String) throws(OutputStream.Failure) -> Void
  private let err: @Sendable (String) throws(OutputStream.Failure) -> Void
  private let failure = Mutex<OutputStream.Failure?>(nil)

  /// A console over the process's own stdout and stderr.
  package static func standard(environment: [String: String]) -> Console {
    let (out, err) = OutputStream.standardStreams()
    return Console(
      style: TerminalStyle(environment: environment),
      out: { text throws(OutputStream.Failure) in
        try out.write(text)
      }, err: { text throws(OutputStream.Failure) in try err.write(text) })
  }

  package init(
    style: TerminalStyle, out: @escaping @Sendable (String) throws(OutputStream.Failure) -> Void,
    err: @escaping @Sendable (String) throws(OutputStream.Failure) -> Void
  ) {
    currentStyle = Mutex(style)
    self.out = out
    self.err = err
  }

  /// The first failed write to stdout, if any.
  package var outputFailure: OutputStream.Failure? { failure.withLock { $0 } }

  /// Adds text that must never be written, such as the API key, in plain and URL-encoded form.
  package func redact(_ secret: String) {
    // Shorter "keys" are refused before use; hiding them would rewrite ordinary words.
    guard secret.count >= APIKeySource.minimumLength else { return }
    let encoded = PercentEncoding.encode(secret, keeping: .alphanumerics)
    secrets.withLock { $0 += Set([secret, encoded]).sorted { $0.count > $1.count } }
  }

  /// Writes data to stdout, as it is: nothing after a failed write.
  package func output(_ text: String) {
    guard failure.withLock({ $0 == nil }) else { return }
    do {
      try out(text)
    } catch {
      failure.withLock { $0 = $0 ?? error }
    }
  }

  /// Writes one diagnostic line to stderr.
  package func diagnostic(_ line: String) { try? err(redacted(line) + "\n") }

  /// Redraws the one status line at the foot of a terminal (no newline); used only when
  /// stderr is a terminal.
  package func status(_ line: String) {
    // A line longer than the terminal would wrap, and the next redraw would clear only the
    // last of its rows.
    // Hidden first: a cut could leave half a secret that no longer matches.
    let text = redacted(line)
    let width = style.liveProgress ? TerminalStyle.stderrWidth() : nil
    let fitted = width.map { text.count < $0 ? text : String(text.prefix($0 - 1)) } ?? text
    try? err("\r\u{1B}[2K" + fitted)
  }

  /// Writes a line about the data just printed (a warning, a note) to stderr, unless stdout
  /// failed: a run whose output was lost ends with the one line that says so.
  package func remark(_ line: String) {
    guard outputFailure == nil else { return }
    diagnostic(line)
  }

  /// Writes `Error: <message>` to stderr.
  package func error(_ message: String) { diagnostic("Error: \(message)") }

  /// The text with every secret replaced: for what the tool says that goes to stdout, such as
  /// an error inside JSON.
  package func redacted(_ text: String) -> String {
    let secrets = self.secrets.withLock { $0 }
    // The standard library's own search: Foundation's bridges the whole text to NSString.
    return secrets.reduce(text) { text, secret in
      text.firstRange(of: secret) == nil ? text : text.replacing(secret, with: "***")
    }
  }
}
