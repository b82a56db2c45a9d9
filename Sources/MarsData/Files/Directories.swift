import Foundation
import SystemInterface

/// Creates folders the way `mkdir -p` does, keeping the system's reason when it cannot.
enum Directories {
  static func create(_ url: URL) throws {
    let path = url.path
    if let status = FileStatus.of(path) {
      guard status.kind == .folder else {
        throw FileSystemError(path: path, reason: "a file is in the way of this folder")
      }
      return
    }
    let parent = url.deletingLastPathComponent()
    if parent.path != path { try create(parent) }
    if !POSIX.makeFolder(path), POSIX.lastError != POSIX.ErrorCode.exists {
      throw FileSystemError(path: path, errno: POSIX.lastError)
    }
  }
}
