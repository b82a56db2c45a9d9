import RoverAPI
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The whole command took longer than `--deadline` allows.
package struct DeadlineExceeded: Error, CustomStringConvertible {
  package var seconds: Double

  package var description: String {
    "the command did not finish within \(Int(seconds.rounded(.up))) s (--deadline); try again later"
  }

  /// Runs `body`, cancelling it and throwing ``DeadlineExceeded`` if it runs past `seconds`,
  /// so a server that trickles bytes can never hold a cron job for ever. Should the body not
  /// stop within a second of being cancelled (a huge list still being decoded), the process
  /// ends anyway (when `forceExit`, the executable's own run), with the same message and exit
  /// code.
  package static func run<T: Sendable>(
    within seconds: Double, console: Console, forceExit: Bool,
    _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    let watchdog = Mutex<Watchdog?>(nil)
    // The body stopped in time after all (or never ran late): nothing left to force.
    defer { watchdog.withLock { $0?.callOff() } }
    return try await TimeLimit.run(
      seconds: seconds,
      expired: {
        let exceeded = DeadlineExceeded(seconds: seconds)
        guard forceExit else { return exceeded }
        let forced = Watchdog.exit(after: 1, code: .temporaryFailure) {
          console.error(exceeded.description)
        }
        watchdog.withLock { $0 = forced }
        return exceeded
      }, body)
  }
}
