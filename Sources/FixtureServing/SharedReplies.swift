import Foundation

/// The answers every fixture server of the process gives alike, made once: a test run starts
/// a hundred servers over the same fixtures, and serialising a sol's photos (a few hundred
/// kilobytes of JSON) for each was a twentieth of the suite's time. Answers that point at a
/// server's images are made with ``standInBase`` and given each server's own address by
/// ``Reply/withImageBase(_:)``.
enum SharedReplies {
  /// The image address answers are made with: no server answers at it.
  static let standInBase = "http://fixture-images.invalid/images/"

  private static let replies = Remembered<Reply>()

  /// The answer of servers of `shape` (their fixtures, dialect and whether they serve images)
  /// to this request, made by `make` the first time.
  static func reply(to request: RequestHead, shape: String, make: (RequestHead) -> Reply)
    -> Reply
  {
    let key = [shape, request.target, request.headers["x-api-key"] ?? ""].joined(separator: "\t")
    return replies.value(for: key) { make(request) }
  }
}

extension Reply {
  /// The answer with ``SharedReplies/standInBase`` made `base`; as it is when `base` is `nil`.
  /// The answers are written by ``ParsedJSON``, which leaves slashes unescaped, so the address
  /// is only ever written plain.
  func withImageBase(_ base: String?) -> Reply {
    guard let base, case .respond(let status, let headers, let body) = self else { return self }
    let replaced = Self.replacing(
      Array(SharedReplies.standInBase.utf8), with: Array(base.utf8), in: body)
    return .respond(status: status, headers: headers, body: replaced)
  }

  /// `body` with every `pattern` made `replacement`, in one pass: a sol's answer holds a
  /// thousand addresses, and replacing each in place moved the rest of the body every time.
  private static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in body: Data)
    -> Data
  {
    guard var found = body.firstRange(ofBytes: pattern) else { return body }
    var result = Data()
    result.reserveCapacity(body.count)
    var from = body.startIndex
    while true {
      result.append(body[from..<found.lowerBound])
      result.append(contentsOf: replacement)
      from = found.upperBound
      guard let next = body.firstRange(ofBytes: pattern, from: from) else { break }
      found = next
    }
    result.append(body[from...])
    return result
  }
}
