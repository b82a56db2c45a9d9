import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Turns SIGINT and SIGTERM into cancellation of the running command: the first cancels the
/// task tree, a second one ends the process at once.
final class Interrupts: Sendable {
  private let received = Mutex(0)
  // Dispatch sources are only kept alive here, never touched again.
  nonisolated(unsafe) private var sources: [any DispatchSourceSignal] = []

  /// Whether a signal arrived.
  var wereReceived: Bool { received.withLock { $0 > 0 } }

  /// Watches both signals; `onFirst` runs once, on a background queue.
  init(onFirst: @escaping @Sendable () -> Void) {
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      // Lives as long as the process, so holding itself through its sources costs nothing.
      source.setEventHandler { [self] in
        let count = received.withLock { count in
          count += 1
          return count
        }
        if count == 1 { onFirst() } else { _exit(130) }
      }
      source.resume()
      sources.append(source)
    }
  }
}
