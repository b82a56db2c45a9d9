import PlainText

#if canImport(LibCurl)
  import LibCurl

  /// Sets an easy handle up for one hop of a transfer: the address, the header fields, where
  /// the bytes go, and what libcurl may do on its own (nothing it would write to disk, no
  /// redirect it would follow without the key guard, no signal).
  enum CurlRequest {
    /// Sets what every transfer on a new handle shares: where the bytes go, and what libcurl
    /// may do on its own. Set once: a handle is kept for the next transfer without a reset,
    /// and only ``configure(_:for:hop:)``'s options change between transfers. Returns
    /// whether libcurl took them.
    static func prepare(_ handle: OpaquePointer) -> Bool {
      let results = [
        rovers_curl_easy_set_callback(
          handle, CurlOption.headerFunction.rawValue, CurlLibrary.headerLine),
        rovers_curl_easy_set_callback(
          handle, CurlOption.writeFunction.rawValue, CurlLibrary.bodyPiece),
        set(handle, .noSignal, 1),
        set(handle, .suppressConnectHeaders, 1),
        set(handle, .httpVersion, CurlValue.httpVersion2OverTLS),
      ]
      // Only http and https, whatever libcurl was built with (7.85 and later know this
      // option; the address was checked before in any case).
      _ = set(handle, .protocols, "http,https")
      // A larger read buffer, where libcurl allows it (on a new handle it does).
      _ = set(handle, .bufferSize, CurlValue.bufferSize)
      return results.allSatisfy { $0 == 0 }
    }

    /// The options for the transfer's `hop`; returns the header list, which must live as long
    /// as the handle sends it. Throws when the request cannot be sent as it is.
    static func configure(
      _ handle: OpaquePointer, for transfer: CurlTransfer, hop: CurlTransfer.Hop
    ) throws -> UnsafeMutablePointer<curl_slist>? {
      let headerList = try headerList(hop.headers)
      let context = Unmanaged.passUnretained(transfer).toOpaque()
      let namesAgent = hop.headers.keys.contains { $0.lowercased() == "user-agent" }
      let results = [
        set(handle, .url, hop.url.absoluteString),
        rovers_curl_easy_set_pointer(handle, CurlOption.httpHeader.rawValue, headerList),
        rovers_curl_easy_set_pointer(handle, CurlOption.headerData.rawValue, context),
        rovers_curl_easy_set_pointer(handle, CurlOption.writeData.rawValue, context),
        // Over https, waits for a connection that may multiplex (HTTP/2) rather than opening
        // another at once; in the clear HTTP/1.1 it is, and waiting would only delay.
        set(handle, .pipeWait, hop.url.scheme?.lowercased() == "https" ? 1 : 0),
        // The whole request, answer and body, within its timeout: the client sets no timer of
        // its own for this transport. A redirect's hop gets what earlier hops left.
        set(handle, .timeoutMilliseconds, transfer.remainingMilliseconds()),
        // An answer in memory (a list) in every encoding this libcurl undoes, as URLSession
        // asks; a body streamed to a writer (an image) as it is: images do not compress, a
        // range of a compressed body is a range of its compressed bytes, and the field costs
        // libcurl a formatted line a request.
        transfer.request.bodyWriter == nil
          ? set(handle, .acceptEncoding, "")
          : rovers_curl_easy_set_pointer(handle, CurlOption.acceptEncoding.rawValue, nil),
        // The request's own User-Agent, or the tool's; an earlier transfer's is not kept.
        namesAgent
          ? rovers_curl_easy_set_pointer(handle, CurlOption.userAgent.rawValue, nil)
          : set(handle, .userAgent, CurlLibrary.userAgent),
      ]
      guard results.allSatisfy({ $0 == 0 }) else {
        rovers_curl_slist_free_all(headerList)
        throw TransportError.other("libcurl refused the request's options")
      }
      return headerList
    }

    /// `Name: value` lines for libcurl; a field with a line break in it would end the head
    /// early and is refused, without its value, which may be the key.
    private static func headerList(_ headers: [String: String]) throws
      -> UnsafeMutablePointer<curl_slist>?
    {
      var list: UnsafeMutablePointer<curl_slist>?
      for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
        guard !breaksLine(name), !breaksLine(value) else {
          rovers_curl_slist_free_all(list)
          throw TransportError.other("the request's \(name) field holds a line break")
        }
        // `Name;` sends an empty field; `Name:` would remove it.
        let line = value.isEmpty ? "\(name);" : "\(name): \(value)"
        guard let longer = rovers_curl_slist_append(list, line) else {
          rovers_curl_slist_free_all(list)
          throw TransportError.other("libcurl could not take the request's header fields")
        }
        list = longer
      }
      return list
    }

    /// Whether the text holds a byte that would end a header line early: CR, LF or NUL.
    private static func breaksLine(_ text: String) -> Bool {
      UTF8Scan.contains(text) { $0 == 13 || $0 == 10 || $0 == 0 }
    }

    private static func set(_ handle: OpaquePointer, _ option: CurlOption, _ value: Int) -> Int32 {
      rovers_curl_easy_set_long(handle, option.rawValue, value)
    }

    /// libcurl copies the string.
    private static func set(_ handle: OpaquePointer, _ option: CurlOption, _ value: String)
      -> Int32
    {
      rovers_curl_easy_set_pointer(handle, option.rawValue, value)
    }
  }
#endif
