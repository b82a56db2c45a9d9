import Foundation
import RoverAPI
import SystemInterface

/// A file being written beside its final name, locked by its writer, that becomes the real file
/// in one rename: a killed run leaves at most one of these, never a truncated real file.
///
/// Its name, `.<name>.rovers-tmp`, is one no photo can have (photo names never start with a
/// dot), so the sweep that removes what killed runs left behind touches only the tool's own.
final class TemporaryFile: Sendable {
  /// The ending every temporary file has.
  static let suffix = ".rovers-tmp"

  /// The file descriptor, open for writing, holding an `flock`.
  let fd: Int32
  /// The temporary file's path.
  let path: String
  /// The final path.
  let target: String
  /// The file system the file is on (its device), when known: files on one are made durable
  /// together.
  let device: UInt64?

  /// The temporary path for `target`: `dir/.name.rovers-tmp`. Made from the text, not a
  /// `URL`: every download makes one.
  static func path(for target: String) -> String {
    guard let slash = UTF8Scan.lastIndex(of: UInt8(ascii: "/"), in: target) else {
      return "." + target + suffix
    }
    let after = target.utf8.index(after: slash)
    // Built in one buffer: the pieces as strings of their own cost more than the call.
    var path = ""
    path.reserveCapacity(target.utf8.count + 1 + suffix.utf8.count)
    path += target[..<after]
    path += "."
    path += target[after...]
    path += suffix
    return path
  }

  /// Whether a file name is one of the tool's temporary files.
  static func isTemporary(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(suffix)
  }

  private init(fd: Int32, path: String, target: String, device: UInt64? = nil) {
    self.fd = fd
    self.path = path
    self.target = target
    self.device = device
    UnfinishedFiles.live.withLock { _ = $0.insert(path) }
  }

  /// Creates and locks the temporary file for `target`, emptied.
  ///
  /// Race-free against a sweep and against another writer: the file is opened, locked, and
  /// then checked to still be the one at the path (a sweep may have unlinked it between the
  /// two steps, in which case it starts over); another writer's lock is waited out, since it
  /// ends with that writer's rename. Returns `nil` for nothing to write when `skipIfPresent`
  /// and the target exists once the lock is held.
  static func create(for target: String, skipIfPresent: Bool) async throws -> TemporaryFile? {
    let path = path(for: target)
    var remade = false
    while true {
      try Task.checkCancellation()
      // O_NOFOLLOW: a planted symlink must not redirect the write outside the folder.
      let fd = FolderEntries.change(beside: path) {
        POSIX.open(path, [.readWrite, .create, .noFollow, .closeOnExec])
      }
      // The folder was there when the run began with it; if it went since, it is made again.
      if fd < 0, POSIX.lastError == POSIX.ErrorCode.noSuchFile, !remade {
        remade = true
        try Directories.create(URL(fileURLWithPath: path).deletingLastPathComponent())
        continue
      }
      guard fd >= 0 else { throw FileSystemError(path: path, errno: POSIX.lastError) }
      guard POSIX.lockExclusively(fd, wait: false) else {
        POSIX.close(fd)
        try await Task.sleep(for: .milliseconds(20))
        continue
      }
      guard let status = linkedStatus(fd, at: path) else {
        POSIX.close(fd)
        continue
      }
      if skipIfPresent, FileStatus.exists(target) {
        POSIX.unlink(path)
        POSIX.close(fd)
        return nil
      }
      // What a killed writer left is emptied; a file just made is empty already.
      guard status.size == 0 || POSIX.truncate(fd, to: 0) else {
        let error = FileSystemError(path: path, errno: POSIX.lastError)
        POSIX.unlink(path)
        POSIX.close(fd)
        throw error
      }
      return TemporaryFile(fd: fd, path: path, target: target, device: status.device)
    }
  }

  /// The same for code that cannot wait: small files written whole.
  static func createNow(for target: String) throws -> TemporaryFile {
    let path = path(for: target)
    for _ in 0..<1000 {
      let fd = POSIX.open(path, [.readWrite, .create, .noFollow, .closeOnExec])
      guard fd >= 0 else { throw FileSystemError(path: path, errno: POSIX.lastError) }
      // Blocking: whoever holds it is a sweep (microseconds) or a writer of the same small
      // file, which ends with its rename.
      guard POSIX.lockExclusively(fd, wait: true), isStillLinked(fd, at: path) else {
        POSIX.close(fd)
        continue
      }
      guard POSIX.truncate(fd, to: 0) else {
        let error = FileSystemError(path: path, errno: POSIX.lastError)
        POSIX.close(fd)
        throw error
      }
      return TemporaryFile(fd: fd, path: path, target: target)
    }
    throw FileSystemError(path: path, reason: "another process keeps replacing this file")
  }

  /// Writes every byte, retrying short writes and interruptions.
  func write(_ data: Data) throws {
    try data.withUnsafeBytes { try write($0) }
  }

  /// Writes all of `buffer`, after what was written before.
  func write(_ buffer: UnsafeRawBufferPointer) throws {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = POSIX.write(fd, base + offset, buffer.count - offset)
      if written < 0 {
        if POSIX.lastError == POSIX.ErrorCode.interrupted { continue }
        throw FileSystemError(path: path, errno: POSIX.lastError)
      }
      offset += written
    }
  }

  /// Cuts the file to `length` bytes and writes on from there: a transfer, or a piece of one,
  /// that starts again.
  func truncate(to length: Int) throws {
    guard POSIX.truncate(fd, to: length), POSIX.seek(fd, to: length) else {
      throw FileSystemError(path: path, errno: POSIX.lastError)
    }
  }

  /// Makes the file the real one: synced to disk first when `durable`, then renamed into
  /// place, then closed.
  func commit(durable: Bool) throws {
    defer {
      UnfinishedFiles.live.withLock { _ = $0.remove(path) }
      POSIX.close(fd)
    }
    do {
      if durable, !POSIX.sync(fd) { throw FileSystemError(path: path, errno: POSIX.lastError) }
      guard FolderEntries.change(beside: target, { POSIX.rename(path, target) }) else {
        throw FileSystemError(path: target, errno: POSIX.lastError)
      }
    } catch {
      POSIX.unlink(path)
      throw error
    }
  }

  /// Removes the file and closes it: the write was abandoned.
  func discard() {
    UnfinishedFiles.live.withLock { _ = $0.remove(path) }
    POSIX.unlink(path)
    POSIX.close(fd)
  }

  /// Whether the open file is still the one linked at `path`: a sweep unlinks a file only
  /// while holding its lock, so a file locked and still linked is this writer's for good.
  private static func isStillLinked(_ fd: Int32, at path: String) -> Bool {
    linkedStatus(fd, at: path) != nil
  }

  /// The open file's status when it is still the one linked at `path`, else `nil`.
  private static func linkedStatus(_ fd: Int32, at path: String) -> FileStatus? {
    guard let open = FileStatus.of(descriptor: fd), let named = FileStatus.of(linkAt: path),
      open.isSameFile(as: named), open.links > 0
    else { return nil }
    return open
  }

  /// Removes the temporary files in `folder` (not below it) that no writer holds: what a
  /// killed run left behind. Only names ``isTemporary(_:)`` accepts are looked at.
  static func sweep(_ folder: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where isTemporary(name) {
      let path = folder.appendingPathComponent(name).path
      let fd = POSIX.open(path, [.readOnly, .noFollow, .closeOnExec])
      guard fd >= 0 else { continue }
      if POSIX.lockExclusively(fd, wait: false), isStillLinked(fd, at: path) {
        POSIX.unlink(path)
      }
      POSIX.close(fd)
    }
  }
}
