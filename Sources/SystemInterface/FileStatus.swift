#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `stat(2)` says of a file: its kind, size and identity.
public struct FileStatus: Sendable, Hashable {
  /// What a path names.
  public enum Kind: Sendable, Hashable {
    case file, folder, link, other
  }

  /// The kind.
  public var kind: Kind
  /// The length in bytes.
  public var size: Int
  /// The device and inode: the same pair is the same file.
  public var device: UInt64
  /// The inode.
  public var inode: UInt64
  /// How many names the file has; 0 once unlinked.
  public var links: Int
  /// When its contents last changed, in seconds since 1970 (a cache entry's is when it
  /// expires).
  public var modified: Double
  /// When the file itself last changed (written, renamed, its times set), in seconds since
  /// 1970: what the cache prunes by, oldest first.
  public var changed: Double

  init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .file
    case S_IFDIR: kind = .folder
    case S_IFLNK: kind = .link
    default: kind = .other
    }
    size = Int(info.st_size)
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    links = Int(info.st_nlink)
    #if canImport(Darwin)
      modified = Double(info.st_mtimespec.tv_sec) + Double(info.st_mtimespec.tv_nsec) / 1e9
      changed = Double(info.st_ctimespec.tv_sec) + Double(info.st_ctimespec.tv_nsec) / 1e9
    #else
      modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
      changed = Double(info.st_ctim.tv_sec) + Double(info.st_ctim.tv_nsec) / 1e9
    #endif
  }

  /// What `path` names, a link itself rather than what it points at; `nil` with
  /// ``POSIX/lastError`` set when nothing is there.
  public static func of(linkAt path: String) -> FileStatus? {
    var info = stat()
    return lstat(path, &info) == 0 ? FileStatus(info) : nil
  }

  /// What `path` names, following links.
  public static func of(_ path: String) -> FileStatus? {
    var info = stat()
    return stat(path, &info) == 0 ? FileStatus(info) : nil
  }

  /// Whether something is at `path`, following links: one `stat`, without the conversions
  /// `FileManager.fileExists` makes, since a download asks it of every photo.
  public static func exists(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0
  }

  /// What an open descriptor is.
  public static func of(descriptor fd: Int32) -> FileStatus? {
    var info = stat()
    return fstat(fd, &info) == 0 ? FileStatus(info) : nil
  }

  /// Whether two statuses are of the same file.
  public func isSameFile(as other: FileStatus) -> Bool {
    device == other.device && inode == other.inode
  }
}
