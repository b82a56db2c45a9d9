import Foundation

#if canImport(Glibc)
  import Glibc
#endif

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

  /// The temporary path for `target`: `dir/.name.rovers-tmp`.
  static func path(for target: String) -> String {
    let url = URL(fileURLWithPath: target)
    return url.deletingLastPathComponent().appendingPathComponent(
      "." + url.lastPathComponent + suffix
    ).path
  }

  /// Whether a file name is one of the tool's temporary files.
  static func isTemporary(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(suffix)
  }

  private init(fd: Int32, path: String, target: String) {
    self.fd = fd
    self.path = path
    self.target = target
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
    while true {
      try Task.checkCancellation()
      // O_NOFOLLOW: a planted symlink must not redirect the write outside the folder.
      let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw FileSystemError(path: path, errno: errno) }
      guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
        close(fd)
        try await Task.sleep(for: .milliseconds(20))
        continue
      }
      guard isStillLinked(fd, at: path) else {
        close(fd)
        continue
      }
      if skipIfPresent, FileManager.default.fileExists(atPath: target) {
        unlink(path)
        close(fd)
        return nil
      }
      guard ftruncate(fd, 0) == 0 else {
        let error = FileSystemError(path: path, errno: errno)
        unlink(path)
        close(fd)
        throw error
      }
      return TemporaryFile(fd: fd, path: path, target: target)
    }
  }

  /// The same for code that cannot wait: small files written whole.
  static func createNow(for target: String) throws -> TemporaryFile {
    let path = path(for: target)
    for _ in 0..<1000 {
      let fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
      guard fd >= 0 else { throw FileSystemError(path: path, errno: errno) }
      // Blocking: whoever holds it is a sweep (microseconds) or a writer of the same small
      // file, which ends with its rename.
      guard flock(fd, LOCK_EX) == 0, isStillLinked(fd, at: path) else {
        close(fd)
        continue
      }
      guard ftruncate(fd, 0) == 0 else {
        let error = FileSystemError(path: path, errno: errno)
        close(fd)
        throw error
      }
      return TemporaryFile(fd: fd, path: path, target: target)
    }
    throw FileSystemError(path: path, reason: "another process keeps replacing this file")
  }

  /// Writes every byte, retrying short writes and interruptions.
  func write(_ data: Data) throws {
    try data.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(fd, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw FileSystemError(path: path, errno: errno)
        }
        offset += written
      }
    }
  }

  /// Cuts the file to `length` bytes and writes on from there: a transfer, or a piece of one,
  /// that starts again.
  func truncate(to length: Int) throws {
    guard ftruncate(fd, off_t(length)) == 0, lseek(fd, off_t(length), SEEK_SET) == off_t(length)
    else { throw FileSystemError(path: path, errno: errno) }
  }

  /// Makes the file the real one: synced to disk first when `durable`, then renamed into
  /// place, then closed.
  func commit(durable: Bool) throws {
    defer {
      UnfinishedFiles.live.withLock { _ = $0.remove(path) }
      close(fd)
    }
    do {
      if durable, fsync(fd) != 0 { throw FileSystemError(path: path, errno: errno) }
      guard rename(path, target) == 0 else { throw FileSystemError(path: target, errno: errno) }
    } catch {
      unlink(path)
      throw error
    }
  }

  /// Removes the file and closes it: the write was abandoned.
  func discard() {
    UnfinishedFiles.live.withLock { _ = $0.remove(path) }
    unlink(path)
    close(fd)
  }

  /// Whether the open file is still the one linked at `path`: a sweep unlinks a file only
  /// while holding its lock, so a file locked and still linked is this writer's for good.
  private static func isStillLinked(_ fd: Int32, at path: String) -> Bool {
    var open = stat()
    var named = stat()
    guard fstat(fd, &open) == 0, lstat(path, &named) == 0 else { return false }
    return open.st_ino == named.st_ino && open.st_dev == named.st_dev && open.st_nlink > 0
  }

  /// Removes the temporary files in `folder` (not below it) that no writer holds: what a
  /// killed run left behind. Only names ``isTemporary(_:)`` accepts are looked at.
  static func sweep(_ folder: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where isTemporary(name) {
      let path = folder.appendingPathComponent(name).path
      let fd = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
      guard fd >= 0 else { continue }
      if flock(fd, LOCK_EX | LOCK_NB) == 0, isStillLinked(fd, at: path) { unlink(path) }
      close(fd)
    }
  }
}
