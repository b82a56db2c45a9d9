import Foundation

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
  public init(_ response: HTTPResponse) {
    let body = ErrorBody.parse(response.body)
    self.init(
      status: response.status, message: body.message,
      retryAfter: response.header("Retry-After").flatMap(Self.seconds) ?? body.retryAfter)
  }

  /// `the server answered 503 Service Unavailable: over capacity`.
  public var explanation: String {
    let reason = HTTPStatus.reason(status).map { " \($0)" } ?? ""
    let message = message.map { ": \($0)" } ?? ""
    return "the server answered \(status)\(reason)\(message)"
  }

  private static func seconds(_ value: String) -> Double? {
    Double(value.trimmingCharacters(in: .whitespaces)).flatMap { $0 >= 0 ? $0 : nil }
  }
}
