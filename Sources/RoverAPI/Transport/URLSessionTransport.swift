import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live transport: `URLSession`, with no cache, no cookies and room for parallel requests.
public struct URLSessionTransport: HTTPTransport {
  private let session: URLSession

  /// Creates a transport allowing `maxConnectionsPerHost` requests in flight to one server.
  public init(maxConnectionsPerHost: Int = 16) {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.urlCache = nil
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.httpCookieStorage = nil
    configuration.httpShouldSetCookies = false
    configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
    session = URLSession(configuration: configuration)
  }

  /// Sends the request with `URLSession` and reads the whole body.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = "GET"
    urlRequest.timeoutInterval = request.timeout
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    do {
      let (data, response) = try await session.data(for: urlRequest)
      guard let http = response as? HTTPURLResponse else {
        throw TransportError.other("the response was not HTTP")
      }
      var headers: [String: String] = [:]
      for (name, value) in http.allHeaderFields {
        if let name = name as? String, let value = value as? String { headers[name] = value }
      }
      return HTTPResponse(status: http.statusCode, headers: headers, body: data)
    } catch let error as URLError {
      let host = request.url.host ?? "the server"
      throw Self.translate(error, host: request.url.port.map { "\(host):\($0)" } ?? host)
    }
  }

  /// Maps `URLError` to the few failures callers act on; its own text may hold the full URL
  /// and with it the key, so none of it is kept.
  static func translate(_ error: URLError, host: String) -> any Error {
    switch error.code {
    case .cancelled: CancellationError()
    case .timedOut: TransportError.timedOut
    case .cannotConnectToHost, .notConnectedToInternet: TransportError.cannotConnect(host: host)
    case .cannotFindHost, .dnsLookupFailed: TransportError.cannotFindHost(host: host)
    case .networkConnectionLost, .cannotParseResponse, .badServerResponse:
      TransportError.connectionLost
    default: TransportError.other("network error \(error.code.rawValue)")
    }
  }
}
