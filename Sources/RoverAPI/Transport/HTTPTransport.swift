import Foundation

/// Sends one HTTP request and returns the whole response: the one seam between the client and
/// the network, so tests can put a stub in its place.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the response, whatever its status.
  ///
  /// Throws ``TransportError`` when no response arrived, and `CancellationError` when the
  /// calling task was cancelled.
  func send(_ request: HTTPRequest) async throws -> HTTPResponse
}

/// A GET request ready to send.
public struct HTTPRequest: Sendable, Hashable {
  /// The full address, query included.
  public var url: URL
  /// Header fields to send.
  public var headers: [String: String]
  /// How long to wait for the response, in seconds.
  public var timeout: Double

  /// Creates a request.
  public init(url: URL, headers: [String: String] = [:], timeout: Double = 30) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
  }
}

/// A response with its whole body.
public struct HTTPResponse: Sendable, Hashable {
  /// The status code.
  public var status: Int
  /// Header fields, with lower-cased names.
  public var headers: [String: String]
  /// The body, possibly empty.
  public var body: Data

  /// Creates a response; header names are lower-cased so look-ups ignore case as HTTP does.
  public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
    self.status = status
    self.headers = Dictionary(
      headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
    self.body = body
  }

  /// The value of a header field, whatever the case of its name.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// Why a request got no response.
public enum TransportError: Error, Sendable, Hashable {
  /// The host refused or did not accept the connection.
  case cannotConnect(host: String)
  /// The host name could not be resolved.
  case cannotFindHost(host: String)
  /// No complete response arrived in time.
  case timedOut
  /// The connection closed before the whole response arrived.
  case connectionLost
  /// Any other failure, described in words.
  case other(String)
}
