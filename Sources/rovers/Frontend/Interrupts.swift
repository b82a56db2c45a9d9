import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Turns SIGINT and SIGTERM into cancellation of the running command: the first cancels the
/// task tree, a second one ends the process at once.
final class Interrupts: Sendable {
  private let received: SignalCount
  // Kept only so the sources live as long as this object; never touched again.
  nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

  /// Whether a signal arrived.
  var wereReceived: Bool { received.count > 0 }

  /// Watches both signals; `onFirst` runs once, on a background queue.
  init(onFirst: @escaping @Sendable () -> Void) {
    let received = SignalCount()
    sources = [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        if received.increment() == 1 { onFirst() } else { _exit(130) }
      }
      source.resume()
      return source
    }
    self.received = received
  }
}

/// How many signals have arrived.
private final class SignalCount: Sendable {
  private let value = Mutex(0)

  var count: Int { value.withLock { $0 } }

  /// Counts one more and returns the new count.
  func increment() -> Int {
    value.withLock { count in
      count += 1
      return count
    }
  }
}
