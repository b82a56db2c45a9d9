#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// Runs `body` on a new thread of its own, detached, named `name` as the system shows it.
  /// For work that blocks for a long time (an event loop, waiting for a child), which would
  /// hold one of the few threads of the cooperative pool or of Dispatch's global queues.
  /// Foundation's `Thread` does the same but is not in FoundationEssentials. Whether the
  /// thread could be started.
  @discardableResult
  public static func startThread(named name: String, _ body: @escaping @Sendable () -> Void)
    -> Bool
  {
    let box = Unmanaged.passRetained(ThreadStart(name: name, body: body))
    #if canImport(Darwin)
      var thread: pthread_t?
    #else
      var thread = pthread_t()
    #endif
    let started = pthread_create(
      &thread, nil,
      { pointer in
        #if canImport(Darwin)
          let start = Unmanaged<ThreadStart>.fromOpaque(pointer).takeRetainedValue()
        #else
          let start = Unmanaged<ThreadStart>.fromOpaque(pointer!).takeRetainedValue()
        #endif
        POSIX.nameThisThread(start.name)
        start.body()
        return nil
      }, box.toOpaque())
    guard started == 0 else {
      box.release()
      return false
    }
    #if canImport(Darwin)
      if let thread { pthread_detach(thread) }
    #else
      pthread_detach(thread)
    #endif
    return true
  }

  /// Blocks the calling thread for `seconds`; for short waits outside any task.
  public static func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    var wait = timespec(
      tv_sec: Int(seconds.rounded(.down)),
      tv_nsec: Int((seconds - seconds.rounded(.down)) * 1_000_000_000))
    var left = timespec()
    // A signal cuts the wait short; the rest is waited for.
    while nanosleep(&wait, &left) != 0 && errno == EINTR { wait = left }
  }
}

/// What a new thread runs, handed to it through `pthread_create`'s one pointer.
private final class ThreadStart: Sendable {
  let name: String
  let body: @Sendable () -> Void

  init(name: String, body: @escaping @Sendable () -> Void) {
    self.name = name
    self.body = body
  }
}
