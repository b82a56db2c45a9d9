#if canImport(LibCurl)
  import LibCurl
  import SystemInterface

  /// What libcurl asks the loop to wait for: which sockets, for what, and when its timer is
  /// next due. libcurl says so through two callbacks while the loop drives it; the loop reads
  /// it between calls, and tells libcurl which socket is ready, so libcurl moves on just the
  /// transfers of that socket instead of looking at every socket of every transfer in each
  /// turn, as `curl_multi_perform` does.
  ///
  /// Touched by the loop's thread alone, like the multi handle it is installed on.
  final class CurlEvents: @unchecked Sendable {
    private var sockets: [Int32: POSIX.WatchedSocket] = [:]
    private var due: ContinuousClock.Instant?

    /// Has libcurl tell this of its sockets and timer.
    func install(on multi: OpaquePointer) -> Bool {
      let context = Unmanaged.passUnretained(self).toOpaque()
      return [
        rovers_curl_multi_set_socket_callback(
          multi, CurlMultiOption.socketFunction.rawValue, Self.watch),
        rovers_curl_multi_set_pointer(multi, CurlMultiOption.socketData.rawValue, context),
        rovers_curl_multi_set_timer_callback(
          multi, CurlMultiOption.timerFunction.rawValue, Self.schedule),
        rovers_curl_multi_set_pointer(multi, CurlMultiOption.timerData.rawValue, context),
      ].allSatisfy { $0 == 0 }
    }

    /// The sockets to wait on.
    var watched: [POSIX.WatchedSocket] { Array(sockets.values) }

    /// How long to wait at most, in milliseconds: `limit`, or less when the timer is due
    /// sooner.
    func waitMilliseconds(atMost limit: Int32) -> Int32 {
      guard let due else { return limit }
      let left = due - .now
      let milliseconds =
        left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000
      // Rounded up, so the wait does not end just before the timer is due.
      return Int32(clamping: max(0, min(Int64(limit), milliseconds + 1)))
    }

    /// Whether the timer is due; it is then cleared, as libcurl sets it anew when driven.
    func takeDue() -> Bool {
      guard let due, due <= .now else { return false }
      self.due = nil
      return true
    }

    /// libcurl's socket callback: what to watch a socket for, or to forget it.
    private static let watch: rovers_curl_socket_callback = { _, socket, what, context, _ in
      guard let context else { return 0 }
      let events = Unmanaged<CurlEvents>.fromOpaque(context).takeUnretainedValue()
      if what & CurlSocket.unwatch != 0 {
        events.sockets[socket] = nil
      } else {
        events.sockets[socket] = POSIX.WatchedSocket(
          fd: socket, read: what & CurlSocket.watchRead != 0,
          write: what & CurlSocket.watchWrite != 0)
      }
      return 0
    }

    /// libcurl's timer callback: when it next wants to be driven, or never (-1).
    private static let schedule: rovers_curl_timer_callback = { _, milliseconds, context in
      guard let context else { return 0 }
      let events = Unmanaged<CurlEvents>.fromOpaque(context).takeUnretainedValue()
      events.due = milliseconds < 0 ? nil : .now + .milliseconds(Int64(milliseconds))
      return 0
    }
  }
#endif
