import Foundation
import TestSupport

/// A terminal for the tests: a tmux session on a server of its own, which runs a command in a
/// real pseudo-terminal, takes keys and shows its screen.
final class Tmux: Sendable {
  static var isInstalled: Bool { path != nil }
  private static let path = ["/usr/bin/tmux", "/usr/local/bin/tmux"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  private let folder: TemporaryFolder
  /// The server's socket, in the test's own folder: named with `-L`, tmux would keep it in
  /// `/tmp/tmux-UID/` (whatever `TMUX_TMPDIR` says), a folder that outlives every test and,
  /// on a machine where tmux never ran, appears in the temporary folder because of the suite.
  private var socket: String { folder.file("tmux").path }

  private init() throws { folder = try TemporaryFolder("tmux") }

  /// Starts `command` (run by bash) in a window `columns` × `rows`.
  static func start(columns: Int, rows: Int, command: String) async throws -> Tmux {
    let session = try Tmux()
    try await session.tmux([
      "new-session", "-d", "-s", "t", "-x", "\(columns)", "-y", "\(rows)", command,
    ])
    return session
  }

  deinit {
    // The server would outlive the test: it is ended whatever the test's outcome, and before
    // its folder goes, since the socket there is the only way to reach it.
    _ = try? Subprocess(
      Self.path ?? "/usr/bin/tmux", ["-S", socket, "kill-server"], environment: [:]
    ).waitBlocking()
  }

  /// Sends keys as tmux names them (`Enter`, `Left`, `C-z`).
  func press(_ keys: String...) async throws { try await tmux(["send-keys", "-t", "t"] + keys) }

  /// Types text, each character a key.
  func type(_ text: String) async throws { try await tmux(["send-keys", "-t", "t", "-l", text]) }

  /// The screen's lines.
  func screen() async throws -> [String] {
    try await tmux(["capture-pane", "-p", "-t", "t"]).components(separatedBy: "\n")
  }

  /// The screen with its colours and attributes as escape sequences.
  func screenWithEscapes() async throws -> String {
    try await tmux(["capture-pane", "-p", "-e", "-t", "t"])
  }

  /// Resizes the window.
  func resize(columns: Int, rows: Int) async throws {
    try await tmux(["resize-window", "-t", "t", "-x", "\(columns)", "-y", "\(rows)"])
  }

  /// The terminal device of the pane, for `stty -F`.
  func tty() async throws -> String {
    try await tmux(["display-message", "-p", "-t", "t", "#{pane_tty}"]).trimmingCharacters(
      in: .whitespacesAndNewlines)
  }

  /// The name of the program in the pane's foreground (`bash` once a command has ended).
  func foreground() async throws -> String {
    try await tmux(["display-message", "-p", "-t", "t", "#{pane_current_command}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Waits until the screen holds a line for which `condition` holds.
  func waitFor(_ what: String, within seconds: Double = 30, _ condition: (String) -> Bool)
    async throws
  {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try await !screen().contains(where: condition) {
      guard ContinuousClock.now < deadline else {
        throw Poll.TimedOut(what: "\(what) on the screen: \(try await screen())", seconds: seconds)
      }
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Waits until the screen shows `text`.
  func waitFor(_ text: String, within seconds: Double = 30) async throws {
    try await waitFor("'\(text)'", within: seconds) { $0.contains(text) }
  }

  @discardableResult
  private func tmux(_ arguments: [String]) async throws -> String {
    let output = folder.url.appendingPathComponent("output").path
    let child = try Subprocess(
      Self.path ?? "/usr/bin/tmux", ["-S", socket, "-f", "/dev/null"] + arguments,
      environment: ["PATH": "/usr/bin:/bin", "TERM": "xterm-256color"], stdout: output)
    _ = await child.exitStatus()
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  /// The settings of a terminal, as `stty -a` prints them.
  func settings(of tty: String) async throws -> String {
    let output = folder.url.appendingPathComponent("stty").path
    let child = try Subprocess(
      "/bin/stty", ["-a", "-F", tty], environment: ["PATH": "/usr/bin:/bin"], stdout: output)
    _ = await child.exitStatus()
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }
}
