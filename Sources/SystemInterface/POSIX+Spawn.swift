#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// Why a child could not be started: the C library's error number.
  public struct SpawnError: Error, Sendable {
    /// `errno`, or what `posix_spawn` returned.
    public let number: Int32
  }

  /// A command started through `/bin/sh -c`, and the pipe to its standard input.
  public struct ShellChild: Sendable {
    /// Its process id, which is also its process group's.
    public let pid: Int32
    /// The write end of its standard input, for the caller to fill and close.
    public let input: Int32
  }

  /// How a child ended.
  public enum ChildEnd: Sendable, Equatable {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)
    /// It was still running at its deadline; it and its process group were ended.
    case timedOut
  }

  /// Starts `/bin/sh -c command` in a process group of its own, with `environment` and
  /// nothing else of this process's: its standard input a pipe (returned), its standard
  /// output and error this process's standard error, no other descriptor, no signal blocked
  /// and every signal's default action; `nil` with the reason when it cannot be started.
  public static func spawnShell(_ command: String, environment: [String: String]) -> Result<
    ShellChild, SpawnError
  > {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return .failure(SpawnError(number: errno)) }
    // The write end stays here only: closed in every child.
    _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
    defer { _ = systemClose(ends[0]) }
    let started = spawn("/bin/sh", ["-c", command], environment) { actions, attributes in
      posix_spawn_file_actions_adddup2(&actions, ends[0], 0)
      posix_spawn_file_actions_adddup2(&actions, 2, 1)
      posix_spawnattr_setpgroup(&attributes, 0)
      return Int16(POSIX_SPAWN_SETPGROUP)
    }
    switch started {
    case .success(let pid):
      return .success(ShellChild(pid: pid, input: ends[1]))
    case .failure(let error):
      _ = systemClose(ends[1])
      return .failure(error)
    }
  }

  /// Starts the program at `path` with `arguments`, without waiting for it: its standard
  /// input, output and error `/dev/null`, no other descriptor of this process's, no signal
  /// blocked and every signal's default action, in a session of its own so that the
  /// terminal's signals do not reach it. A thread of its own reaps it when it ends. `nil`,
  /// or the reason it could not be started.
  public static func spawnDetached(
    _ path: String, arguments: [String], environment: [String: String]
  ) -> SpawnError? {
    let started = spawn(path, arguments, environment) { actions, _ in
      posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
      posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
      #if canImport(Darwin)
        return Int16(POSIX_SPAWN_SETSID)
      #else
        // glibc's POSIX_SPAWN_SETSID, which its header hides from Swift behind _GNU_SOURCE.
        return 0x80
      #endif
    }
    let child: pid_t
    switch started {
    case .success(let pid): child = pid
    case .failure(let error): return error
    }
    // Reaped when it ends, so no finished child is left behind while the tool runs on.
    startThread(named: "rovers reaper") {
      var status: Int32 = 0
      while waitpid(child, &status, 0) < 0 && errno == EINTR {}
    }
    return nil
  }

  /// Starts `path` with `arguments` and exactly `environment`, its descriptors and attributes
  /// first set by `configure` (which returns the spawn flags it needs), then every other
  /// descriptor closed and the signal mask and actions made clean; the child's pid.
  private static func spawn(
    _ path: String, _ arguments: [String], _ environment: [String: String],
    configure: (inout SpawnFileActions, inout SpawnAttributes) -> Int16
  ) -> Result<pid_t, SpawnError> {
    #if canImport(Darwin)
      var actions: posix_spawn_file_actions_t?
      var attributes: posix_spawnattr_t?
    #else
      var actions = posix_spawn_file_actions_t()
      var attributes = posix_spawnattr_t()
    #endif
    posix_spawn_file_actions_init(&actions)
    posix_spawnattr_init(&attributes)
    defer {
      posix_spawn_file_actions_destroy(&actions)
      posix_spawnattr_destroy(&attributes)
    }
    let flags = configure(&actions, &attributes)
    closeFrom(3, &actions)
    startClean(&attributes, extraFlags: flags)
    func copy(_ text: String) -> UnsafeMutablePointer<CChar>? { strdup(text) }
    let words = ([path] + arguments).map(copy)
    let pairs = environment.sorted { $0.key < $1.key }.map { copy("\($0.key)=\($0.value)") }
    defer { (words + pairs).forEach { free($0) } }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, path, &actions, &attributes, words + [nil], pairs + [nil])
    return started == 0 ? .success(pid) : .failure(SpawnError(number: started))
  }

  /// Writes `bytes` to the child's standard input and closes it; a child that exits without
  /// reading them all ends the writing there. SIGPIPE is blocked on this thread while it
  /// writes, and one it raised taken back, so a command that does not read its input cannot
  /// end this process.
  public static func feed(_ child: ShellChild, _ bytes: [UInt8]) {
    var pipeSignal = sigset_t()
    sigemptyset(&pipeSignal)
    sigaddset(&pipeSignal, SIGPIPE)
    var previous = sigset_t()
    pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
    var written = 0
    var broken = false
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        systemWrite(child.input, buffer.baseAddress.map { $0 + written }, bytes.count - written)
      }
      if count < 0, errno == EINTR { continue }
      if count <= 0 {
        broken = errno == EPIPE
        break
      }
      written += count
    }
    _ = systemClose(child.input)
    if broken {
      // The SIGPIPE the write raised is pending on this thread: taken, not delivered later.
      var none = timespec()
      _ = sigtimedwait(&pipeSignal, nil, &none)
    }
    pthread_sigmask(SIG_SETMASK, &previous, nil)
  }

  /// Waits for `child` until `seconds` have passed; past them, ends its whole process group
  /// (SIGTERM, then SIGKILL after `grace` seconds) and reaps it.
  public static func wait(for child: ShellChild, seconds: Double, grace: Double = 2) -> ChildEnd {
    let deadline = monotonicSeconds() + seconds
    var status: Int32 = 0
    while true {
      let reaped = waitpid(child.pid, &status, WNOHANG)
      if reaped == child.pid { return end(status) }
      if reaped < 0, errno != EINTR { return .exited(-1) }
      if monotonicSeconds() >= deadline { break }
      usleep(20_000)
    }
    _ = kill(-child.pid, SIGTERM)
    let last = monotonicSeconds() + grace
    while monotonicSeconds() < last {
      if waitpid(child.pid, &status, WNOHANG) == child.pid {
        // The group may hold children that outlive the shell.
        _ = kill(-child.pid, SIGKILL)
        return .timedOut
      }
      usleep(20_000)
    }
    _ = kill(-child.pid, SIGKILL)
    _ = waitpid(child.pid, &status, 0)
    return .timedOut
  }

  private static func end(_ status: Int32) -> ChildEnd {
    // The <sys/wait.h> macros, which Swift does not import: the low 7 bits are the signal.
    let signal = status & 0x7F
    return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
  }

  private static func monotonicSeconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }

  #if canImport(Darwin)
    /// A spawn's attributes as the C library declares them: optional on Darwin.
    public typealias SpawnAttributes = posix_spawnattr_t?
    /// A spawn's file actions as the C library declares them: optional on Darwin.
    public typealias SpawnFileActions = posix_spawn_file_actions_t?
  #else
    /// A spawn's attributes as the C library declares them.
    public typealias SpawnAttributes = posix_spawnattr_t
    /// A spawn's file actions as the C library declares them.
    public typealias SpawnFileActions = posix_spawn_file_actions_t
  #endif

  /// Makes a child start as a program run from a shell does: no signal blocked and every
  /// signal's default action, whatever this process blocks or ignores (a child that inherits
  /// a blocked SIGTERM or SIGHUP cannot be ended by them), with `extraFlags` set too.
  public static func startClean(_ attributes: inout SpawnAttributes, extraFlags: Int16 = 0) {
    var none = sigset_t()
    sigemptyset(&none)
    var all = sigset_t()
    sigfillset(&all)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setsigdefault(&attributes, &all)
    posix_spawnattr_setflags(
      &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF) | extraFlags)
  }

  #if canImport(Darwin)
    /// Closes every descriptor from `first` up in the child: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), found by name since the
    /// Glibc module leaves it out; elsewhere each descriptor this process has open.
    public static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t?) {
      var index = first
      while index < 1024 {
        if fcntl(index, F_GETFD) >= 0 { posix_spawn_file_actions_addclose(&actions, index) }
        index += 1
      }
    }
  #else
    /// Closes every descriptor from `first` up in the child: glibc's
    /// `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), found by name since the
    /// Glibc module leaves it out; elsewhere each descriptor this process has open.
    public static func closeFrom(_ first: Int32, _ actions: inout posix_spawn_file_actions_t) {
      typealias CloseFrom =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
      if let symbol = dlsym(
        UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
      {
        _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, first)
        return
      }
      // An older C library: the descriptors open now that are not closed on exec anyway.
      var index = first
      while index < 4096 {
        let flags = fcntl(index, F_GETFD)
        if flags >= 0, flags & FD_CLOEXEC == 0 {
          posix_spawn_file_actions_addclose(&actions, index)
        }
        index += 1
      }
    }
  #endif
}

// At file scope, the C library's close, which POSIX.close shadows inside the extension.
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, bytes, count)
}
