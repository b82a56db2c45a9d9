import Foundation
import RoverAPI
import Synchronization

/// Keeps a map's body in a file as it arrives, so that a download cut off by its budget leaves
/// what came for the next run to resume; beside it, the address and the validator (`ETag`, or
/// `Last-Modified`) that a resumed request sends as `If-Range`.
public final class PartialMapWriter: BodyWriter, Sendable {
  private let handle: Mutex<FileHandle>
  private let written = Mutex(0)
  private let about: URL
  private let url: URL
  private let limit: Int
  private let body: URL

  init(body: URL, about: URL, url: URL, limit: Int) throws {
    if !FileManager.default.fileExists(atPath: body.path) {
      guard FileManager.default.createFile(atPath: body.path, contents: nil) else {
        throw FileSystemError(path: body.path, errno: EACCES)
      }
    }
    handle = Mutex(try FileHandle(forUpdating: body))
    self.body = body
    self.about = about
    self.url = url
    self.limit = limit
  }

  deinit { handle.withLock { try? $0.close() } }

  /// Starts at `offset`: 0 for a whole body (what was there is dropped), the length kept for
  /// the rest of one.
  public func begin(status: Int, headers: [String: String], at offset: Int) throws {
    if offset == 0 {
      let named = Dictionary(
        headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
      let validator = named["etag"] ?? named["last-modified"] ?? ""
      try Data("\(url.absoluteString)\n\(validator)\n".utf8).write(to: about)
    }
    try handle.withLock { file in
      try file.truncate(atOffset: UInt64(offset))
      try file.seek(toOffset: UInt64(offset))
    }
    written.withLock { $0 = offset }
  }

  /// Keeps a piece, refusing a body past the limit.
  public func write(_ chunk: Data) throws {
    try written.withLock { count in
      guard count + chunk.count <= limit else {
        throw BodyRejected("a map larger than \(limit / 1_048_576) MB")
      }
      count += chunk.count
    }
    try handle.withLock { try $0.write(contentsOf: chunk) }
  }

  /// Refuses an empty body.
  public func finish() throws {
    if written.withLock({ $0 }) == 0 { throw BodyRejected("an empty body, not a map") }
  }

  /// The whole body, once the download has ended.
  public func contents() throws -> Data {
    try handle.withLock { file in
      try file.seek(toOffset: 0)
      return try file.readToEnd() ?? Data()
    }
  }
}
