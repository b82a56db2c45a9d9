#if canImport(LibCurl)

  /// The numbers of libcurl's ABI that the transport uses: options, results and flags, as
  /// libcurl's headers define them (stable since 7.x; checked against 7.88's). They live here,
  /// not in `LibCurl.h`, so that Swift sees them as types rather than loose integers.
  enum CurlOption: Int32 {
    // A long value: the option's own number.
    case httpVersion = 84
    case bufferSize = 98
    case noSignal = 99
    case timeoutMilliseconds = 155
    case pipeWait = 237
    case suppressConnectHeaders = 265
    // A pointer (CURLOPTTYPE_OBJECTPOINT, 10000, plus the number).
    case writeData = 10001
    case url = 10002
    case userAgent = 10018
    case httpHeader = 10023
    case headerData = 10029
    case acceptEncoding = 10102
    case protocols = 10318
    // A function (CURLOPTTYPE_FUNCTIONPOINT, 20000, plus the number).
    case writeFunction = 20011
    case headerFunction = 20079
  }

  /// The multi handle's options.
  enum CurlMultiOption: Int32 {
    case pipelining = 3
    case maxHostConnections = 7
    case socketData = 10002
    case timerData = 10005
    case socketFunction = 20001
    case timerFunction = 20004
  }

  /// The socket events of `curl_multi_socket_action`, and what the socket callback asks.
  enum CurlSocket {
    /// `CURL_SOCKET_TIMEOUT`: no socket, the timer is due.
    static let timeout: Int32 = -1
    /// `CURL_CSELECT_IN`, `_OUT`, `_ERR`: what a socket is ready for.
    static let readable: Int32 = 1
    static let writable: Int32 = 2
    static let failed: Int32 = 4
    /// `CURL_POLL_IN`, `_OUT`, `_REMOVE`: what to watch a socket for.
    static let watchRead: Int32 = 1
    static let watchWrite: Int32 = 2
    static let unwatch: Int32 = 4
  }

  /// The values some options take.
  enum CurlValue {
    /// `CURL_HTTP_VERSION_2TLS`: HTTP/2 over TLS where the server offers it, 1.1 in the clear.
    static let httpVersion2OverTLS = 4
    /// `CURLPIPE_MULTIPLEX`: many requests at once over one HTTP/2 connection.
    static let multiplex = 2
    /// The largest piece of a body handed over at once: four times libcurl's default, a
    /// quarter of the callbacks for the same bytes.
    static let bufferSize = 65_536
  }

  /// The results (`CURLcode`) a transfer ends with that the transport tells apart.
  enum CurlResult: Int32 {
    case ok = 0
    case unsupportedProtocol = 1
    case failedInit = 2
    case malformedURL = 3
    case cannotResolveProxy = 5
    case cannotResolveHost = 6
    case cannotConnect = 7
    case weirdServerReply = 8
    case http2 = 16
    case partialFile = 18
    case writeError = 23
    case outOfMemory = 27
    case timedOut = 28
    case sslConnectError = 35
    case abortedByCallback = 42
    case tooManyRedirects = 47
    case gotNothing = 52
    case sendError = 55
    case receiveError = 56
    case sslCertificateProblem = 58
    case sslCipher = 59
    case peerFailedVerification = 60
    case badContentEncoding = 61
    case sslCACertificateBadFile = 77
    case sslIssuerError = 83
    case sslPinnedKeyMismatch = 90
    case sslInvalidCertificateStatus = 91
    case http2Stream = 92
    case http3 = 95
    case quicConnectError = 96
  }

#endif
