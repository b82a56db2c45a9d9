#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// How a file is opened: `open(2)`'s flags.
  public struct OpenFlags: OptionSet, Sendable {
    /// The bits.
    public let rawValue: Int32
    /// Creates flags from `open(2)`'s bits.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// For reading only.
    public static let readOnly = OpenFlags(rawValue: O_RDONLY)
    /// For writing only.
    public static let writeOnly = OpenFlags(rawValue: O_WRONLY)
    /// For reading and writing.
    public static let readWrite = OpenFlags(rawValue: O_RDWR)
    /// Created when it is not there.
    public static let create = OpenFlags(rawValue: O_CREAT)
    /// Every write goes to the end, in one step.
    public static let append = OpenFlags(rawValue: O_APPEND)
    /// A symbolic link at the path is refused, not followed.
    public static let noFollow = OpenFlags(rawValue: O_NOFOLLOW)
    /// Closed in any program this process starts.
    public static let closeOnExec = OpenFlags(rawValue: O_CLOEXEC)
    /// Only a folder.
    public static let directory = OpenFlags(rawValue: O_DIRECTORY)
  }

  /// Opens `path`; the descriptor, or -1 with ``lastError`` set.
  public static func open(_ path: String, _ flags: OpenFlags, mode: UInt32 = 0o644) -> Int32 {
    systemOpen(path, flags.rawValue, mode_t(mode))
  }

  /// Closes a descriptor.
  public static func close(_ fd: Int32) {
    _ = systemClose(fd)
  }

  /// Writes up to `count` bytes once; how many were written, or -1 with ``lastError`` set.
  public static func write(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    systemWrite(fd, bytes, count)
  }

  /// Reads up to `count` bytes at `offset` without moving the file's position.
  public static func read(
    _ fd: Int32, into bytes: UnsafeMutableRawPointer?, _ count: Int, at offset: Int
  ) -> Int {
    pread(fd, bytes, count, off_t(offset))
  }

  /// The file's length, leaving its position at the end; -1 on failure.
  public static func seekToEnd(_ fd: Int32) -> Int { Int(lseek(fd, 0, SEEK_END)) }

  /// Moves the file's position to `offset`; whether it could.
  public static func seek(_ fd: Int32, to offset: Int) -> Bool {
    lseek(fd, off_t(offset), SEEK_SET) == off_t(offset)
  }

  /// Cuts or extends the file to `length` bytes; whether it could.
  public static func truncate(_ fd: Int32, to length: Int) -> Bool {
    ftruncate(fd, off_t(length)) == 0
  }

  /// Makes what was written survive a power cut; whether it could.
  public static func sync(_ fd: Int32) -> Bool { fsync(fd) == 0 }

  /// On Linux, writes the file's data to disk and drops bytes `offset..<offset + length` from
  /// the page cache, so what a long stream already wrote takes no memory; elsewhere nothing.
  /// Whether the data reached the disk (dropping is advice).
  public static func writeOutAndForget(_ fd: Int32, from offset: Int, length: Int) -> Bool {
    #if os(Linux)
      guard fdatasync(fd) == 0 else { return false }
      _ = posix_fadvise(fd, off_t(offset), off_t(length), POSIX_FADV_DONTNEED)
    #endif
    return true
  }

  /// Sets the file's access and modification times to `seconds` since 1970; whether it could.
  /// (Its change time becomes now, as any change of a file's makes it.)
  public static func setModified(_ fd: Int32, to seconds: Double) -> Bool {
    let whole = seconds.rounded(.down)
    let time = timespec(tv_sec: time_t(whole), tv_nsec: Int((seconds - whole) * 1e9))
    var times = [time, time]
    return futimens(fd, &times) == 0
  }

  /// Makes everything written to the file system holding `fd` survive a power cut, in one
  /// call (Linux's `syncfs(2)`): whether it could, or `nil` where the system has no such call
  /// and each file must be synced on its own. Linux reports a failed write-back here since
  /// 5.8; before, only `fsync` did.
  public static func syncFileSystem(_ fd: Int32) -> Bool? {
    FileSystemSync.call.map { $0(fd) == 0 }
  }

  /// Takes the file's exclusive `flock`, waiting for it or not; whether it is held.
  public static func lockExclusively(_ fd: Int32, wait: Bool) -> Bool {
    flock(fd, LOCK_EX | (wait ? 0 : LOCK_NB)) == 0
  }

  /// Opens a new file with no name in `folder`, for reading and writing (Linux's
  /// `O_TMPFILE`): the descriptor, or -1 with ``lastError`` set. Nothing of it is seen in the
  /// folder until ``link(_:to:)`` names it, and the system removes it when the last
  /// descriptor closes, however the process ends. A system or file system without such files
  /// answers -1, as ``ErrorCode/isUnsupported(_:)`` tells.
  public static func openUnnamed(inFolder folder: String, mode: UInt32 = 0o644) -> Int32 {
    #if os(Linux)
      // glibc defines O_TMPFILE for C code that asks for GNU extensions only; its value is
      // the same on every architecture Swift runs on.
      systemOpen(folder, 0o2000_0000 | O_DIRECTORY | O_RDWR | O_CLOEXEC, mode_t(mode))
    #else
      errno = EOPNOTSUPP
      return -1
    #endif
  }

  /// Whether files from ``openUnnamed(inFolder:mode:)`` can be named here: they are named
  /// through `/proc/self/fd`, which a container or chroot may lack.
  public static let unnamedFilesCanBeNamed: Bool = {
    #if os(Linux)
      return FileStatus.exists("/proc/self/fd")
    #else
      return false
    #endif
  }()

  /// Gives the open file `fd`, one with no name, the name `path`; whether it could. Fails
  /// with ``ErrorCode/exists`` when the name is taken: it never replaces a file.
  public static func link(_ fd: Int32, to path: String) -> Bool {
    #if os(Linux)
      linkat(AT_FDCWD, "/proc/self/fd/\(fd)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0
    #else
      errno = EOPNOTSUPP
      return false
    #endif
  }

  /// Renames in one step, replacing `target`; whether it could.
  public static func rename(_ source: String, _ target: String) -> Bool {
    systemRename(source, target) == 0
  }

  /// Removes a file; whether it could.
  @discardableResult
  public static func unlink(_ path: String) -> Bool {
    systemUnlink(path) == 0
  }

  /// Creates a folder; whether it could.
  public static func makeFolder(_ path: String, mode: UInt32 = 0o755) -> Bool {
    mkdir(path, mode_t(mode)) == 0
  }
}

// At file scope these names are the C library's, which the members above shadow.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemWrite(_ fd: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(fd, bytes, count)
}
private func systemRename(_ source: String, _ target: String) -> Int32 { rename(source, target) }
private func systemUnlink(_ path: String) -> Int32 { unlink(path) }

/// `syncfs`, looked up in the C library when first needed: glibc declares it only to C code
/// that asks for GNU extensions, which a Swift module cannot, and other systems lack it.
private enum FileSystemSync {
  typealias Call = @convention(c) (Int32) -> Int32

  /// The function, or `nil` where the C library has none.
  static let call: Call? = {
    #if os(Linux)
      guard let symbol = dlsym(nil, "syncfs") else { return nil }
      return unsafeBitCast(symbol, to: Call.self)
    #else
      return nil
    #endif
  }()
}

extension POSIX {
  /// The first `limit` bytes of the file at `path`, all of it when it is shorter; `nil` when
  /// it cannot be opened or read. Foundation's `FileHandle` is not in FoundationEssentials.
  public static func readStart(ofFile path: String, upTo limit: Int) -> [UInt8]? {
    let fd = open(path, [.readOnly, .closeOnExec])
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    return read(fd, upTo: limit, at: 0)
  }

  /// Up to `limit` bytes of the file from `offset`, fewer only at its end; `nil` when it
  /// cannot be read.
  public static func read(_ fd: Int32, upTo limit: Int, at offset: Int) -> [UInt8]? {
    // Room for what the file holds now, and one byte more to see that it ends there (it may
    // grow, and a file of /proc says 0): storage neither zeroed nor sized by the limit, since
    // zeroing a megabyte for a 60 KB picture was a third of `show`'s page faults.
    let size = FileStatus.of(descriptor: fd)?.size ?? 0
    var room = max(0, min(limit, size > offset ? size - offset + 1 : 1 << 16))
    var bytes: [UInt8] = []
    while bytes.count < limit {
      var failed = false
      let chunk = [UInt8](unsafeUninitializedCapacity: room) { buffer, initialized in
        // The room asked, not the buffer's: the allocator may give more than was asked.
        initialized = 0
        while initialized < room {
          let read = POSIX.read(
            fd, into: buffer.baseAddress! + initialized, room - initialized,
            at: offset + bytes.count + initialized)
          if read < 0 && errno == EINTR { continue }
          guard read > 0 else {
            failed = read < 0
            return
          }
          initialized += read
        }
      }
      guard !failed else { return nil }
      if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
      // Short of the room asked: the file ends here.
      if chunk.count < room { break }
      room = min(limit - bytes.count, max(bytes.count, 1 << 16))
    }
    return bytes
  }

  /// Writes all of `bytes` at `offset`, without moving the file's position; whether it could
  /// (``lastError`` says why not).
  public static func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool
  {
    var done = 0
    while done < bytes.count {
      let written = pwrite(fd, bytes.baseAddress! + done, bytes.count - done, off_t(offset + done))
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return false }
      done += written
    }
    return true
  }
}
