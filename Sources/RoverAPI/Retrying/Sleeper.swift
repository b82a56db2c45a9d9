/// Waits, and tells the time on the clock it waits on; the seam that lets tests check backoff
/// and pacing without sleeping.
public protocol Sleeper: Sendable {
  /// Waits `seconds`, or throws `CancellationError` when the task is cancelled first.
  func sleep(seconds: Double) async throws
  /// Now on this sleeper's clock, in seconds from an instant of its choosing: a request pacer
  /// measures its waits on the same clock its client sleeps on.
  var now: Double { get }
}

/// The real clock.
public struct TaskSleeper: Sleeper {
  /// The instant this clock counts from.
  private static let origin = ContinuousClock.now

  /// Creates a sleeper on the task clock.
  public init() {}

  /// Sleeps with `Task.sleep`, which ends early with `CancellationError` on cancellation.
  public func sleep(seconds: Double) async throws {
    guard seconds > 0 else { return }
    try await Task.sleep(for: .milliseconds(Int64(min(seconds, 86_400) * 1000)))
  }

  /// Seconds since the first use of this clock in the process, on the monotonic clock.
  public var now: Double {
    let elapsed = ContinuousClock.now - Self.origin
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }
}
