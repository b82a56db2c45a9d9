import Foundation
import Synchronization

/// A server's rate limit (`--rate-limit N/S`): at most N requests in any S seconds, the rest
/// answered 429 with a `Retry-After` of when the window frees; with `--rate-limit-headers`
/// every answer says how many requests are left (`RateLimit-Limit`, `-Remaining`, `-Reset`),
/// as Mars Vista and api.nasa.gov do, and without them a client must learn the limit from 429s.
final class RateLimit: Sendable {
  let limit: Int
  let window: Double
  let sendsHeaders: Bool
  private let taken = Mutex<[Double]>([])

  init(limit: Int, window: Double, sendsHeaders: Bool) {
    self.limit = limit
    self.window = window
    self.sendsHeaders = sendsHeaders
  }

  /// `N/S`, such as `100/60`.
  convenience init?(_ text: String, sendsHeaders: Bool) {
    let parts = text.split(separator: "/")
    guard parts.count == 2, let limit = Int(parts[0]), limit > 0, let window = Double(parts[1]),
      window > 0
    else { return nil }
    self.init(limit: limit, window: window, sendsHeaders: sendsHeaders)
  }

  /// The reply the limit allows: `reply` (with the headers, if sent), or a 429.
  func apply(to reply: () -> Reply) -> Reply {
    let now = Date().timeIntervalSince1970
    let (allowed, remaining, reset) = taken.withLock { taken -> (Bool, Int, Double) in
      taken.removeAll { now - $0 >= window }
      let reset = taken.first.map { $0 + window - now } ?? window
      guard taken.count < limit else { return (false, 0, reset) }
      taken.append(now)
      return (true, limit - taken.count, taken.first.map { $0 + window - now } ?? window)
    }
    var headers: [String: String] = [:]
    if sendsHeaders {
      headers = [
        "RateLimit-Limit": String(limit), "RateLimit-Remaining": String(remaining),
        "RateLimit-Reset": String(Int(reset.rounded(.up))),
      ]
    }
    guard allowed else {
      headers["Retry-After"] = String(max(1, Int(reset.rounded(.up))))
      headers["Content-Type"] = "application/json; charset=utf-8"
      return .respond(
        status: 429, headers: headers,
        body: Data(#"{"error":"Too Many Requests","message":"Rate limit exceeded"}"#.utf8))
    }
    guard case .respond(let status, let own, let body) = reply() else { return reply() }
    return .respond(status: status, headers: own.merging(headers) { $1 }, body: body)
  }
}
