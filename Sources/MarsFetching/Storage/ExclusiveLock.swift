import SystemInterface

/// An `flock` on a file of its own, held while the value lives: one writer at a time. The
/// system releases it when the process ends however it ends, so a crash or a kill never
/// leaves it stuck.
public final class ExclusiveLock: Sendable {
  private let fd: Int32

  /// Takes the lock on `path` (made when absent), or returns `nil` when another holds it
  /// still after a quarter of a second; never waits longer.
  ///
  /// The few tries cover a lock just released whose descriptor a child process of the same
  /// program still shares for the instant between `fork` and `exec`.
  public init?(path: String) throws {
    let fd = POSIX.open(path, [.readWrite, .create, .noFollow, .closeOnExec])
    guard fd >= 0 else { throw FileSystemError(path: path, errno: POSIX.lastError) }
    for attempt in 0..<5 {
      if POSIX.lockExclusively(fd, wait: false) {
        self.fd = fd
        return
      }
      if attempt < 4 { POSIX.sleep(seconds: 0.05) }
    }
    POSIX.close(fd)
    return nil
  }

  deinit { POSIX.close(fd) }
}
