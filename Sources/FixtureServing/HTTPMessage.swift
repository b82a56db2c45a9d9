import Foundation

/// The request line and headers of one HTTP/1.1 request.
struct RequestHead: Sendable {
  var method: String
  /// The path and query as sent: `/api/v1/rovers?x=1`.
  var target: String
  /// Header fields with lower-cased names.
  var headers: [String: String]
  /// The connection it came on: a slow answer watches it, and ends when the client goes.
  var connection: Int32 = -1

  var path: String { String(target.prefix { $0 != "?" }) }

  /// Whether the client asked to close the connection after this request.
  var closesConnection: Bool { headers["connection"]?.lowercased() == "close" }

  /// The query items, decoded; a repeated name keeps its last value.
  var query: [String: String] {
    let items = URLComponents(string: target)?.queryItems ?? []
    return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
  }

  /// Parses the text before the blank line; `nil` when it is not an HTTP request.
  ///
  /// Read as bytes: splitting the text by `Character` (and before that, Foundation's
  /// splitting and trimming) cost the fixture servers a second of a test run.
  init?(_ text: String) {
    var text = text
    guard let head = text.withUTF8({ Self.parse($0) }) else { return nil }
    (method, target, headers) = head
  }

  private static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> (
    method: String, target: String, headers: [String: String]
  )? {
    let (space, tab, colon) = (UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ":"))
    func text(_ part: Slice<UnsafeBufferPointer<UInt8>>) -> String {
      String(decoding: part, as: UTF8.self)
    }
    // The lines, split at each CR LF.
    var lines: [Slice<UnsafeBufferPointer<UInt8>>] = []
    var start = 0
    var index = 0
    while index + 1 < bytes.count {
      if bytes[index] == 13, bytes[index + 1] == 10 {
        lines.append(bytes[start..<index])
        index += 2
        start = index
      } else {
        index += 1
      }
    }
    lines.append(bytes[start..<bytes.count])
    let parts = lines[0].split(separator: space)
    guard parts.count == 3, parts[2].starts(with: "HTTP/".utf8) else { return nil }
    var headers: [String: String] = [:]
    for line in lines.dropFirst() {
      guard let at = line.firstIndex(of: colon) else { continue }
      var value = line[(at + 1)...]
      while let first = value.first, first == space || first == tab { value = value.dropFirst() }
      while let last = value.last, last == space || last == tab { value = value.dropLast() }
      headers[text(line[..<at]).lowercased()] = text(value)
    }
    return (text(parts[0]), text(parts[1]), headers)
  }
}

/// What the server does with a request.
enum Reply: Sendable {
  /// Answer with this status, headers and body.
  case respond(status: Int, headers: [String: String], body: Data)
  /// Close the connection without answering.
  case drop
  /// Send the headers of this answer and half its body, then close.
  case truncate(status: Int, headers: [String: String], body: Data)
  /// A body made as it is sent, never held whole: `length` bytes (an image's signature then
  /// filler) from byte `offset` of such a body, or without a length an endless chunked body;
  /// a pause between pieces if asked.
  case stream(
    status: Int, headers: [String: String], length: Int?, intervalMilliseconds: Int,
    offset: Int = 0)
  /// This answer, its body sent `piece` bytes at a time with a pause between: a host that
  /// answers a byte a second.
  case drip(
    status: Int, headers: [String: String], body: Data, piece: Int, intervalMilliseconds: Int)

  static func json(_ status: Int, _ object: Any) -> Reply {
    let body = ParsedJSON.data(object)
    return .respond(
      status: status, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
  }

  /// A 200 answer with a body already serialised.
  static func jsonBody(_ body: Data) -> Reply {
    .respond(status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], body: body)
  }

  static func text(_ status: Int, _ text: String, type: String = "text/plain") -> Reply {
    .respond(status: status, headers: ["Content-Type": type], body: Data(text.utf8))
  }

  /// Whether the connection may carry another request after this answer: only after a whole
  /// one.
  var keepsConnection: Bool {
    guard case .respond(_, let headers, _) = self else { return false }
    // A rule that frames the body itself may have framed it wrongly on purpose.
    let framing = ["content-length", "transfer-encoding", "connection"]
    return !headers.keys.contains { framing.contains($0.lowercased()) }
  }

  /// The bytes to write: status line, headers, blank line and body (half of it when
  /// truncating); `nil` for a dropped connection.
  func bytes(keepAlive: Bool) -> Data? {
    let (status, headers, body, cut): (Int, [String: String], Data, Bool)
    switch self {
    case .drop, .stream, .drip: return nil
    case .respond(let s, let h, let b): (status, headers, body, cut) = (s, h, b, false)
    case .truncate(let s, let h, let b): (status, headers, body, cut) = (s, h, b, true)
    }
    var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
    head +=
      "Content-Length: \(body.count)\r\nConnection: \(keepAlive ? "keep-alive" : "close")\r\n\r\n"
    return Data(head.utf8) + (cut ? body.prefix(body.count / 2) : body)
  }

  static func reason(_ status: Int) -> String {
    switch status {
    case 200: "OK"
    case 206: "Partial Content"
    case 416: "Range Not Satisfiable"
    case 400: "Bad Request"
    case 401: "Unauthorized"
    case 403: "Forbidden"
    case 404: "Not Found"
    case 429: "Too Many Requests"
    case 500: "Internal Server Error"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    default: "Status"
    }
  }
}
