#if canImport(LibCurl)
  import LibCurl

  /// What libcurl sets up once per process, and the two functions it calls with a transfer's
  /// bytes.
  enum CurlLibrary {
    /// Whether libcurl is ready: loaded, and `curl_global_init` run, once, before any handle
    /// was made. Asked when a transport first needs it, so a command that never fetches never
    /// loads libcurl.
    static var isReady: Bool { rovers_curl_load() == 0 }

    /// The `User-Agent` sent when the request names none: the tool and the libcurl it runs
    /// on (`rovers libcurl/7.88.1`), as URLSession names both.
    static let userAgent: String = version.map { "rovers libcurl/" + $0 } ?? "rovers"

    /// The version of the libcurl the process runs on: `7.88.1`.
    static let version: String? = rovers_curl_version_number().map { String(cString: $0) }

    /// Hands each line of a head to its transfer; returning anything but the line's length
    /// aborts the transfer.
    static let headerLine: rovers_curl_data_callback = { buffer, size, count, context in
      hand(buffer, size * count, to: context) { $0.takeHeaderLine($1) }
    }

    /// Hands each piece of a body to its transfer, on the loop's thread: the writer has it
    /// on disk before libcurl reads the socket again, so a body costs the same memory
    /// whatever its size.
    static let bodyPiece: rovers_curl_data_callback = { buffer, size, count, context in
      hand(buffer, size * count, to: context) { $0.takeBody($1) }
    }

    /// The bytes to the transfer that `context` points at (the loop holds it while libcurl
    /// may call); their length when it takes them, 0 to abort.
    private static func hand(
      _ buffer: UnsafeMutablePointer<CChar>?, _ length: Int, to context: UnsafeMutableRawPointer?,
      _ take: (CurlTransfer, UnsafeRawBufferPointer) -> Bool
    ) -> Int {
      guard let context else { return 0 }
      let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
      let bytes = UnsafeRawBufferPointer(start: buffer, count: buffer == nil ? 0 : length)
      return take(transfer, bytes) ? length : 0
    }
  }
#endif
