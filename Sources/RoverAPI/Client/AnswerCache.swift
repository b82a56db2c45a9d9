#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps decoded answers for later runs: the client asks it before sending and offers it every
/// answer that decoded, so nothing unreadable is ever kept.
public protocol AnswerCache: Sendable {
  /// The body kept for `key`, if it is still fresh and whole.
  func body(for key: AnswerKey) -> Data?
  /// Offers an answer that decoded, with what it says of rovers' last sols; `lifetime` says,
  /// given the last sols the cache knows, for how long it may be kept (`nil`: not at all).
  func offer(
    _ body: Data, for key: AnswerKey, lastSols: [String: Int],
    lifetime: (_ lastSol: (String) -> Int?) -> TimeInterval?)
}

/// What identifies an answer: the server and the request, never the key.
public struct AnswerKey: Sendable, Hashable {
  /// The API's base URL.
  public var base: String
  /// The path below the base: `manifests/spirit`.
  public var path: String
  /// The query items, sorted by name, without the key.
  public var query: [String: String]

  /// Creates a key.
  public init(base: String, path: String, query: [String: String]) {
    self.base = base
    self.path = path
    self.query = query
  }

  /// The key as one line of text: `GET <base> <path>?a=1&b=2`.
  public var text: String {
    let pairs = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return "GET \(base) \(path)?\(pairs.joined(separator: "&"))"
  }
}
