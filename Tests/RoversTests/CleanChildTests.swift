import Foundation
import SystemInterface
import TestSupport
import Testing

/// What a child the tests or the tool start inherits of their process: its three standard
/// descriptors and nothing else, no blocked signal and no ignored one. A tmux server that
/// inherited the test process's blocked SIGTERM and SIGHUP, and its thousand descriptors,
/// outlived its `kill-server`; a pipe's write end a child kept open never ended its reader.
@Suite(.timeLimit(.minutes(3))) struct CleanChildTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  /// What the child's programs have (each reads its own: a shell's masks while it waits for
  /// one do not count): the signal masks grep has, then the descriptors ls has, where ls adds
  /// 3, the folder it reads.
  static let report = #"grep -E "^Sig(Blk|Ign)" /proc/self/status; exec ls /proc/self/fd"#

  /// Checks a report: no blocked or ignored signal but glibc's own two (32 and 33, which no
  /// program can take back), and descriptors 0, 1 and 2 only.
  static func expectClean(_ text: String) {
    let lines = text.split(separator: "\n").map(String.init)
    #expect(lines.count >= 3, "\(text)")
    for line in lines.prefix(2) {
      let mask = UInt64(line.split(separator: "\t").last ?? "", radix: 16) ?? .max
      #expect(mask & ~UInt64(0x1_8000_0000) == 0, "\(line)")
    }
    #expect(Array(lines.dropFirst(2)) == ["0", "1", "2", "3"], "\(text)")
  }

  /// Runs `body` with SIGHUP and SIGTERM blocked on this thread, as a worker thread of the
  /// test process may have them: what a child must not inherit.
  static func withSignalsBlocked<T>(_ body: () throws -> T) rethrows -> T {
    var blocked = sigset_t()
    sigemptyset(&blocked)
    sigaddset(&blocked, SIGHUP)
    sigaddset(&blocked, SIGTERM)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &blocked, &previous)
    defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
    return try body()
  }

  @Test func aTestsChildInheritsNothingButItsStandardDescriptors() async throws {
    // A descriptor of this process's that is not closed on exec, as a test's pipe may be.
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    let out = folder.url.appendingPathComponent("report")
    let child = try Self.withSignalsBlocked {
      try Subprocess(
        "/bin/sh", ["-c", Self.report], environment: ["PATH": "/usr/bin:/bin"], stdout: out.path)
    }
    #expect(await child.exitStatus() == 0)
    Self.expectClean(try String(contentsOf: out, encoding: .utf8))
  }

  @Test func theOnNewCommandInheritsNothingButItsStandardDescriptors() async throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer { ends.forEach { close($0) } }
    let out = folder.url.appendingPathComponent("report")
    let child = try Self.withSignalsBlocked {
      try POSIX.spawnShell(
        "(\(Self.report)) > '\(out.path)'", environment: ["PATH": "/usr/bin:/bin"]
      ).get()
    }
    POSIX.feed(child, [])
    #expect(POSIX.wait(for: child, seconds: 20) == .exited(0))
    Self.expectClean(try String(contentsOf: out, encoding: .utf8))
  }
}
