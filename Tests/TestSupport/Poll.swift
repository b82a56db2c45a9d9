import Foundation

/// Waiting for something another process does, never without a bound: a hang fails the test
/// with what it waited for instead of stalling the run.
public enum Poll {
  /// A wait that ran out.
  public struct TimedOut: Error, CustomStringConvertible {
    /// What was waited for.
    public var what: String
    /// How long.
    public var seconds: Double
    /// "waited N s for what".
    public var description: String { "waited \(seconds) s for \(what)" }

    /// A wait of `seconds` for `what` that ran out.
    public init(what: String, seconds: Double) {
      self.what = what
      self.seconds = seconds
    }
  }

  /// Returns once `condition` holds, looking every `interval`; throws ``TimedOut`` after
  /// `seconds`.
  public static func until(
    _ what: String, within seconds: Double = 60, every interval: Duration = .milliseconds(10),
    _ condition: () throws -> Bool
  ) async throws {
    let deadline = ContinuousClock.now + .milliseconds(Int64(seconds * 1000))
    while try !condition() {
      guard ContinuousClock.now < deadline else { throw TimedOut(what: what, seconds: seconds) }
      try await Task.sleep(for: interval)
    }
  }
}
