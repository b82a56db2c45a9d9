/// When and how long to wait before sending a failed request again.
///
/// Every request the API takes is an idempotent GET, so a retry is always safe. Transport
/// failures and 429, 500, 502, 503 and 504 are retried; other statuses are answers, not
/// accidents, and are not.
public struct RetryPolicy: Sendable {
  /// How many times a request is sent again after its first try.
  public var maxRetries: Int
  /// The first backoff's ceiling, in seconds; each retry doubles it.
  public var baseDelay: Double
  /// The largest backoff ceiling, in seconds.
  public var maxDelay: Double
  /// The longest wait a server may ask for (`Retry-After`) before the client gives up at
  /// once rather than wait, in seconds.
  public var longestServerWait: Double
  /// Draws the jitter: a value in the range given.
  public var random: @Sendable (ClosedRange<Double>) -> Double

  /// Creates a policy; the defaults are exponential backoff with full jitter, base 0.5 s,
  /// capped at 8 s, 3 retries, and at most a 60 s wait when a server asks for one.
  public init(
    maxRetries: Int = 3, baseDelay: Double = 0.5, maxDelay: Double = 8,
    longestServerWait: Double = 60,
    random: @escaping @Sendable (ClosedRange<Double>) -> Double = { Double.random(in: $0) }
  ) {
    self.maxRetries = max(0, maxRetries)
    self.baseDelay = baseDelay
    self.maxDelay = maxDelay
    self.longestServerWait = longestServerWait
    self.random = random
  }

  /// A policy that never retries.
  public static let never = RetryPolicy(maxRetries: 0)

  /// Whether a response with this status is worth sending again.
  public static func isRetryable(status: Int) -> Bool {
    [429, 500, 502, 503, 504].contains(status)
  }

  /// The wait before retry number `retry` (1 for the first): a random time between zero and
  /// `min(maxDelay, baseDelay × 2^(retry − 1))`, so that clients that failed together do not
  /// come back together.
  public func backoff(beforeRetry retry: Int) -> Double {
    let exponent = Double(min(max(retry - 1, 0), 30))
    let ceiling = min(maxDelay, baseDelay * pow2(exponent))
    return random(0...max(0, ceiling))
  }

  private func pow2(_ exponent: Double) -> Double {
    var value = 1.0
    for _ in 0..<Int(exponent) { value *= 2 }
    return value
  }
}
