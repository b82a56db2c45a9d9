/// Waits; the seam that lets tests check backoff without sleeping.
public protocol Sleeper: Sendable {
  /// Waits `seconds`, or throws `CancellationError` when the task is cancelled first.
  func sleep(seconds: Double) async throws
}

/// The real clock.
public struct TaskSleeper: Sleeper {
  /// Creates a sleeper on the task clock.
  public init() {}

  /// Sleeps with `Task.sleep`, which ends early with `CancellationError` on cancellation.
  public func sleep(seconds: Double) async throws {
    guard seconds > 0 else { return }
    try await Task.sleep(for: .milliseconds(Int64(min(seconds, 86_400) * 1000)))
  }
}
