#if canImport(LibCurl)

  extension TransferFailure {
    /// What a transfer that libcurl ended with `code` (a `CURLcode`) failed of, in the same
    /// words as URLSession's failures; `encoding` is the answer's `Content-Encoding`, if any.
    static func translate(curl code: Int32, host: String, encoding: String?) -> any Error {
      guard let result = CurlResult(rawValue: code) else { return broken(host) }
      switch result {
      case .badContentEncoding:
        return undecodable(encoding: encoding ?? "identity", host: host)
      case .timedOut: return TransportError.timedOut
      case .cannotConnect: return TransportError.cannotConnect(host: host)
      case .cannotResolveHost: return TransportError.cannotFindHost(host: host)
      case .cannotResolveProxy:
        return TransportError.other("the proxy for \(host) could not be found (https_proxy)")
      case .gotNothing, .partialFile, .receiveError, .sendError, .http2, .http2Stream:
        return TransportError.connectionLost
      case .weirdServerReply: return notHTTP(host)
      case .unsupportedProtocol, .malformedURL: return unfetchable(host)
      case .sslConnectError, .sslCertificateProblem, .sslCipher, .peerFailedVerification,
        .sslCACertificateBadFile, .sslIssuerError, .sslPinnedKeyMismatch,
        .sslInvalidCertificateStatus:
        return insecure(host)
      case .ok, .failedInit, .writeError, .outOfMemory, .abortedByCallback, .tooManyRedirects,
        .http3, .quicConnectError:
        return broken(host)
      }
    }
  }

#endif
