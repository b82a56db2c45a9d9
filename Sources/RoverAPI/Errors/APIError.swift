/// Why a request to the API failed; every case names the request, never with the key.
public enum APIError: Error, Sendable, Hashable {
  /// The request could not be turned into a URL.
  case invalidRequest(request: String)
  /// No response arrived.
  case transport(request: String, failure: TransportError)
  /// The server answered with a status outside 200–299.
  case status(request: String, response: ServerErrorResponse)
  /// The server answered 2xx with a body that is not the expected JSON.
  case undecodable(request: String, problem: String)

  /// The request that failed, as `GET /path?query`.
  public var request: String {
    switch self {
    case .invalidRequest(let request), .transport(let request, _), .status(let request, _),
      .undecodable(let request, _):
      request
    }
  }
}

extension APIError {
  /// What went wrong, without the request: `the server answered 503 Service Unavailable`.
  public var reason: String {
    switch self {
    case .invalidRequest: "cannot build a URL for this request"
    case .transport(_, let failure): failure.explanation
    case .status(_, let response): response.explanation
    case .undecodable(_, let problem): problem
    }
  }
}

extension APIError: CustomStringConvertible {
  /// A one-line message that reads well after `Error: `.
  public var description: String { "\(request): \(reason)" }
}

extension TransportError {
  /// What happened, in words.
  public var explanation: String {
    switch self {
    case .cannotConnect(let host): "cannot connect to \(host)"
    case .cannotFindHost(let host): "cannot find the host \(host)"
    case .timedOut: "no answer before the timeout"
    case .connectionLost: "the connection closed before the whole answer arrived"
    case .bodyTooLarge(let limit): "the answer is larger than \(limit / 1_048_576) MB"
    case .other(let text): text
    }
  }
}
