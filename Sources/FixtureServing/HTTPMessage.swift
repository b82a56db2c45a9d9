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
  /// Split by the standard library alone: `"\r\n"` is one `Character`, and Foundation's
  /// splitting and trimming were a tenth of the fixture server's CPU in a test run.
  init?(_ text: String) {
    let lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
    guard let first = lines.first else { return nil }
    let parts = first.split(separator: " ")
    guard parts.count == 3, parts[2].hasPrefix("HTTP/") else { return nil }
    method = String(parts[0])
    target = String(parts[1])
    headers = [:]
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    for line in lines.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      let name = line[..<colon].lowercased()
      var value = line[line.index(after: colon)...].drop(while: blank)
      while let last = value.last, blank(last) { value = value.dropLast() }
      headers[name] = String(value)
    }
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
