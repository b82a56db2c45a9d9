#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// A socket an event loop waits on, and for what.
  public struct WatchedSocket: Sendable, Hashable {
    /// The descriptor.
    public var fd: Int32
    /// Whether the loop waits for it to be readable.
    public var read: Bool
    /// Whether the loop waits for it to be writable.
    public var write: Bool

    /// A socket watched for `read`, `write` or both.
    public init(fd: Int32, read: Bool, write: Bool) {
      self.fd = fd
      self.read = read
      self.write = write
    }
  }

  /// What `poll(2)` found of one socket.
  public struct SocketReadiness: Sendable, Hashable {
    /// The descriptor.
    public var fd: Int32
    /// It can be read (or has ended).
    public var readable: Bool
    /// It can be written.
    public var writable: Bool
    /// It failed or was closed by the other side.
    public var failed: Bool
  }

  /// Waits up to `milliseconds` (-1: without end) for one of `sockets` to be ready, or for
  /// `wake` to be readable; returns the sockets that are, and whether `wake` was (its bytes
  /// read away, so the next wait waits again). An interrupted wait returns nothing ready.
  public static func wait(
    for sockets: [WatchedSocket], orWake wake: Int32, milliseconds: Int32
  ) -> (ready: [SocketReadiness], woken: Bool) {
    var fds = [pollfd(fd: wake, events: Int16(POLLIN), revents: 0)]
    fds.reserveCapacity(sockets.count + 1)
    for socket in sockets {
      let events = (socket.read ? Int16(POLLIN) : 0) | (socket.write ? Int16(POLLOUT) : 0)
      fds.append(pollfd(fd: socket.fd, events: events, revents: 0))
    }
    guard poll(&fds, nfds_t(fds.count), milliseconds) > 0 else { return ([], false) }
    let woken = fds[0].revents != 0
    if woken { drainWakePipe(wake) }
    var ready: [SocketReadiness] = []
    for entry in fds.dropFirst() where entry.revents != 0 {
      ready.append(
        SocketReadiness(
          fd: entry.fd,
          readable: entry.revents & Int16(POLLIN | POLLHUP) != 0,
          writable: entry.revents & Int16(POLLOUT) != 0,
          failed: entry.revents & Int16(POLLERR | POLLNVAL) != 0))
    }
    return (ready, woken)
  }

  /// A pipe one thread writes to, to wake another from ``wait(for:orWake:milliseconds:)``:
  /// both ends non-blocking and closed on exec; `nil` when the system has no descriptor left.
  public static func makeWakePipe() -> (read: Int32, write: Int32)? {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    return (ends[0], ends[1])
  }

  /// Wakes the thread waiting on the pipe's other end. A full pipe is awake already.
  public static func wake(_ writeEnd: Int32) {
    var byte: UInt8 = 1
    _ = write(writeEnd, &byte, 1)
  }

  private static func drainWakePipe(_ readEnd: Int32) {
    var bytes = [UInt8](repeating: 0, count: 64)
    while bytes.withUnsafeMutableBytes({ readSome(readEnd, $0.baseAddress, $0.count) }) > 0 {}
  }
}

/// `read(2)` once, outside ``POSIX``, whose own `read` reads at an offset.
private func readSome(_ fd: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, bytes, count)
}
