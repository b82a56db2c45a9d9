import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Turns what a transport's HTTP library reports into the few failures callers act on, in
/// plain words that name the host and never the address, which may hold the key.
package enum TransferFailure {
  /// A body whose `Content-Encoding` could not be undone: one this tool does not read, or
  /// bytes that are not what the header says.
  package static func undecodable(encoding: String, host: String) -> TransportError {
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
  package static func notHTTP(_ host: String) -> TransportError {
    .other("\(host) sent an answer that is not valid HTTP")
  }

  /// More redirects than ``RedirectGuard/maxRedirects``.
  package static func redirectLoop(_ host: String) -> TransportError {
    .other("\(host) redirected too many times (a redirect loop)")
  }

  /// An address, or a redirect's, that is not http or https.
  package static func unfetchable(_ host: String) -> TransportError {
    .other("the address at \(host) is not one this tool can fetch")
  }

  /// A TLS handshake or certificate that failed.
  package static func insecure(_ host: String) -> TransportError {
    .other("the secure connection to \(host) failed (TLS)")
  }

  /// Any other failure during the transfer.
  package static func broken(_ host: String) -> TransportError {
    .other(
      "the transfer from \(host) failed (the connection broke or the answer could not be read)")
  }

  /// Refuses an address that is not http or https before anything is sent: the transports
  /// fetch nothing else, whatever their library could.
  package static func refuseUnfetchable(_ url: URL) throws {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw unfetchable(hostAndPort(url))
    }
  }

  /// `host:port`, or the host alone: what messages name.
  package static func hostAndPort(_ url: URL) -> String {
    let host = url.host ?? "the server"
    return url.port.map { "\(host):\($0)" } ?? host
  }
}
