import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes a file so that it is either absent or whole: into `<name>.part` beside it, synced
/// to disk, then renamed into place. A killed run leaves at most a `.part` file, never a
/// truncated one under the real name.
///
/// The writer holds an `flock` on its `.part` file, so two runs never write the same file at
/// once, and a `.part` file nobody holds is known to be left over and safe to remove.
public enum AtomicFile {
  /// What became of a write.
  public enum Outcome: Sendable, Hashable {
    /// The file was written.
    case written
    /// The file appeared meanwhile (another run wrote it) and was left alone.
    case alreadyThere
  }

  /// Writes `data` to `target` through `<target>.part`.
  public static func write(_ data: Data, to target: URL, replacing: Bool = false) throws
    -> Outcome
  {
    let part = target.path + ".part"
    // O_NOFOLLOW: a planted symlink must not redirect the write outside the folder.
    let fd = open(part, O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw FileSystemError(path: part, errno: errno) }
    defer { close(fd) }
    guard flock(fd, LOCK_EX | LOCK_NB) == 0 else { return .alreadyThere }
    // Checked again under the lock: another run may have finished this file just now.
    if !replacing, FileManager.default.fileExists(atPath: target.path) {
      unlink(part)
      return .alreadyThere
    }
    do {
      guard ftruncate(fd, 0) == 0 else { throw FileSystemError(path: part, errno: errno) }
      try writeAll(data, to: fd, path: part)
      guard fsync(fd) == 0 else { throw FileSystemError(path: part, errno: errno) }
      guard rename(part, target.path) == 0 else {
        throw FileSystemError(path: target.path, errno: errno)
      }
    } catch {
      unlink(part)
      throw error
    }
    return .written
  }

  /// Removes the `.part` files below `folder` that no running writer holds: what a killed run
  /// left behind.
  public static func removeStaleParts(below folder: URL) {
    guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return }
    while let relative = walker.nextObject() as? String {
      guard relative.hasSuffix(".part") else { continue }
      let path = folder.appendingPathComponent(relative).path
      let fd = open(path, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
      guard fd >= 0 else { continue }
      if flock(fd, LOCK_EX | LOCK_NB) == 0 { unlink(path) }
      close(fd)
    }
  }

  private static func writeAll(_ data: Data, to fd: Int32, path: String) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw FileSystemError(path: path, errno: errno)
        }
        offset += written
      }
    }
  }
}
