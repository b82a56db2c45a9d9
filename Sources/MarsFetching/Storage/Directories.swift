import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Creates folders the way `mkdir -p` does, keeping the system's reason when it cannot.
public enum Directories {
  /// Makes the folder and any missing above it; returns whether this call made it (`false`
  /// when it was there already, or another made it at the same moment).
  @discardableResult
  public static func create(_ url: URL) throws -> Bool {
    let path = url.path
    if try isThere(url) { return false }
    let parent = url.deletingLastPathComponent()
    if parent.path != path { try create(parent) }
    if POSIX.makeFolder(path) { return true }
    guard POSIX.lastError == POSIX.ErrorCode.exists else {
      throw FileSystemError(path: path, errno: POSIX.lastError)
    }
    return false
  }

  /// Whether the folder is there already; a file in its place is an error, found before
  /// any work that would end in writing there (without making the folder).
  public static func isThere(_ url: URL) throws -> Bool {
    guard let status = FileStatus.of(url.path) else { return false }
    guard status.kind == .folder else {
      throw FileSystemError(path: url.path, reason: "a file is in the way of this folder")
    }
    return true
  }
}
