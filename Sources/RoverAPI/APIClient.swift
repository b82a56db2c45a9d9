import Foundation

/// Sends ``APIRequest``s to one server and decodes the answers, retrying what is worth
/// retrying.
public struct APIClient: Sendable {
  /// The API's base URL, such as `https://rovers.nebulum.one/api/v1`.
  public var baseURL: URL
  /// The API key, sent as the `X-API-Key` header and the `api_key` query item.
  public var apiKey: String?
  /// How long one attempt at a request may take, in seconds.
  public var timeout: Double
  /// When to send a failed request again.
  public var retryPolicy: RetryPolicy
  /// What carries the requests.
  public var transport: any HTTPTransport
  /// What waits between attempts.
  public var sleeper: any Sleeper
  /// Told of answers and retries, for a verbose log; never given the key.
  public var onEvent: @Sendable (ClientEvent) -> Void

  /// Creates a client for the server at `baseURL`.
  public init(
    baseURL: URL, apiKey: String? = nil, timeout: Double = 30,
    retryPolicy: RetryPolicy = RetryPolicy(),
    transport: any HTTPTransport = URLSessionTransport(), sleeper: any Sleeper = TaskSleeper(),
    onEvent: @escaping @Sendable (ClientEvent) -> Void = { _ in }
  ) {
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.timeout = timeout
    self.retryPolicy = retryPolicy
    self.transport = transport
    self.sleeper = sleeper
    self.onEvent = onEvent
  }

  /// Sends the request, retrying transport failures and 429/5xx answers as the policy says,
  /// and decodes the answer.
  ///
  /// Throws ``APIError`` for every failure of the request, and `CancellationError` when the
  /// task was cancelled, so callers can tell an interruption from a fault.
  public func send<Response>(_ request: APIRequest<Response>) async throws -> Response {
    let response = try await sendRetrying(makeHTTPRequest(for: request), summary: request.summary)
    return try decode(response, for: request)
  }

  /// Fetches the bytes at an absolute http(s) URL, such as a photo's `img_src`, with the same
  /// retries and timeout as API requests but without the key: image hosts are not the API.
  public func fetchData(from url: URL) async throws -> Data {
    let summary = "GET \(url.absoluteString)"
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
      url.host?.isEmpty == false
    else { throw APIError.invalidRequest(request: summary) }
    let request = HTTPRequest(url: url, headers: [:], timeout: timeout)
    return try await sendRetrying(request, summary: summary).body
  }

  private func decode<Response>(_ response: HTTPResponse, for request: APIRequest<Response>)
    throws -> Response
  {
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
