import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `waitpid`.
///
/// Foundation's `Process` did not report the end of short-lived children reliably here, and
/// waiting on it blocks a thread of the cooperative pool (two threads on a two-core machine).
final class Subprocess: Sendable {
  let pid: pid_t

  /// Starts `executable` with stdin from /dev/null and stdout and stderr into the given files.
  init(
    _ executable: String, _ arguments: [String], environment: [String: String],
    stdout: String = "/dev/null", stderr: String = "/dev/null"
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, nil, argv, envp)
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    self.pid = pid
  }

  /// Waits for the end on a thread of its own; a death by signal N reads as 128 + N, as in a
  /// shell.
  func exitStatus() async -> Int32 {
    let pid = self.pid
    return await withCheckedContinuation { continuation in
      Thread {
        continuation.resume(returning: Self.reap(pid))
      }.start()
    }
  }

  /// Sends a signal.
  func signal(_ number: Int32) { kill(pid, number) }

  /// Stops the child and reaps it.
  func stop() {
    kill(pid, SIGKILL)
    _ = Self.reap(pid)
  }

  private static func reap(_ pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      if errno != EINTR { return -1 }
    }
    let signal = status & 0x7f
    return signal == 0 ? (status >> 8) & 0xff : 128 + signal
  }
}
