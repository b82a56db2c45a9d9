import MarsFetching
import RoverAPI

/// What is said when NASA's feeds fail at what they add beside the API: the missions only they
/// have, when nobody named them (a warning, the command still succeeds), and the late-downlink
/// check of `sync` (the photos are saved; exit 75, so cron tries again).
package enum FeedsTrouble {
  /// `warning: Ingenuity and InSight are left out: NASA's feeds at mars.nasa.gov: cannot
  /// connect to mars.nasa.gov:443`, one line whatever the count; `nil` when nothing failed.
  package static func warning<Value>(_ outcomes: [RoverOutcome<Value>], feedsHost: String)
    -> String?
  {
    sentence(outcomes, feedsHost: feedsHost).map { "warning: " + $0 }
  }

  /// The warning's words, for a status line: `Ingenuity and InSight are left out: …`.
  package static func sentence<Value>(_ outcomes: [RoverOutcome<Value>], feedsHost: String)
    -> String?
  {
    let failed = outcomes.filter { $0.error != nil }
    guard !failed.isEmpty else { return nil }
    let subject = names(failed)
    return "\(subject) \(failed.count == 1 ? "is" : "are") left out: "
      + reasons(failed, feedsHost: feedsHost)
  }

  /// The one line for rovers whose late downlinks the feeds could not be asked about; `nil`
  /// when every check was made.
  package static func downlinksUnchecked<Value>(
    _ outcomes: [RoverOutcome<Value>], feedsHost: String, recheckedSols: Int
  ) -> String? {
    let failed = outcomes.filter { $0.error != nil }
    guard !failed.isEmpty else { return nil }
    return "could not ask NASA's feeds which sols their latest downlink reached for "
      + "\(names(failed)) (\(reasons(failed, feedsHost: feedsHost))); the photos the API listed "
      + "are saved, and the next run lists the last \(recheckedSols) sols again from the feeds"
  }

  /// `Ingenuity`, `Ingenuity and InSight`, `A, B and C`: the rovers as the feeds spell them.
  private static func names<Value>(_ failed: [RoverOutcome<Value>]) -> String {
    var names = failed.map { FeedRover.named($0.rover)?.name ?? $0.rover }
    let last = names.removeLast()
    return names.isEmpty ? last : names.joined(separator: ", ") + " and \(last)"
  }

  /// Each different reason once: the rovers fail together as a rule, their requests differ.
  private static func reasons<Value>(_ failed: [RoverOutcome<Value>], feedsHost: String)
    -> String
  {
    var reasons: [String] = []
    for error in failed.compactMap(\.error) {
      let reason = Self.reason(error, host: feedsHost)
      if !reasons.contains(reason) { reasons.append(reason) }
    }
    return reasons.joined(separator: "; ")
  }

  /// Why, without the request's address.
  private static func reason(_ error: any Error, host: String) -> String {
    switch error {
    case let error as APIError: "NASA's feeds at \(host): \(error.reason)"
    case let error as FeedsTooSlow: "NASA's feeds: \(error)"
    default: ErrorReport(error).message
    }
  }
}
