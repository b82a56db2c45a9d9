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
  /// The answer with ``SharedReplies/standInBase`` made `base`, as written plain and as JSON
  /// writes it (`http:\/\/…`); as it is when `base` is `nil`.
  func withImageBase(_ base: String?) -> Reply {
    guard let base, case .respond(let status, let headers, let body) = self else { return self }
    var replaced = body
    for (from, to) in [
      (SharedReplies.standInBase, base),
      (
        SharedReplies.standInBase.replacingOccurrences(of: "/", with: "\\/"),
        base.replacingOccurrences(of: "/", with: "\\/")
      ),
    ] {
      let pattern = Data(from.utf8)
      let replacement = Data(to.utf8)
      var searchFrom = replaced.startIndex
      while let found = replaced.range(of: pattern, in: searchFrom..<replaced.endIndex) {
        replaced.replaceSubrange(found, with: replacement)
        searchFrom = found.lowerBound + replacement.count
      }
    }
    return .respond(status: status, headers: headers, body: replaced)
  }
}
