import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Turns what a transport's HTTP library reports into the few failures callers act on, in
/// plain words that name the host and never the address, which may hold the key.
enum TransferFailure {
  /// `URLError`'s own text may hold the full URL and with it the key, so none of it is kept.
  static func translate(_ error: any Error, host: String, encoding: String? = nil) -> any Error {
    guard let error = error as? URLError else {
      return TransportError.other("the transfer from \(host) failed")
    }
    // libcurl reports a body it cannot decompress as a plain failure: the header says why.
    if let encoding, !BodyProblem.readableEncodings.contains(encoding.lowercased()),
      error.code != .cancelled, error.code != .timedOut
    {
      return undecodable(encoding: encoding, host: host)
    }
    if let encoding, error.code == .unknown || error.code == .cannotDecodeContentData {
      return undecodable(encoding: encoding, host: host)
    }
    switch error.code {
    case .cancelled: return CancellationError()
    case .timedOut: return TransportError.timedOut
    case .cannotConnectToHost, .notConnectedToInternet:
      return TransportError.cannotConnect(host: host)
    case .cannotFindHost, .dnsLookupFailed: return TransportError.cannotFindHost(host: host)
    case .networkConnectionLost, .zeroByteResource: return TransportError.connectionLost
    case .cannotParseResponse, .badServerResponse: return notHTTP(host)
    case .httpTooManyRedirects: return redirectLoop(host)
    case .redirectToNonExistentLocation:
      return TransportError.other("\(host) redirected without saying where to")
    case .unsupportedURL: return unfetchable(host)
    case .cannotDecodeContentData, .cannotDecodeRawData:
      return TransportError.other(
        "\(host) sent a body in an encoding this tool cannot read (Content-Encoding)")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return insecure(host)
    default:
      return broken(host)
    }
  }

  /// A body whose `Content-Encoding` could not be undone: one this tool does not read, or
  /// bytes that are not what the header says.
  static func undecodable(encoding: String, host: String) -> TransportError {
    if !BodyProblem.readableEncodings.contains(encoding.lowercased()) {
      return .other(
        "\(host) sent a body in an encoding this tool cannot read (Content-Encoding: "
          + "\(OneLine.clean(encoding)))")
    }
    return .other(
      "\(host) sent a body that does not decode as its Content-Encoding"
        + " (\(OneLine.clean(encoding))) says")
  }

  /// An answer that is not HTTP.
  static func notHTTP(_ host: String) -> TransportError {
    .other("\(host) sent an answer that is not valid HTTP")
  }

  /// More redirects than ``RedirectGuard/maxRedirects``.
  static func redirectLoop(_ host: String) -> TransportError {
    .other("\(host) redirected too many times (a redirect loop)")
  }

  /// An address, or a redirect's, that is not http or https.
  static func unfetchable(_ host: String) -> TransportError {
    .other("the address at \(host) is not one this tool can fetch")
  }

  /// A TLS handshake or certificate that failed.
  static func insecure(_ host: String) -> TransportError {
    .other("the secure connection to \(host) failed (TLS)")
  }

  /// Any other failure during the transfer.
  static func broken(_ host: String) -> TransportError {
    .other(
      "the transfer from \(host) failed (the connection broke or the answer could not be read)")
  }

  /// Refuses an address that is not http or https before anything is sent: the transports
  /// fetch nothing else, whatever their library could.
  static func refuseUnfetchable(_ url: URL) throws {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw unfetchable(hostAndPort(url))
    }
  }

  /// `host:port`, or the host alone: what messages name.
  static func hostAndPort(_ url: URL) -> String {
    let host = url.host ?? "the server"
    return url.port.map { "\(host):\($0)" } ?? host
  }
}
