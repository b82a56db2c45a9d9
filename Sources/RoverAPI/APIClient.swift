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
    let httpRequest = try makeHTTPRequest(for: request)
    var retry = 0
    while true {
      let outcome: Result<HTTPResponse, TransportError>
      do {
        outcome = .success(try await attempt(httpRequest, summary: request.summary))
      } catch let failure as TransportError {
        outcome = .failure(failure)
      }
      let failure: APIError
      var serverWait: Double?
      switch outcome {
      case .success(let response):
        if (200..<300).contains(response.status) { return try decode(response, for: request) }
        let answer = ServerErrorResponse(response)
        failure = .status(request: request.summary, response: answer)
        guard RetryPolicy.isRetryable(status: answer.status) else { throw failure }
        serverWait = answer.retryAfter
        // A server asking for a long pause is answered at once: a cron job should not sit
        // for an hour; the caller says when to try again.
        if let wait = serverWait, wait > retryPolicy.longestServerWait { throw failure }
      case .failure(let transportFailure):
        failure = .transport(request: request.summary, failure: transportFailure)
      }
      guard retry < retryPolicy.maxRetries else { throw failure }
      retry += 1
      let delay = serverWait ?? retryPolicy.backoff(beforeRetry: retry)
      onEvent(
        .retrying(
          request: request.summary, retry: retry, of: retryPolicy.maxRetries, delay: delay,
          reason: failure.reason))
      try await sleeper.sleep(seconds: delay)
    }
  }

  /// One attempt, bounded by ``timeout`` whatever the transport does: the transport and a
  /// timer race, and the loser is cancelled.
  private func attempt(_ request: HTTPRequest, summary: String) async throws -> HTTPResponse {
    let started = ContinuousClock.now
    let timeout = self.timeout
    let response = try await withThrowingTaskGroup(of: HTTPResponse.self) { group in
      group.addTask { try await transport.send(request) }
      group.addTask {
        try await Task.sleep(for: .milliseconds(Int64(min(timeout, 86_400) * 1000)))
        throw TransportError.timedOut
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else { throw CancellationError() }
      return first
    }
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    onEvent(.answered(request: summary, status: response.status, seconds: seconds))
    return response
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
