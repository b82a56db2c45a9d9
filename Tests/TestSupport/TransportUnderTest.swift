import RoverAPI
import URLSessionTransport

/// The HTTP transports the tests hold to the same behaviour: libcurl's (Linux) and URLSession's
/// (built everywhere, the one macOS sends with). The transport suite runs in this process
/// against each; the tests that run the binary use ``inTheBinary``, the one it was built with.
public enum TransportUnderTest: String, CaseIterable, Sendable {
  #if canImport(LibCurl)
    /// `CurlTransport`: libcurl's multi interface.
    case curl
  #endif
  /// `URLSessionTransport`: Foundation's URLSession.
  case urlsession

  /// The transport the `rovers` binary sends with (`--transport`'s one choice).
  public static var inTheBinary: [TransportUnderTest] {
    #if canImport(LibCurl)
      [.curl]
    #else
      [.urlsession]
    #endif
  }

  /// A new transport of this kind, keeping to `connectionsPerHost` transfers to one server.
  public func make(connectionsPerHost: Int = 16) -> any HTTPTransport {
    switch self {
    #if canImport(LibCurl)
      case .curl: CurlTransport(maxConnectionsPerHost: connectionsPerHost)
    #endif
    case .urlsession: URLSessionTransport(maxConnectionsPerHost: connectionsPerHost)
    }
  }
}
