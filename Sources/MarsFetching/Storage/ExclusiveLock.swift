import SystemInterface

/// An `flock` on a file of its own, held while the value lives: one writer at a time. The
/// system releases it when the process ends however it ends, so a crash or a kill never
/// leaves it stuck.
public final class ExclusiveLock: Sendable {
  private let fd: Int32
  private let path: String

  /// Takes the lock on `path` (made when absent), or returns `nil` when another holds it
  /// still after a quarter of a second; never waits longer.
  ///
  /// The few tries cover a lock just released whose descriptor a child process of the same
  /// program still shares for the instant between `fork` and `exec`. A lock taken on a file
  /// its holder removed meanwhile (``remove()``) is no lock: it is let go, and the file now
  /// at `path` is taken instead.
  public init?(path: String) throws {
    self.path = path
    for attempt in 0..<5 {
      let fd = POSIX.open(path, [.readWrite, .create, .noFollow, .closeOnExec])
      guard fd >= 0 else { throw FileSystemError(path: path, errno: POSIX.lastError) }
      if POSIX.lockExclusively(fd, wait: false) {
        if let held = FileStatus.of(descriptor: fd), let named = FileStatus.of(linkAt: path),
          held.isSameFile(as: named)
        {
          self.fd = fd
          return
        }
        // Removed between the open and the lock: try the file there now, at once.
        POSIX.close(fd)
        continue
      }
      POSIX.close(fd)
      if attempt < 4 { POSIX.sleep(seconds: 0.05) }
    }
    return nil
  }

  /// Removes the lock's file, still held: for a holder that also removed what the lock
  /// guarded, so that nothing is left beside where it was. A taker that opened the file
  /// before finds, once it holds it, that it is gone (``init(path:)``).
  public func remove() {
    POSIX.unlink(path)
  }

  deinit { POSIX.close(fd) }
}
