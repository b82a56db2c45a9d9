/// The HTTP clients a run can send its requests with. Which one is the tool's own is chosen
/// when it is built: libcurl's multi interface on Linux, where URLSession costs several times
/// the CPU per transfer; URLSession on macOS, where it is native. The other stays for
/// comparison (`ROVERS_TRANSPORT=urlsession` in `make bench`) and for the tests, which run
/// the transport suite against each.
public enum TransportKind: String, CaseIterable, Sendable {
  #if canImport(LibCurl)
    /// ``CurlTransport``: libcurl's multi interface, one event loop for every transfer.
    case curl
  #endif
  /// ``URLSessionTransport``: Foundation's URLSession.
  case urlsession

  /// The one this build uses unless told otherwise.
  public static var native: TransportKind {
    #if canImport(LibCurl)
      .curl
    #else
      .urlsession
    #endif
  }

  /// The HTTP library under the native transport and its version, `libcurl 7.88.1`; `nil`
  /// where the build uses URLSession alone.
  public static var libraryVersion: String? {
    #if canImport(LibCurl)
      CurlLibrary.version.map { "libcurl " + $0 }
    #else
      nil
    #endif
  }

  /// A new transport of this kind. libcurl's keeps to `connectionsPerHost` transfers to one
  /// server at once, holding the rest back; URLSession keeps its 16 connections, and the
  /// callers' own windows keep to `-j` (fewer connections made it hand them over no faster,
  /// at twice the CPU time).
  public func make(connectionsPerHost: Int = 16) -> any HTTPTransport {
    switch self {
    #if canImport(LibCurl)
      case .curl: CurlTransport(maxConnectionsPerHost: connectionsPerHost)
    #endif
    case .urlsession: URLSessionTransport()
    }
  }
}
