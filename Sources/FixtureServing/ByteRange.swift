import Foundation

/// `Range: bytes=<first>-<last>` on an image request, answered as an image host does: 206 with
/// the slice and `Content-Range`, or 416 past the end.
struct ByteRange {
  var first: Int
  var last: Int?
  /// The `If-Range` validator: the range is served only while the body still has it.
  var ifRange: String?

  /// The range a request asks for, if it asks for one this server understands.
  init?(_ request: RequestHead) {
    guard let header = request.headers["range"], header.hasPrefix("bytes="),
      !header.contains(",")
    else { return nil }
    let bounds = header.dropFirst(6).split(separator: "-", omittingEmptySubsequences: false)
    guard bounds.count == 2, let first = Int(bounds[0]) else { return nil }
    self.first = first
    last = bounds[1].isEmpty ? nil : Int(bounds[1])
    ifRange = request.headers["if-range"]
  }

  /// Whether the range applies to `reply`: always without `If-Range`, and with it only while
  /// the reply's `ETag` is the one named (otherwise the whole body is sent, as RFC 9110 says).
  func matches(_ reply: Reply) -> Bool {
    guard let ifRange else { return true }
    guard case .respond(_, let headers, _) = reply else { return false }
    return headers["ETag"] == ifRange
  }

  /// The reply narrowed to the range: whole bodies are sliced, bodies made as they are sent
  /// are made from the range's start; an endless body ignores ranges, as a server must.
  func apply(to reply: Reply) -> Reply {
    switch reply {
    case .respond(200, var headers, let body):
      guard let end = end(of: body.count, headers: &headers) else {
        return .respond(status: 416, headers: headers, body: Data())
      }
      return .respond(status: 206, headers: headers, body: body.subdata(in: first..<end))
    case .stream(200, var headers, let length?, let interval, 0):
      guard let end = end(of: length, headers: &headers) else {
        return .respond(status: 416, headers: headers, body: Data())
      }
      return .stream(
        status: 206, headers: headers, length: end - first, intervalMilliseconds: interval,
        offset: first)
    default:
      return reply
    }
  }

  /// The end of the slice of a body of `length` bytes, with `Content-Range` set; `nil` when the
  /// range starts past the end.
  private func end(of length: Int, headers: inout [String: String]) -> Int? {
    guard first < length else {
      headers["Content-Range"] = "bytes */\(length)"
      return nil
    }
    let end = min(length, (last ?? length - 1) + 1)
    headers["Content-Range"] = "bytes \(first)-\(end - 1)/\(length)"
    return end
  }
}
