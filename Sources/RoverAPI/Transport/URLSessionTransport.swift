import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The live transport: `URLSession`, with no cache, no cookies and room for parallel requests.
///
/// Cancelling the calling task cancels the transfer itself, so an interrupted command stops
/// its requests at once instead of waiting for their timeouts.
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
    session = URLSession(
      configuration: configuration, delegate: RedirectGuard(), delegateQueue: nil)
  }

  /// Sends the request with `URLSession` and reads the whole body.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    var urlRequest = URLRequest(url: request.url)
    urlRequest.httpMethod = "GET"
    // The client races its own timer against each attempt; this is only a backstop.
    urlRequest.timeoutInterval = request.timeout + 5
    for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
    let host = request.url.host ?? "the server"
    let hostAndPort = request.url.port.map { "\(host):\($0)" } ?? host
    let transfer = Transfer()
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let task = session.dataTask(with: urlRequest) { data, response, error in
          continuation.resume(with: Self.result(data, response, error, host: hostAndPort))
        }
        transfer.start(task)
      }
    } onCancel: {
      transfer.cancel()
    }
  }

  private static func result(
    _ data: Data?, _ response: URLResponse?, _ error: (any Error)?, host: String
  )
    -> Result<HTTPResponse, any Error>
  {
    if let error = error as? URLError { return .failure(translate(error, host: host)) }
    if let error { return .failure(TransportError.other("network error: \(type(of: error))")) }
    guard let http = response as? HTTPURLResponse else {
      return .failure(TransportError.other("the response was not HTTP"))
    }
    var headers: [String: String] = [:]
    for (name, value) in http.allHeaderFields {
      if let name = name as? String, let value = value as? String { headers[name] = value }
    }
    return .success(HTTPResponse(status: http.statusCode, headers: headers, body: data ?? Data()))
  }

  /// Maps `URLError` to the few failures callers act on; its own text may hold the full URL
  /// and with it the key, so none of it is kept.
  static func translate(_ error: URLError, host: String) -> any Error {
    switch error.code {
    case .cancelled: CancellationError()
    case .timedOut: TransportError.timedOut
    case .cannotConnectToHost, .notConnectedToInternet: TransportError.cannotConnect(host: host)
    case .cannotFindHost, .dnsLookupFailed: TransportError.cannotFindHost(host: host)
    case .networkConnectionLost, .cannotParseResponse, .badServerResponse, .zeroByteResource:
      TransportError.connectionLost
    default: TransportError.other("network error \(error.code.rawValue)")
    }
  }
}

/// One data task and whether it was cancelled, whichever comes first: cancellation can arrive
/// before the task exists.
private final class Transfer: Sendable {
  private let state = Mutex<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

  func start(_ task: URLSessionDataTask) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.cancelled
    }
    task.resume()
    if cancelled { task.cancel() }
  }

  func cancel() {
    let task = state.withLock { state in
      state.cancelled = true
      return state.task
    }
    task?.cancel()
  }
}
