import RoverAPI

/// A backoff that takes no time: the tests that use it are about what is fetched and retried,
/// not when. A cancelled task still stops at it, as it would at a real sleep.
public struct NoWait: Sleeper {
  /// A sleeper with no wait.
  public init() {}

  /// Returns at once, unless the task is cancelled.
  public func sleep(seconds: Double) async throws { try Task.checkCancellation() }

  /// The real clock: only the waiting is skipped.
  public var now: Double { TaskSleeper().now }
}
