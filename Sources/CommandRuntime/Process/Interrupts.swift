import Dispatch
import Synchronization
import SystemInterface
import TerminalScreen

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns SIGINT, SIGTERM and SIGHUP into cancellation of the running command, and SIGQUIT into
/// an immediate quit.
///
/// Copies of a signal that arrive together count as one: `timeout -s INT` signals the process
/// and then its group, and a shell may do the same, so the second copy must not take the
/// "second Ctrl-C exits at once" path and lose the summary. A signal that comes after
/// ``sameSignalWindow`` is a person insisting, and ends the process at once.
package final class Interrupts: Sendable {
  /// Signals closer together than this are one.
  package static let sameSignalWindow: Duration = .seconds(1)
  /// The signals that stop a run the way Ctrl-C does.
  package static let stopping: [POSIX.Signal] = [.interrupt, .terminate, .hangUp]

  private let first = FirstSignal()
  // Kept only so the sources live as long as this object; never touched again.
  nonisolated(unsafe) private let sources: [any DispatchSourceSignal]

  /// Whether a stopping signal arrived.
  package var wereReceived: Bool { first.instant.withLock { $0 != nil } }

  /// Watches the signals; `onFirst` runs once, on a background queue.
  package init(onFirst: @escaping @Sendable () -> Void, onQuit: @escaping @Sendable () -> Void) {
    let first = self.first
    var sources: [any DispatchSourceSignal] = []
    for stopping in Self.stopping {
      sources.append(
        POSIX.watch(stopping) {
          let now = ContinuousClock.now
          let isFirst = first.instant.withLock { instant -> Bool? in
            guard let instant else {
              instant = now
              return true
            }
            return now - instant < Self.sameSignalWindow ? nil : false
          }
          switch isFirst {
          case true?: onFirst()
          case false?:
            // A person insisting: no waiting, but the terminal is given back.
            TerminalSession.restoreActive()
            POSIX.exitNow(130)
          case nil: break
          }
        })
    }
    sources.append(POSIX.watch(.quit, onQuit))
    self.sources = sources
  }
}

/// When the first stopping signal arrived.
private final class FirstSignal: Sendable {
  let instant = Mutex<ContinuousClock.Instant?>(nil)
}
