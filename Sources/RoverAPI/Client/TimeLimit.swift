/// Work that may take so long and no longer: the one race of a body against a timer, behind
/// both a request's timeout and a command's deadline.
public enum TimeLimit {
  /// Runs `body`; if it has not ended after `seconds`, cancels it and throws what `expired`
  /// makes. Whichever ends first wins, and the other is cancelled.
  public static func run<T: Sendable>(
    seconds: Double, expired: @escaping @Sendable () -> any Error,
    _ body: @escaping @Sendable () async throws -> T
  ) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
      group.addTask { try await body() }
      group.addTask {
        // A week at most: a longer sleep would overflow the nanoseconds it counts in.
        try await Task.sleep(for: .milliseconds(Int64(min(seconds, 604_800) * 1000)))
        throw expired()
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else { throw CancellationError() }
      return first
    }
  }
}
