#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A non-2xx answer: its status, the server's own message if it sent one, and when to retry.
public struct ServerErrorResponse: Sendable, Hashable {
  /// The HTTP status code.
  public var status: Int
  /// The server's message, from whichever error shape it used, on one line.
  public var message: String?
  /// How long the server asked the client to wait, in seconds, when it said.
  public var retryAfter: Double?

  /// Creates an error response.
  public init(status: Int, message: String? = nil, retryAfter: Double? = nil) {
    self.status = status
    self.message = message
    self.retryAfter = retryAfter
  }

  /// Reads an error answer. The body may be JSON in any of the API's three error shapes, text,
  /// HTML, or nothing at all.
  public init(_ response: HTTPResponse, now: Date = Date()) {
    let body = ErrorBody.parse(response.body)
    let header = response.header("Retry-After").flatMap { RetryAfter.seconds(from: $0, now: now) }
    self.init(status: response.status, message: body.message, retryAfter: header ?? body.retryAfter)
  }

  /// `the server answered 503 Service Unavailable: over capacity`.
  public var explanation: String {
    let reason = HTTPStatus.reason(status)
    var message = self.message
    // Mars Vista repeats the reason phrase as its `error`: say it once.
    if let reason, let text = message, text.lowercased().hasPrefix(reason.lowercased()) {
      let rest = text.dropFirst(reason.count).drop { $0 == ":" || $0 == " " }
      message = rest.isEmpty ? nil : String(rest)
    }
    return "the server answered \(status)" + (reason.map { " \($0)" } ?? "")
      + (message.map { ": \($0)" } ?? "")
  }
}
