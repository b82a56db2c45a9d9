import Foundation
import SystemInterface

#if canImport(Glibc)
  import Glibc
#endif

/// A child process started with `posix_spawn` and reaped with `wait4`.
///
/// Foundation's `Process` did not report the end of short-lived children reliably here, and
/// waiting on it blocks a thread of the cooperative pool (two threads on a two-core machine).
final class Subprocess: Sendable {
  /// What one of the child's standard descriptors is.
  enum Stream: Sendable {
    /// A file, created or emptied: `/dev/full` too.
    case file(String)
    /// Closed, as `>&-` leaves it.
    case closed
    /// A pipe whose reading end is already closed: nobody will ever read it.
    case abandonedPipe
  }

  let pid: pid_t
  /// When the child was spawned.
  let started: ContinuousClock.Instant

  /// How a child ended: its status as a shell reports it, and its peak memory.
  struct Ending: Sendable {
    /// The exit code, or 128 + N for a death by signal N.
    var status: Int32
    /// The child's largest resident set since it started its program, in bytes (0 when its
    /// memory was not watched).
    var peakMemory: Int
    /// Seconds from the spawn to the reaping, taken on the thread that reaps it: a test that
    /// bounds a run's time is not misled by its own busy process noticing late.
    var seconds = 0.0
  }

  /// Starts `executable` with stdin from /dev/null and stdout and stderr as asked.
  convenience init(
    _ executable: String, _ arguments: [String], environment: [String: String],
    stdout: String = "/dev/null", stderr: String = "/dev/null"
  ) throws {
    try self.init(
      executable, arguments, environment: environment, out: .file(stdout), err: .file(stderr))
  }

  /// Starts `executable` with stdin from /dev/null, stdout and stderr as asked, and each of
  /// `handing` (descriptors of this process) as the child's 3, 4 and so on.
  init(
    _ executable: String, _ arguments: [String], environment: [String: String], out: Stream,
    err: Stream, handing: [Int32] = []
  ) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    var pipeEnds: [Int32] = []
    for (fd, stream) in [(Int32(1), out), (Int32(2), err)] {
      switch stream {
      case .file(let path):
        posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      case .closed:
        posix_spawn_file_actions_addclose(&actions, fd)
      case .abandonedPipe:
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
        posix_spawn_file_actions_adddup2(&actions, ends[1], fd)
        posix_spawn_file_actions_addclose(&actions, ends[0])
        pipeEnds += ends
      }
    }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var pid: pid_t = 0
    // Nothing of the test process's but what is asked for: no other descriptor (a pipe's
    // write end a child keeps open never ends its reader), no blocked signal (a tmux server
    // that inherits a blocked SIGTERM and SIGHUP outlives its kill-server).
    // Copies above any number they are given as, so that giving one as 3 cannot overwrite
    // another still to be given.
    let handed = handing.map { fcntl($0, F_DUPFD_CLOEXEC, 64) }
    defer { for copy in handed where copy >= 0 { close(copy) } }
    guard !handed.contains(-1) else { throw POSIXError(.EMFILE) }
    for (index, copy) in handed.enumerated() {
      posix_spawn_file_actions_adddup2(&actions, copy, 3 + Int32(index))
    }
    POSIX.closeFrom(3 + Int32(handed.count), &actions)
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    POSIX.startClean(&attributes)
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    // The parent keeps neither end: the child is the only writer, and nobody reads.
    for end in pipeEnds { close(end) }
    guard result == 0 else { throw POSIXError(POSIXErrorCode(rawValue: result) ?? .EIO) }
    self.pid = pid
    started = .now
  }

  /// Waits for the end on a thread of its own; a death by signal N reads as 128 + N, as in a
  /// shell.
  func exitStatus() async -> Int32 { await ending().status }

  /// Waits for the end, with the child's peak memory when `watchingPeakMemory` (else 0).
  ///
  /// The peak is `VmHWM` from `/proc/<pid>/status`, read until the child is gone: the kernel's
  /// own `ru_maxrss` would count the parent's memory too, which a spawned child shares until
  /// it starts its program. Only the tests that bound memory ask: the watch reads `/proc` a
  /// hundred times a second, and every child of the run paid for it.
  func ending(watchingPeakMemory: Bool = false) async -> Ending {
    let pid = self.pid
    let started = self.started
    let peak = watchingPeakMemory ? PeakWatch(pid: pid) : nil
    return await withCheckedContinuation { continuation in
      Thread {
        var ending = Self.reap(pid)
        let elapsed = ContinuousClock.now - started
        ending.seconds =
          Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        ending.peakMemory = peak?.stop() ?? 0
        continuation.resume(returning: ending)
      }.start()
    }
  }

  /// Whether the child has ended and waits to be reaped (a zombie), read from
  /// `/proc/<pid>/stat` without reaping it.
  var hasEnded: Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return true }
    return stat[close...].dropFirst(2).first == "Z"
  }

  /// Sends a signal.
  func signal(_ number: Int32) { kill(pid, number) }

  /// Waits for the end on the calling thread, for a `deinit`, which cannot wait otherwise; a
  /// death by signal N reads as 128 + N.
  @discardableResult
  func waitBlocking() -> Int32 { Self.reap(pid).status }

  /// Stops the child and reaps it.
  func stop() {
    kill(pid, SIGKILL)
    _ = Self.reap(pid)
  }

  private static func reap(_ pid: pid_t) -> Ending {
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) == -1 {
      if errno != EINTR { return Ending(status: -1, peakMemory: 0) }
    }
    let signal = status & 0x7f
    return Ending(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, peakMemory: 0)
  }
}
