import Foundation
import Synchronization
import SystemInterface

/// A small HTTP/1.1 server on 127.0.0.1: one thread per connection, one request per
/// connection, so slow answers overlap as they would on a real server.
final class LoopbackServer: Sendable {
  let port: UInt16
  private let socket: Int32
  private let stopped = Atomic(false)
  private let accepted = Atomic(0)

  /// How many connections clients have opened: a client that reuses its connections opens
  /// few for many requests.
  var connections: Int { accepted.load(ordering: .relaxed) }

  /// The most connections that were open at once.
  var peakConnections: Int { open.peak }
  private let open = OpenConnections()

  /// The connections open now, and the most at once.
  private final class OpenConnections: Sendable {
    private let counts = Mutex((now: 0, peak: 0))
    var peak: Int { counts.withLock { $0.peak } }
    func opened() { counts.withLock { $0 = (now: $0.now + 1, peak: max($0.peak, $0.now + 1)) } }
    func closed() { counts.withLock { $0.now -= 1 } }
  }

  /// Binds and listens on 127.0.0.1:`port`; port 0 lets the system pick a free one.
  init(port: UInt16) throws {
    guard let (fd, actual) = POSIX.listenOnLoopback(port: port) else {
      throw Self.posixError("listen on 127.0.0.1:\(port)")
    }
    self.socket = fd
    self.port = actual
  }

  /// Accepts connections until ``stop()``, answering each on its own thread. Every write
  /// says `MSG_NOSIGNAL`, so a client that goes away raises no SIGPIPE in a test's process.
  func serve(_ handle: @escaping @Sendable (RequestHead) -> Reply) {
    while !stopped.load(ordering: .acquiring) {
      let client = POSIX.acceptConnection(socket)
      guard client >= 0 else { continue }
      accepted.add(1, ordering: .relaxed)
      open.opened()
      Thread { [open] in
        Self.serve(client, handle)
        open.closed()
      }.start()
    }
    POSIX.close(socket)
  }

  /// Stops accepting: the waiting `accept` wakes up and ``serve(_:)`` returns; answers under
  /// way finish on their own threads.
  func stop() {
    guard !stopped.exchange(true, ordering: .acquiringAndReleasing) else { return }
    // shutdown(2) wakes a thread blocked in accept(2) on Linux; closing alone would not.
    POSIX.shutdownSocket(socket, both: true)
  }

  /// Answers the requests of one connection: one after another while the answers are whole
  /// (HTTP/1.1 keep-alive, as real servers do, so clients reuse connections); a fault or a
  /// streamed body closes it.
  private static func serve(
    _ client: Int32, _ handle: @Sendable (RequestHead) -> Reply
  ) {
    defer { POSIX.close(client) }
    // A client that keeps an idle connection open does not hold this thread for ever; but
    // longer than a busy test run may leave a client's kept connections idle (its tasks
    // waiting behind other suites'), or the server would close them under it and the
    // client's connection count would grow for the test that counts them.
    POSIX.setReceiveTimeout(client, seconds: 120)
    var unread = Data()
    while var head = readHead(client, &unread) {
      head.connection = client
      let reply = handle(head)
      if case .stream(let status, let headers, let length, let interval, let offset) = reply {
        stream(client, status, headers, length, interval, offset)
      } else if case .drip(let status, let headers, let body, let piece, let interval) = reply {
        drip(client, status, headers, body, piece: piece, interval: interval)
      } else if let bytes = reply.bytes(keepAlive: reply.keepsConnection) {
        guard sendAll(client, bytes), reply.keepsConnection, !head.closesConnection else { break }
        continue
      }
      break
    }
    POSIX.shutdownSocket(client, both: false)
  }

  /// Writes every byte; `false` once the client has gone.
  private static func sendAll(_ client: Int32, _ bytes: Data) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let rest = buffer.count - offset
        guard let base = buffer.baseAddress else { return false }
        let sent = POSIX.sendBytes(client, base + offset, rest)
        if sent <= 0 { return false }
        offset += sent
      }
      return true
    }
  }

  /// A body made piece by piece: `length` bytes from byte `offset` of a body that starts with
  /// a JPEG signature, or an endless chunked one, until the client goes away.
  private static func stream(
    _ client: Int32, _ status: Int, _ headers: [String: String], _ length: Int?, _ interval: Int,
    _ offset: Int
  ) {
    var head = "HTTP/1.1 \(status) \(Reply.reason(status))\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    head += length.map { "Content-Length: \($0)\r\n" } ?? "Transfer-Encoding: chunked\r\n"
    head += "Connection: close\r\n\r\n"
    guard sendAll(client, Data(head.utf8)) else { return }
    // A sized body goes out in large slices of one buffer made once: a 2 GB image costs the
    // tests little CPU. An endless one goes in small chunks, as a slow server's would.
    let pieceSize = length == nil ? 65_536 : 1 << 20
    let piece = Data([0xFF, 0xD8, 0xFF, 0xE0]) + Data(repeating: 0x5A, count: pieceSize - 4)
    let filler = Data(repeating: 0x5A, count: pieceSize)
    var left = length ?? Int.max
    var first = offset == 0
    while left > 0 {
      if interval > 0 { Thread.sleep(forTimeInterval: Double(interval) / 1000) }
      var chunk = first ? piece : filler
      if !first, length == nil { chunk = Data(#"{"photos": ["#.utf8) + chunk }
      first = false
      if chunk.count > left { chunk = chunk.prefix(left) }
      left -= chunk.count
      let framed =
        length == nil
        ? Data((String(chunk.count, radix: 16) + "\r\n").utf8) + chunk + Data("\r\n".utf8) : chunk
      guard sendAll(client, framed) else { return }
    }
  }

  /// A whole answer whose body goes out `piece` bytes at a time, `interval` milliseconds apart,
  /// until it is all sent or the client has gone.
  private static func drip(
    _ client: Int32, _ status: Int, _ headers: [String: String], _ body: Data, piece: Int,
    interval: Int
  ) {
    var head = "HTTP/1.1 \(status) \(Reply.reason(status))\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    head += "Content-Length: \(body.count)\r\nConnection: close\r\n\r\n"
    guard sendAll(client, Data(head.utf8)) else { return }
    var offset = 0
    while offset < body.count {
      if interval > 0 { Thread.sleep(forTimeInterval: Double(interval) / 1000) }
      let end = min(body.count, offset + max(1, piece))
      guard sendAll(client, body.subdata(in: offset..<end)) else { return }
      offset = end
    }
  }

  /// Reads up to the blank line that ends the request head (64 KiB at most); what was read
  /// past it stays in `unread` for the next request on the connection.
  private static func readHead(_ client: Int32, _ unread: inout Data) -> RequestHead? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let end = Array("\r\n\r\n".utf8)
    while unread.count < 65536 {
      if let range = unread.firstRange(ofBytes: end) {
        let head = RequestHead(String(decoding: unread[..<range.lowerBound], as: UTF8.self))
        unread = Data(unread[range.upperBound...])
        return head
      }
      let count = buffer.withUnsafeMutableBytes {
        POSIX.receiveBytes(client, $0.baseAddress!, $0.count)
      }
      guard count > 0 else { return nil }
      unread.append(contentsOf: buffer[0..<count])
    }
    return nil
  }

  private static func posixError(_ what: String) -> NSError {
    let code = POSIX.lastError
    return NSError(
      domain: NSPOSIXErrorDomain, code: Int(code),
      userInfo: [NSLocalizedDescriptionKey: "\(what): \(POSIX.describe(code))"])
  }
}
