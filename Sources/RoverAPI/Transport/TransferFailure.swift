import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Turns what `URLSession` reports into the few failures callers act on, in plain words.
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
      return TransportError.other(
        "\(host) sent a body in an encoding this tool cannot read (Content-Encoding: "
          + "\(OneLine.clean(encoding)))")
    }
    if encoding != nil, error.code == .unknown || error.code == .cannotDecodeContentData {
      return TransportError.other(
        "\(host) sent a body that does not decode as its Content-Encoding"
          + " (\(OneLine.clean(encoding ?? ""))) says")
    }
    switch error.code {
    case .cancelled: return CancellationError()
    case .timedOut: return TransportError.timedOut
    case .cannotConnectToHost, .notConnectedToInternet:
      return TransportError.cannotConnect(host: host)
    case .cannotFindHost, .dnsLookupFailed: return TransportError.cannotFindHost(host: host)
    case .networkConnectionLost, .zeroByteResource: return TransportError.connectionLost
    case .cannotParseResponse, .badServerResponse:
      return TransportError.other("\(host) sent an answer that is not valid HTTP")
    case .httpTooManyRedirects:
      return TransportError.other("\(host) redirected too many times (a redirect loop)")
    case .redirectToNonExistentLocation:
      return TransportError.other("\(host) redirected without saying where to")
    case .unsupportedURL:
      return TransportError.other("the address at \(host) is not one this tool can fetch")
    case .cannotDecodeContentData, .cannotDecodeRawData:
      return TransportError.other(
        "\(host) sent a body in an encoding this tool cannot read (Content-Encoding)")
    case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
      .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
      return TransportError.other("the secure connection to \(host) failed (TLS)")
    default:
      return TransportError.other(
        "the transfer from \(host) failed (the connection broke or the answer could not be read)")
    }
  }
}
