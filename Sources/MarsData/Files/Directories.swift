import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Creates folders the way `mkdir -p` does, keeping the system's reason when it cannot.
enum Directories {
  static func create(_ url: URL) throws {
    let path = url.path
    var info = stat()
    if stat(path, &info) == 0 {
      guard (info.st_mode & S_IFMT) == S_IFDIR else {
        throw FileSystemError(path: path, reason: "a file is in the way of this folder")
      }
      return
    }
    let parent = url.deletingLastPathComponent()
    if parent.path != path { try create(parent) }
    if mkdir(path, 0o755) != 0, errno != EEXIST {
      throw FileSystemError(path: path, errno: errno)
    }
  }
}
