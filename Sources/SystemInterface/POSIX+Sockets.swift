#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// A TCP socket listening on 127.0.0.1 at `port` (0: one the system picks), with the port it
  /// got; `nil` on failure (see ``lastError``).
  public static func listenOnLoopback(port: UInt16) -> (socket: Int32, port: UInt16)? {
    #if canImport(Darwin)
      let fd = socket(AF_INET, SOCK_STREAM, 0)
    #else
      let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #endif
    guard fd >= 0 else { return nil }
    var yes: Int32 = 1
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, 128) == 0 else {
      let code = errno
      POSIX.close(fd)
      errno = code
      return nil
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return (fd, UInt16(bigEndian: actual.sin_port))
  }

  /// The next connection to a listening socket; -1 on failure.
  public static func acceptConnection(_ fd: Int32) -> Int32 { accept(fd, nil, nil) }

  /// Ends reading and writing (`both`) or writing alone on a socket; wakes a thread blocked
  /// in `accept` on Linux.
  public static func shutdownSocket(_ fd: Int32, both: Bool) {
    #if canImport(Darwin)
      shutdown(fd, both ? SHUT_RDWR : SHUT_WR)
    #else
      shutdown(fd, Int32(both ? SHUT_RDWR : SHUT_WR))
    #endif
  }

  /// Makes a read on the socket give up after `seconds` of silence.
  public static func setReceiveTimeout(_ fd: Int32, seconds: Int) {
    var idle = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &idle, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Sends bytes on a socket without SIGPIPE when the peer has gone; the count sent, or ≤ 0.
  public static func sendBytes(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Darwin)
      send(fd, bytes, count, 0)
    #else
      send(fd, bytes, count, Int32(MSG_NOSIGNAL))
    #endif
  }

  /// Receives at most `count` bytes; the count received, 0 at the end, < 0 on failure.
  public static func receiveBytes(_ fd: Int32, _ bytes: UnsafeMutableRawPointer, _ count: Int)
    -> Int
  {
    recv(fd, bytes, count, 0)
  }

  /// Waits `milliseconds`, or less when the peer closes the connection meanwhile; true when it
  /// did. A peer that sends more (a pipelined request) is waited out to the end.
  public static func waitUnlessClosed(_ fd: Int32, milliseconds: Int) -> Bool {
    let end = ContinuousClock.now + .milliseconds(milliseconds)
    while true {
      let left = end - ContinuousClock.now
      let wait = Int32(
        max(0, left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000)
      )
      guard wait > 0 else { return false }
      var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, wait) > 0 else { continue }
      var byte: UInt8 = 0
      #if canImport(Darwin)
        let peeked = recv(fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT)
      #else
        let peeked = recv(fd, &byte, 1, Int32(MSG_PEEK | MSG_DONTWAIT))
      #endif
      if peeked == 0 || (peeked < 0 && errno != EAGAIN && errno != EINTR) { return true }
      if peeked > 0 {
        // Bytes of a next request: poll would wake at once from here on.
        let rest = end - ContinuousClock.now
        let seconds = Double(rest.components.seconds) + Double(rest.components.attoseconds) / 1e18
        if seconds > 0 { usleep(UInt32(seconds * 1_000_000)) }
        return false
      }
    }
  }
}
