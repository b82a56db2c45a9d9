#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How long the answer to one request may be kept, decided from the answer itself: set where
/// ``Endpoints`` builds the request, so the cache needs to know nothing of the API.
public struct CacheRule<Response: Sendable>: Sendable {
  /// The lifetime of an answer, or `nil` when it must not be kept; the second argument says a
  /// rover's last sol (by lower-cased name) when some answer has told it.
  public var lifetime: @Sendable (Response, _ lastSol: (String) -> Int?) -> TimeInterval?
  /// What an answer says of rovers' last sols, by lower-cased name.
  public var lastSols: @Sendable (Response) -> [String: Int]

  /// Creates a rule.
  public init(
    lifetime: @escaping @Sendable (Response, _ lastSol: (String) -> Int?) -> TimeInterval?,
    lastSols: @escaping @Sendable (Response) -> [String: Int] = { _ in [:] }
  ) {
    self.lifetime = lifetime
    self.lastSols = lastSols
  }
}

/// The lifetimes answers are kept for: the mission of a finished rover does not change, an
/// active rover's does, and a sol before the last one is over.
public enum CacheLifetime {
  /// Thirty days: rovers whose mission is complete, and sols that are over.
  public static let long: TimeInterval = 30 * 86_400
  /// One hour: anything about a rover still at work.
  public static let short: TimeInterval = 3_600
  /// A day: a traverse map, which changes once a drive.
  public static let day: TimeInterval = 86_400
  /// A hundred years: what NASA's feeds say of a mission that has ended (Ingenuity, InSight),
  /// which nothing can change; `--refresh` still asks again.
  public static let forever: TimeInterval = 100 * 365 * 86_400

  /// The lifetime of what a mission's status says: `complete` long, `active` short, anything
  /// else not kept.
  public static func of(status: String) -> TimeInterval? {
    switch status {
    case "complete": long
    case "active": short
    default: nil
    }
  }
}

extension CacheRule {
  /// Kept without expiry (``CacheLifetime/forever``): answers about an ended mission.
  public static var forever: CacheRule {
    CacheRule { _, _ in CacheLifetime.forever }
  }
}
