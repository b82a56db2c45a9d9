import Foundation
import RoverAPI

/// The whole command took longer than `--deadline` allows.
struct DeadlineExceeded: Error, CustomStringConvertible {
  var seconds: Double

  var description: String {
    "the command did not finish within \(Int(seconds.rounded(.up))) s (--deadline); try again later"
  }

  /// Runs `body`, cancelling it and throwing ``DeadlineExceeded`` if it runs past `seconds`,
  /// so a server that trickles bytes can never hold a cron job for ever. Should the body not
  /// stop within a second of being cancelled (a huge list still being decoded), the process
  /// ends anyway, with the same message and exit code.
  static func run<T: Sendable>(
    within seconds: Double, console: Console, _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await TimeLimit.run(
      seconds: seconds,
      expired: {
        let exceeded = DeadlineExceeded(seconds: seconds)
        Watchdog.exit(after: 1, code: .temporaryFailure) { console.error(exceeded.description) }
        return exceeded
      }, body)
  }
}
