import Foundation

/// Sends ``APIRequest``s to one server and decodes the answers.
public struct APIClient: Sendable {
  /// The API's base URL, such as `https://rovers.nebulum.one/api/v1`.
  public var baseURL: URL
  /// The API key, sent as the `X-API-Key` header and the `api_key` query item.
  public var apiKey: String?
  /// How long one request may take, in seconds.
  public var timeout: Double
  /// What carries the requests.
  public var transport: any HTTPTransport

  /// Creates a client for the server at `baseURL`.
  public init(
    baseURL: URL, apiKey: String? = nil, timeout: Double = 30,
    transport: any HTTPTransport = URLSessionTransport()
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.timeout = timeout
    self.transport = transport
  }

  /// Sends the request and decodes the answer.
  ///
  /// Throws ``APIError`` for every failure of the request, and `CancellationError` when the
  /// task was cancelled, so callers can tell an interruption from a fault.
  public func send<Response>(_ request: APIRequest<Response>) async throws -> Response {
    let httpRequest = try makeHTTPRequest(for: request)
    let response: HTTPResponse
    do {
      response = try await transport.send(httpRequest)
    } catch let failure as TransportError {
      throw APIError.transport(request: request.summary, failure: failure)
    }
    guard (200..<300).contains(response.status) else {
      throw APIError.status(request: request.summary, response: ServerErrorResponse(response))
    }
    do {
      return try request.decode(response.body)
    } catch {
      throw APIError.undecodable(
        request: request.summary,
        problem: BodyProblem.describe(response.body, status: response.status, error: error))
    }
  }

  /// Builds the HTTP request without sending it: the URL under the base, the query with the
  /// key appended, and the headers.
  public func makeHTTPRequest<Response>(for request: APIRequest<Response>) throws -> HTTPRequest {
    let base =
      baseURL.absoluteString.hasSuffix("/")
      ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
    guard var components = URLComponents(string: base) else {
      throw APIError.invalidRequest(request: request.summary)
    }
    components.percentEncodedPath += "/" + request.path
    var query = request.query
    var headers = ["Accept": "application/json"]
    if let apiKey {
      query.append(URLQueryItem(name: "api_key", value: apiKey))
      headers["X-API-Key"] = apiKey
    }
    components.queryItems = query.isEmpty ? nil : query
    // URLComponents leaves `+` alone, which servers read as a space.
    components.percentEncodedQuery = components.percentEncodedQuery?
      .replacingOccurrences(of: "+", with: "%2B")
    guard let url = components.url else {
      throw APIError.invalidRequest(request: request.summary)
    }
    return HTTPRequest(url: url, headers: headers, timeout: timeout)
  }
}
