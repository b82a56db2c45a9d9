/// The whole command took longer than `--deadline` allows.
struct DeadlineExceeded: Error, CustomStringConvertible {
  var seconds: Double

  var description: String {
    "the command did not finish within \(Int(seconds.rounded(.up))) s (--deadline); try again later"
  }

  /// Runs `body`, cancelling it and throwing ``DeadlineExceeded`` if it runs past `seconds`,
  /// so a server that trickles bytes can never hold a cron job for ever.
  static func run<T: Sendable>(
    within seconds: Double, _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
      group.addTask { try await body() }
      group.addTask {
        try await Task.sleep(for: .milliseconds(Int64(min(seconds, 604_800) * 1000)))
        throw DeadlineExceeded(seconds: seconds)
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else { throw CancellationError() }
      return first
    }
  }
}
