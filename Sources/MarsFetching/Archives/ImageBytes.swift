import RoverAPI
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An image fetched into memory rather than a file, at most a limit of bytes: what `show` draws
/// without saving.
public final class ImageBytes: BodyWriter, Sendable {
  private let bytes = Mutex<[UInt8]>([])
  private let limit: Int
  /// What the body is, as a refusal names it: `an image`.
  private let what: String

  /// A body of at most `limit` bytes, of `what` (`an image`, `a map`).
  public init(limit: Int, what: String = "an image") {
    self.limit = limit
    self.what = what
  }

  /// Starts (again) at `offset`.
  public func begin(status: Int, headers: [String: String], at offset: Int) throws {
    bytes.withLock { $0.removeSubrange(min(offset, $0.count)...) }
  }

  /// Keeps a piece, refusing a body past the limit.
  public func write(_ chunk: Data) throws {
    try bytes.withLock {
      guard $0.count + chunk.count <= limit else {
        throw BodyRejected("\(what) larger than \(limit / 1_048_576) MB")
      }
      $0.append(contentsOf: chunk)
    }
  }

  /// Refuses an empty body.
  public func finish() throws {
    if bytes.withLock({ $0.isEmpty }) { throw BodyRejected("an empty body, not \(what)") }
  }

  /// What arrived.
  public var contents: [UInt8] { bytes.withLock { $0 } }
}

extension APIClient {
  /// The image at `url`, in memory, with the client's retries and timeout.
  public func fetchImage(_ url: URL, limit: Int) async throws -> [UInt8] {
    let body = ImageBytes(limit: limit)
    _ = try await download(from: url, into: body)
    return body.contents
  }
}
