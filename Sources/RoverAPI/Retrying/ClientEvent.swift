/// Something the client did that a verbose log may want to show.
public enum ClientEvent: Sendable, Hashable {
  /// A request got an answer (any status) after `seconds`.
  case answered(request: String, status: Int, seconds: Double)
  /// A request was answered from the cache, without a request.
  case cached(request: String)
  /// A request failed and will be sent again after `delay` seconds; `retry` counts from 1.
  case retrying(request: String, retry: Int, of: Int, delay: Double, reason: String)
  /// A request waits `seconds` before it is sent, to stay under the server's rate limit.
  case pacing(request: String, seconds: Double, limit: String)
}
