/// A transport whose answers come from a closure: the stand-in for the network in unit tests.
///
/// Its answers go through the same ``BodyReceiver`` as the network's, so limits and writers
/// behave as they do live.
public struct ClosureTransport: HTTPTransport {
  private let handler: @Sendable (HTTPRequest) async throws -> HTTPResponse

  /// Creates a transport that answers every request with `handler`.
  public init(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
    self.handler = handler
  }

  /// Answers with the closure.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try BodyReceiver.deliver(try await handler(request), for: request)
  }
}
