import Dispatch
import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Ends the process after a grace period if the run has not ended by itself: the last
/// resort behind cancellation, which normally stops everything at once.
package final class Watchdog: Sendable {
  private let calledOff = Atomic(false)

  private init() {}

  /// After `seconds`, says `last` and exits with `code`, whatever is still running, unless
  /// the returned watchdog is called off first.
  @discardableResult
  package static func exit(
    after seconds: Double, code: ExitCode, last: @escaping @Sendable () -> Void
  )
    -> Watchdog
  {
    let watchdog = Watchdog()
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
      guard !watchdog.calledOff.load(ordering: .acquiring) else { return }
      last()
      POSIX.exitNow(code.rawValue)
    }
    return watchdog
  }

  /// The run ended by itself: no exit. A command run in a test's process must not end the
  /// process after it has returned.
  package func callOff() { calledOff.store(true, ordering: .releasing) }
}
