import MarsFetching
import PlainText
import RoverAPI
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An image on its way to disk: the body streams into a ``TemporaryFile`` as it arrives, so a
/// photo of any size costs the same memory, and is checked (``ImageCheck``) before it may
/// become the real file.
final class PhotoFile: BodyWriter, Sendable {
  private struct Progress {
    var length = 0
    var start: [UInt8] = []
  }

  private let file: TemporaryFile
  private let check: ImageCheck
  private let progress = Mutex(Progress())

  private init(file: TemporaryFile, check: ImageCheck) {
    self.file = file
    self.check = check
  }

  /// The file for `target`, locked; `nil` when `skipIfPresent` and the target is there.
  static func create(for target: String, skipIfPresent: Bool) async throws -> PhotoFile? {
    guard let file = try await TemporaryFile.create(for: target, skipIfPresent: skipIfPresent)
    else { return nil }
    // The last segment alone: splitting the whole path cost more than the rest of this call.
    let name = String(UTF8Scan.lastComponent(of: target))
    return PhotoFile(file: file, check: ImageCheck(fileName: name))
  }

  /// How many bytes the body had.
  var length: Int { progress.withLock { $0.length } }

  func begin(status: Int, headers: [String: String], at offset: Int) throws {
    try check.check(headers: headers)
    let written = progress.withLock { progress in
      defer {
        if offset == 0 { progress = Progress() }
        progress.length = offset
      }
      return progress.length
    }
    // A retried piece overwrites only itself; the bytes before it stay. A first attempt has
    // nothing to cut.
    if written > offset { try file.truncate(to: offset) }
  }

  func write(_ chunk: Data) throws {
    try chunk.withUnsafeBytes { try write(bytes: $0) }
  }

  func write(bytes: UnsafeRawBufferPointer) throws {
    let start = progress.withLock { progress -> [UInt8]? in
      progress.length += bytes.count
      guard progress.start.count < 8 else { return nil }
      progress.start += bytes.prefix(8 - progress.start.count)
      return progress.start
    }
    if let start { try check.check(start: start) }
    try file.write(bytes)
  }

  func finish() throws {
    let (length, start) = progress.withLock { ($0.length, $0.start) }
    try check.check(length: length, start: start)
  }

  /// Makes it the real file, on disk first, in the next of `commits`' batches.
  func commit(through commits: GroupCommit) async throws {
    try await commits.commit(file)
  }

  /// The same, returning at once: `placed` hears how it went.
  func commit(
    through commits: GroupCommit, placed: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    commits.commit(file, placed: placed)
  }

  /// Removes it: the transfer failed or was cancelled.
  func discard() { file.discard() }
}
