#if canImport(LibCurl)
  import LibCurl

  /// The easy handles of the loop's thread: each transfer on the multi handle with its header
  /// list, and spare handles kept for the next transfers, so a request costs no set-up of
  /// its own. Used by that thread alone, as libcurl requires of every handle.
  struct CurlHandles {
    private struct Attached {
      let transfer: CurlTransfer
      let headerList: UnsafeMutablePointer<curl_slist>?
    }

    /// The most spare handles kept: as many as transfers a run usually has in flight.
    private static let spareLimit = 32

    private let multi: OpaquePointer
    private var attached: [OpaquePointer: Attached] = [:]
    private var handleOf: [ObjectIdentifier: OpaquePointer] = [:]
    private var spares: [OpaquePointer] = []

    init(multi: OpaquePointer) { self.multi = multi }

    /// Whether no transfer is on the multi handle.
    var isEmpty: Bool { attached.isEmpty }

    /// Puts the transfer on the multi handle, to its current hop; one that cannot be set up
    /// is answered with the reason. Returns whether it is on.
    mutating func attach(_ transfer: CurlTransfer) -> Bool {
      guard !transfer.isFinished else { return false }
      guard let handle = spares.popLast() ?? newHandle() else {
        transfer.finish(.failure(TransportError.other("libcurl could not start a transfer")))
        return false
      }
      return attach(transfer, to: handle, hop: transfer.hop)
    }

    /// A handle with the options every transfer shares, or `nil` when libcurl has none.
    private func newHandle() -> OpaquePointer? {
      guard let handle = rovers_curl_easy_init() else { return nil }
      guard CurlRequest.prepare(handle) else {
        rovers_curl_easy_cleanup(handle)
        return nil
      }
      return handle
    }

    /// Takes the transfer off the multi handle, when it is there: cancelled by its caller.
    /// Returns whether it was there.
    mutating func detach(_ transfer: CurlTransfer) -> Bool {
      guard let handle = handleOf[ObjectIdentifier(transfer)] else { return false }
      release(handle)
      recycle(handle)
      return true
    }

    /// libcurl is done with `handle`: its transfer answers, or goes on to a redirect's target
    /// on the same handle. Returns the transfer when it has left the multi handle.
    mutating func end(_ handle: OpaquePointer, result: Int32) -> CurlTransfer? {
      guard let transfer = release(handle) else { return nil }
      switch transfer.end(result) {
      case .done:
        // A handle whose transfer failed goes: what libcurl keeps of a failure is not cleared
        // by a reset (after a name that did not resolve, 7.88 refused the next request's
        // options on it). Failures are rare; a new handle costs little.
        if result == CurlResult.ok.rawValue {
          recycle(handle)
        } else {
          rovers_curl_easy_cleanup(handle)
        }
        return transfer
      case .follow(let hop):
        return attach(transfer, to: handle, hop: hop) ? nil : transfer
      }
    }

    /// Lets go of the spare handles: the thread is leaving, with nothing in flight.
    mutating func removeSpares() {
      for handle in spares { rovers_curl_easy_cleanup(handle) }
      spares = []
    }

    private mutating func attach(
      _ transfer: CurlTransfer, to handle: OpaquePointer, hop: CurlTransfer.Hop
    ) -> Bool {
      do {
        let headerList = try CurlRequest.configure(handle, for: transfer, hop: hop)
        guard rovers_curl_multi_add_handle(multi, handle) == 0 else {
          rovers_curl_slist_free_all(headerList)
          throw TransportError.other("libcurl could not start a transfer")
        }
        attached[handle] = Attached(transfer: transfer, headerList: headerList)
        handleOf[ObjectIdentifier(transfer)] = handle
        return true
      } catch {
        recycle(handle)
        transfer.finish(.failure(error))
        return false
      }
    }

    /// Takes the handle off the multi handle and frees its header list; its transfer.
    @discardableResult
    private mutating func release(_ handle: OpaquePointer) -> CurlTransfer? {
      guard let entry = attached.removeValue(forKey: handle) else { return nil }
      handleOf[ObjectIdentifier(entry.transfer)] = nil
      rovers_curl_multi_remove_handle(multi, handle)
      rovers_curl_slist_free_all(entry.headerList)
      return entry.transfer
    }

    /// Keeps the handle for another transfer, or lets it go. Not reset: the options every
    /// transfer shares stay, and the next transfer sets all the others (a reset and setting
    /// them all again cost more than libcurl's part of a small image's transfer).
    private mutating func recycle(_ handle: OpaquePointer) {
      guard spares.count < Self.spareLimit else { return rovers_curl_easy_cleanup(handle) }
      spares.append(handle)
    }
  }
#endif
