import Foundation

/// Waiting for something another process does, never without a bound: a hang fails the test
/// with what it waited for instead of stalling the run.
enum Poll {
  /// A wait that ran out.
  struct TimedOut: Error, CustomStringConvertible {
    var what: String
    var seconds: Double
    var description: String { "waited \(seconds) s for \(what)" }
  }

  /// Returns once `condition` holds, looking every `interval`; throws ``TimedOut`` after
  /// `seconds`.
  static func until(
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
