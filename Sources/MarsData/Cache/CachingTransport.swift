import Foundation
import RoverAPI
import Synchronization

/// A transport that answers from a ``ResponseCache`` when it can and keeps what
/// ``CachePolicy`` allows.
public struct CachingTransport: HTTPTransport {
  /// Whether to read the cache: `refresh` fetches again but still stores.
  public enum Mode: Sendable { case use, refresh }

  private let base: any HTTPTransport
  private let cache: ResponseCache
  private let baseURL: URL
  private let mode: Mode
  /// Never stored, and answers holding it are not kept.
  private let secret: String?
  /// Each rover's last sol once looked up: the manifest behind it can be half a megabyte, and
  /// a sync asks for every sol it stores.
  private let lastSols = LastSols()

  /// Wraps `base`, for requests under `baseURL`.
  public init(
    wrapping base: any HTTPTransport, cache: ResponseCache, baseURL: URL, mode: Mode = .use,
    secret: String? = nil
  ) {
    self.base = base
    self.cache = cache
    self.baseURL = baseURL
    self.mode = mode
    self.secret = secret
  }

  /// Answers from the cache, or sends and perhaps keeps the answer.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    guard let (path, query) = split(request.url) else { return try await base.send(request) }
    let key = Self.key(baseURL: baseURL, path: path, query: query)
    if mode == .use, let body = cache.body(for: key) {
      return HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: body)
    }
    let response = try await base.send(request)
    guard response.status == 200, !holdsSecret(response.body),
      let lifetime = CachePolicy.lifetime(
        path: path, query: query, body: response.body, lastSol: lastSol)
    else { return response }
    // A cache that cannot be written only costs a request next time.
    try? cache.store(response.body, for: key, lifetime: lifetime)
    return response
  }

  /// The path below the base and the query without the key; `nil` for other addresses.
  private func split(_ url: URL) -> (String, [String: String])? {
    let base =
      baseURL.absoluteString.hasSuffix("/") ? baseURL.absoluteString : baseURL.absoluteString + "/"
    let address = url.absoluteString
    guard address.hasPrefix(base) else { return nil }
    let rest = address.dropFirst(base.count)
    let path = String(rest.prefix { $0 != "?" })
    let items = URLComponents(string: address)?.queryItems ?? []
    let query = Dictionary(
      items.filter { $0.name != "api_key" }.map { ($0.name, $0.value ?? "") },
      uniquingKeysWith: { $1 })
    return (path, query)
  }

  static func key(baseURL: URL, path: String, query: [String: String]) -> String {
    let pairs = query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    return "GET \(baseURL.absoluteString) \(path)?\(pairs.joined(separator: "&"))"
  }

  private func holdsSecret(_ body: Data) -> Bool {
    guard let secret, !secret.isEmpty else { return false }
    return body.range(of: Data(secret.utf8)) != nil
  }

  /// A rover's last sol from a cached manifest or rovers list, if either is there, read once.
  private func lastSol(_ rover: String) -> Int? {
    if let known = lastSols.value(for: rover) { return known }
    let sol = readLastSol(rover)
    if let sol { lastSols.set(sol, for: rover) }
    return sol
  }

  private func readLastSol(_ rover: String) -> Int? {
    if let body = cache.body(
      for: Self.key(baseURL: baseURL, path: "manifests/\(rover)", query: [:])),
      let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any],
      let sol = (object["photo_manifest"] as? [String: Any])?["max_sol"] as? Int
    {
      return sol
    }
    guard let body = cache.body(for: Self.key(baseURL: baseURL, path: "rovers", query: [:])),
      let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    else { return nil }
    let rovers = object["rovers"] as? [[String: Any]] ?? []
    return rovers.first { ($0["name"] as? String)?.lowercased() == rover }?["max_sol"] as? Int
  }
}

/// Last sols already read, by rover.
private final class LastSols: Sendable {
  private let sols = Mutex<[String: Int]>([:])

  func value(for rover: String) -> Int? { sols.withLock { $0[rover] } }

  func set(_ sol: Int, for rover: String) { sols.withLock { $0[rover] = sol } }
}
