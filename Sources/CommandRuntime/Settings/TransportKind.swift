import RoverAPI

#if !canImport(LibCurl)
  import URLSessionTransport
#endif

/// The HTTP client a run sends its requests with, chosen when the tool is built: libcurl's
/// multi interface on Linux, where URLSession costs several times the CPU per transfer and
/// FoundationNetworking would bring ICU into the binary; URLSession on macOS, where it is the
/// system's own. Both transports are libraries of their own (`RoverAPI`'s `CurlTransport`, the
/// `URLSessionTransport` target), and the tests run the transport suite against both on Linux;
/// this binary links the one it sends with, so the Linux binary carries no ICU.
package enum TransportKind: String, CaseIterable, Sendable {
  #if canImport(LibCurl)
    /// ``CurlTransport``: libcurl's multi interface, one event loop for every transfer.
    case curl
  #else
    /// ``URLSessionTransport``: Foundation's URLSession.
    case urlsession
  #endif

  /// The one this build uses unless told otherwise.
  package static var native: TransportKind {
    #if canImport(LibCurl)
      .curl
    #else
      .urlsession
    #endif
  }

  /// The HTTP library under the native transport and its version, `libcurl 7.88.1`; `nil`
  /// where the build uses URLSession alone.
  package static var libraryVersion: String? {
    #if canImport(LibCurl)
      CurlTransport.libraryVersion.map { "libcurl " + $0 }
    #else
      nil
    #endif
  }

  /// A new transport of this kind. libcurl's keeps to `connectionsPerHost` transfers to one
  /// server at once, holding the rest back; URLSession keeps its 16 connections, and the
  /// callers' own windows keep to `-j` (fewer connections made it hand them over no faster,
  /// at twice the CPU time).
  package func make(connectionsPerHost: Int = 16) -> any HTTPTransport {
    switch self {
    #if canImport(LibCurl)
      case .curl: CurlTransport(maxConnectionsPerHost: connectionsPerHost)
    #else
      case .urlsession: URLSessionTransport()
    #endif
    }
  }
}
