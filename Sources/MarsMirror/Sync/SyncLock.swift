import MarsFetching
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Another sync is running on the same folder.
public struct SyncLockHeld: Error, Sendable, Hashable, CustomStringConvertible {
  /// The lock file.
  public var path: String

  /// `another rovers sync holds …`.
  public var description: String {
    "another rovers sync is running on this folder (it holds \(path)); try again later"
  }
}

/// `flock` on `DIR/.rovers-sync.lock`: one sync per folder at a time. The system releases it
/// when the process ends however it ends, so a crash or a kill never leaves it stuck.
public final class SyncLock: Sendable {
  private let fd: Int32

  /// Takes the lock or throws ``SyncLockHeld`` within a quarter of a second; never waits for
  /// another sync.
  ///
  /// The few tries cover a lock just released whose descriptor a child process of the same
  /// program still shares for the instant between `fork` and `exec`.
  public init(folder: URL) throws {
    let path = folder.appendingPathComponent(".rovers-sync.lock").path
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
    throw SyncLockHeld(path: path)
  }

  deinit { POSIX.close(fd) }
}
