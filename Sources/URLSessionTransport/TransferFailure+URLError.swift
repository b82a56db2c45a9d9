// All of Foundation: URLSession is in it (or in FoundationNetworking, which brings it).
import Foundation
import RoverAPI

extension TransferFailure {
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
}
