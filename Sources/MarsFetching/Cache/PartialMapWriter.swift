import RoverAPI
import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps a map's body in a file as it arrives, so that a download cut off by its budget leaves
/// what came for the next run to resume; beside it, the address and the validator (`ETag`, or
/// `Last-Modified`) that a resumed request sends as `If-Range`.
public final class PartialMapWriter: BodyWriter, Sendable {
  /// The body's file, open for as long as the writer lives.
  private let fd: Int32
  /// How many bytes the file holds; taken while writing, so pieces go in one after another.
  private let written = Mutex(0)
  private let about: URL
  private let url: URL
  private let limit: Int
  private let body: URL

  init(body: URL, about: URL, url: URL, limit: Int) throws {
    fd = POSIX.open(body.path, [.readWrite, .create, .closeOnExec])
    guard fd >= 0 else { throw FileSystemError(path: body.path, errno: POSIX.lastError) }
    self.body = body
    self.about = about
    self.url = url
    self.limit = limit
  }

  deinit { POSIX.close(fd) }

  /// Starts at `offset`: 0 for a whole body (what was there is dropped), the length kept for
  /// the rest of one.
  public func begin(status: Int, headers: [String: String], at offset: Int) throws {
    if offset == 0 {
      let named = Dictionary(
        headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
      let validator = named["etag"] ?? named["last-modified"] ?? ""
      try Data("\(url.absoluteString)\n\(validator)\n".utf8).write(to: about)
    }
    try written.withLock { count in
      guard POSIX.truncate(fd, to: offset) else {
        throw FileSystemError(path: body.path, errno: POSIX.lastError)
      }
      count = offset
    }
  }

  /// Keeps a piece, refusing a body past the limit.
  public func write(_ chunk: Data) throws {
    try written.withLock { count in
      guard count + chunk.count <= limit else {
        throw BodyRejected("a map larger than \(limit / 1_048_576) MB")
      }
      guard chunk.withUnsafeBytes({ POSIX.writeAll(fd, $0, at: count) }) else {
        throw FileSystemError(path: body.path, errno: POSIX.lastError)
      }
      count += chunk.count
    }
  }

  /// Refuses an empty body.
  public func finish() throws {
    if written.withLock({ $0 }) == 0 { throw BodyRejected("an empty body, not a map") }
  }

  /// The whole body, once the download has ended.
  public func contents() throws -> Data {
    let count = written.withLock { $0 }
    guard let bytes = POSIX.read(fd, upTo: count, at: 0) else {
      throw FileSystemError(path: body.path, errno: POSIX.lastError)
    }
    return Data(bytes)
  }
}
