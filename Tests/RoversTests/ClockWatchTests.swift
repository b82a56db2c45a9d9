import Foundation
import TestSupport
import Testing

/// `rovers clock --watch` in a real pseudo-terminal (tmux): drawn again as the seconds pass,
/// and the terminal given back as it was on q.
@Suite(.enabled(if: Tmux.isInstalled, "tmux is not installed"), .timeLimit(.minutes(2)))
struct ClockWatchTests {
  @Test func watchRedrawsUntilQAndGivesTheTerminalBack() async throws {
    let folder = try TemporaryFolder("clock-watch")
    let url = folder.url
    let script = url.appendingPathComponent("run.sh")
    try [
      "cd '\(url.path)'", "export TERM=xterm-256color",
      "stty -g > before",
      "'\(Binaries.rovers.path)' clock perseverance --watch < /dev/tty 2> stderr",
      "echo $? > code",
      "stty -g > after",
      "sleep 600",
    ].joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
    let terminal = try await Tmux.start(
      columns: 120, rows: 20, command: "bash --norc '\(script.path)'")
    try await terminal.waitFor("Perseverance")
    let first = try await terminal.screen().first { $0.hasPrefix("Perseverance") } ?? ""
    // The local time moves on: the row is drawn again within the next seconds.
    try await terminal.waitFor("the row drawn again with a later time") {
      $0.hasPrefix("Perseverance") && $0 != first
    }
    try await terminal.press("q")
    let read = { (name: String) in
      (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }
    try await Poll.until("the clock to end", within: 20) { read("after")?.isEmpty == false }
    #expect(read("code") == "0")
    #expect(read("before") == read("after"), "the terminal's settings were not given back")
    #expect(read("stderr") == "")
    let after = try await terminal.screen()
    #expect(!after.contains { $0.hasPrefix("Perseverance") }, "the clock's screen stayed")
  }
}
