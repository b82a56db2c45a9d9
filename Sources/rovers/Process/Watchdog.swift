import Dispatch
import Foundation
import SystemInterface

/// Ends the process after a grace period if the run has not ended by itself: the last
/// resort behind cancellation, which normally stops everything at once.
enum Watchdog {
  /// After `seconds`, says `last` and exits with `code`, whatever is still running.
  static func exit(after seconds: Double, code: ExitCode, last: @escaping @Sendable () -> Void) {
    DispatchQueue.global().asyncAfter(deadline: .now() + seconds) {
      last()
      POSIX.exitNow(code.rawValue)
    }
  }
}
