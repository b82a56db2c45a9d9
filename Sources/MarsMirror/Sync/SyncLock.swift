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

/// `flock` on `DIR/.rovers-sync.lock`: one sync per folder at a time (``ExclusiveLock``).
public final class SyncLock: Sendable {
  private let lock: ExclusiveLock

  /// Takes the lock or throws ``SyncLockHeld`` within a quarter of a second; never waits for
  /// another sync.
  public init(folder: URL) throws {
    let path = folder.appendingPathComponent(".rovers-sync.lock").path
    guard let lock = try ExclusiveLock(path: path) else { throw SyncLockHeld(path: path) }
    self.lock = lock
  }
}
