import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// The signals the tool handles.
  public enum Signal: Sendable, CaseIterable {
    case interrupt, terminate, hangUp, quit, brokenPipe
    /// The terminal changed size: SIGWINCH.
    case windowChange
    /// Ctrl-Z: SIGTSTP.
    case terminalStop

    /// The signal's number.
    public var number: Int32 {
      switch self {
      case .interrupt: SIGINT
      case .terminate: SIGTERM
      case .hangUp: SIGHUP
      case .quit: SIGQUIT
      case .brokenPipe: SIGPIPE
      case .windowChange: SIGWINCH
      case .terminalStop: SIGTSTP
      }
    }
  }

  /// Stops the signal's default action, so a dispatch source can take it.
  public static func ignore(_ which: Signal) { systemSignal(which.number, SIG_IGN) }

  /// Gives the signal back its default action.
  public static func restoreDefault(_ which: Signal) { systemSignal(which.number, SIG_DFL) }

  /// Sends the signal to this process.
  public static func raise(_ which: Signal) { _ = systemRaise(which.number) }

  /// Stops the process as Ctrl-Z would, until the shell continues it (`fg`): SIGSTOP, which
  /// a full-screen program sends itself once it has given the terminal back.
  public static func stopProcess() { _ = kill(getpid(), SIGSTOP) }

  /// Ends the process at once, with no clean-up: what a second Ctrl-C or a watchdog does.
  public static func exitNow(_ code: Int32) -> Never { _exit(code) }

  /// Ends the process the ordinary way: buffers flushed, exit handlers run.
  public static func exit(_ code: Int32) -> Never { systemExit(code) }
}

// At file scope these names are the C library's, which the members above shadow.
private func systemSignal(_ number: Int32, _ handler: (@convention(c) (Int32) -> Void)?) {
  _ = signal(number, handler)
}
private func systemRaise(_ number: Int32) -> Int32 { raise(number) }
private func systemExit(_ code: Int32) -> Never { exit(code) }

extension POSIX {
  /// Takes a signal from its default action and runs `handler` on a background queue each time
  /// it arrives, for as long as the returned source is kept (and until it is cancelled).
  public static func watch(_ which: Signal, _ handler: @escaping @Sendable () -> Void)
    -> any DispatchSourceSignal
  {
    ignore(which)
    let source = DispatchSource.makeSignalSource(signal: which.number, queue: .global())
    source.setEventHandler(handler: handler)
    source.resume()
    return source
  }
}

extension POSIX {
  /// Names the calling thread as the system shows it (`top -H`, `/proc`), at most 15 bytes on
  /// Linux. Foundation's `Thread.name` reaches the system only when it can tell the thread is
  /// its own, which a thread just started cannot always; this always does. (glibc's
  /// `pthread_setname_np` is not visible to Swift, so Linux is told through `/proc`.)
  public static func nameThisThread(_ name: String) {
    let shown = String(decoding: name.utf8.prefix(15), as: UTF8.self)
    #if canImport(Darwin)
      _ = pthread_setname_np(shown)
    #else
      let fd = POSIX.open("/proc/thread-self/comm", .writeOnly)
      guard fd >= 0 else { return }
      defer { POSIX.close(fd) }
      var bytes = Array(shown.utf8)
      _ = POSIX.write(fd, &bytes, bytes.count)
    #endif
  }

  /// The calling thread's name as the system shows it; `nil` when it cannot be read.
  public static func thisThreadName() -> String? {
    var buffer = [CChar](repeating: 0, count: 64)
    #if canImport(Darwin)
      guard pthread_getname_np(pthread_self(), &buffer, buffer.count) == 0 else { return nil }
    #else
      let fd = POSIX.open("/proc/thread-self/comm", .readOnly)
      guard fd >= 0 else { return nil }
      defer { POSIX.close(fd) }
      guard POSIX.read(fd, into: &buffer, buffer.count - 1, at: 0) > 0 else { return nil }
    #endif
    let bytes = buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}
