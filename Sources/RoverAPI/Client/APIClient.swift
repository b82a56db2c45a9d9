import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
  /// The most bytes of one JSON answer; a larger one is refused as data that cannot be used.
  public var bodyLimit: Int
  /// Kept answers, asked before sending and offered what decoded; `nil` for none.
  public var cache: (any AnswerCache)?
  /// Told of answers and retries, for a verbose log; never given the key.
  public var onEvent: @Sendable (ClientEvent) -> Void
  /// Keeps the requests under the server's rate limit; shared by every copy of the client.
  public var pacer: RequestPacer
  /// The most bytes of an image asked for in one request: a larger one comes in several
  /// ranges (``download(from:into:startingAt:headers:)``).
  public var pieceLength = APIClient.defaultPieceLength

  /// Creates a client for the server at `baseURL`.
  public init(
    baseURL: URL, apiKey: String? = nil, timeout: Double = 30,
    retryPolicy: RetryPolicy = RetryPolicy(),
    transport: any HTTPTransport,
    sleeper: any Sleeper = TaskSleeper(),
    bodyLimit: Int = HTTPRequest.defaultBodyLimit, cache: (any AnswerCache)? = nil,
    pacer: RequestPacer = RequestPacer(),
    onEvent: @escaping @Sendable (ClientEvent) -> Void = { _ in }
  ) {
    self.pacer = pacer
    self.baseURL = baseURL
    self.apiKey = apiKey
    self.timeout = timeout
    self.retryPolicy = retryPolicy
    self.transport = transport
    self.sleeper = sleeper
    self.bodyLimit = bodyLimit
    self.cache = cache
    self.onEvent = onEvent
  }

  /// Sends the request, retrying transport failures and 429/5xx answers as the policy says,
  /// and decodes the answer; a fresh kept answer is used instead when the cache has one.
  ///
  /// Throws ``APIError`` for every failure of the request, and `CancellationError` when the
  /// task was cancelled, so callers can tell an interruption from a fault.
  public func send<Response>(_ request: APIRequest<Response>) async throws -> Response {
    // Only what a rule may keep is looked for: a list of the feeds is never in the cache.
    let key = cache.flatMap { _ in request.cacheRule.map { _ in answerKey(for: request) } }
    if let cache, let key, let body = cache.body(for: key), let value = try? request.decode(body) {
      onEvent(.cached(request: summary(of: request)))
      return value
    }
    var httpRequest = try makeHTTPRequest(for: request)
    httpRequest.bodyLimit = bodyLimit
    let response = try await sendRetrying(httpRequest, summary: summary(of: request))
    // Decoding a large list takes a while; an interrupted or late command stops here.
    try Task.checkCancellation()
    let value = try decode(response, for: request)
    if let cache, let key, let rule = request.cacheRule {
      cache.offer(response.body, for: key, lastSols: rule.lastSols(value)) { lastSol in
        rule.lifetime(value, lastSol)
      }
    }
    return value
  }

  /// The address with its scheme and host in lower case (`HTTP://Host` is the same as
  /// `http://host`), or `nil` when it is not an absolute http(s) address with a host.
  static func fetchable(_ url: URL) -> URL? {
    // Most addresses are already so, every image's among them: kept without another parse.
    if let scheme = url.scheme, scheme == "http" || scheme == "https", let host = url.host,
      !host.isEmpty, !host.utf8.contains(where: { (65...90).contains($0) })
    {
      return url
    }
    guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty
    else { return nil }
    components.scheme = scheme
    components.host = host.lowercased()
    return components.url
  }

  private func decode<Response>(_ response: HTTPResponse, for request: APIRequest<Response>)
    throws -> Response
  {
    do {
      return try request.decode(response.body)
    } catch {
      throw APIError.undecodable(
        request: summary(of: request),
        problem: BodyProblem.describe(
          response.body, status: response.status, encoding: response.header("Content-Encoding"),
          error: error))
    }
  }

  /// The request as messages name it, with the server it went to, since two servers may be in
  /// play (the API and NASA's feeds): `GET https://rovers.nebulum.one/api/v1/rovers`. Built
  /// from the base's scheme, host, port and path and the request's path and query, so it holds
  /// neither the key nor a password written into the base.
  public func summary<Response>(of request: APIRequest<Response>) -> String {
    var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)
    components?.user = nil
    components?.password = nil
    components?.query = nil
    components?.fragment = nil
    var base = components?.string ?? ""
    while base.hasSuffix("/") { base.removeLast() }
    return OneLine.clean("GET \(base)\(request.summary.dropFirst("GET ".count))")
  }

  /// What identifies the request's answer in a cache: never the key.
  func answerKey<Response>(for request: APIRequest<Response>) -> AnswerKey {
    let query = Dictionary(
      request.query.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    return AnswerKey(base: baseURL.absoluteString, path: request.path, query: query)
  }

  /// Builds the HTTP request without sending it: the URL under the base, the query with the
  /// key appended, and the headers.
  public func makeHTTPRequest<Response>(for request: APIRequest<Response>) throws -> HTTPRequest {
    let base =
      baseURL.absoluteString.hasSuffix("/")
      ? String(baseURL.absoluteString.dropLast()) : baseURL.absoluteString
    guard var components = URLComponents(string: base) else {
      throw APIError.invalidRequest(request: summary(of: request))
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
      .replacing("+", with: "%2B")
    // An address this tool refuses is refused here, once: sending it would fail the same way
    // on every retry.
    guard let url = components.url.flatMap(Self.fetchable) else {
      throw APIError.invalidRequest(request: summary(of: request))
    }
    return HTTPRequest(url: url, headers: headers, timeout: timeout)
  }
}
