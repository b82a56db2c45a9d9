import Foundation

/// Remembers each answer by request target: the data never changes, and a real server caches
/// too, so the fixture server's own work stops competing with the client under test for the
/// machine's cores.
final class ReplyMemo: Sendable {
  private let replies = Remembered<Reply>()

  /// The answer remembered for this target, or the one `make` gives, remembered.
  func reply(to request: RequestHead, make: (RequestHead) -> Reply) -> Reply {
    replies.value(for: request.target + "\t" + (request.headers["x-api-key"] ?? "")) {
      make(request)
    }
  }
}
