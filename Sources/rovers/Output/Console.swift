import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the tool writes: data to stdout, everything else to stderr, with every secret
/// replaced by `***` on the way out, whatever wrote it.
final class Console: Sendable {
  private let currentStyle: Mutex<TerminalStyle>

  /// How the terminal behaves: read at start-up, colour turned off by `--no-color`.
  var style: TerminalStyle { currentStyle.withLock { $0 } }

  /// Turns colour off for the rest of the run.
  func disableColor() { currentStyle.withLock { $0.color = false } }
  private let secrets = Mutex<[String]>([])
  private let out: @Sendable (String) -> Void
  private let err: @Sendable (String) -> Void

  /// A console over the process's own stdout and stderr.
  static func standard(environment: [String: String]) -> Console {
    Console(
      style: TerminalStyle(environment: environment),
      out: { FileHandle.standardOutput.write(Data($0.utf8)) },
      err: { FileHandle.standardError.write(Data($0.utf8)) })
  }

  init(
    style: TerminalStyle, out: @escaping @Sendable (String) -> Void,
    err: @escaping @Sendable (String) -> Void
  ) {
    currentStyle = Mutex(style)
    self.out = out
    self.err = err
  }

  /// Adds text that must never be written, such as the API key, in plain and URL-encoded form.
  func redact(_ secret: String) {
    guard !secret.isEmpty else { return }
    let encoded = secret.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? secret
    secrets.withLock { $0 += Set([secret, encoded]).sorted { $0.count > $1.count } }
  }

  /// Writes data to stdout.
  func output(_ text: String) { out(redacted(text)) }

  /// Writes one diagnostic line to stderr.
  func diagnostic(_ line: String) { err(redacted(line) + "\n") }

  /// Redraws the one status line at the foot of a terminal (no newline); used only when
  /// stderr is a terminal.
  func status(_ line: String) { err("\r\u{1B}[2K" + redacted(line)) }

  /// Writes `Error: <message>` to stderr.
  func error(_ message: String) { diagnostic("Error: \(message)") }

  private func redacted(_ text: String) -> String {
    let secrets = self.secrets.withLock { $0 }
    // The standard library's own search: Foundation's bridges the whole text to NSString,
    // which costs milliseconds on a megabyte of JSON.
    return secrets.reduce(text) { text, secret in
      text.firstRange(of: secret) == nil ? text : text.replacing(secret, with: "***")
    }
  }
}
