#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one home of the C library: every system call the project makes goes through these small
/// functions, whose bodies are the only code that names Glibc, Musl or Darwin. The rest of the
/// code builds the same on Linux (glibc or a static musl) and on macOS.
///
/// The functions keep the system's own model (file descriptors, `errno`) so callers stay as
/// close to the system as the work needs (a lock, an `O_APPEND` write, a rename), but in
/// Swift types: flags are option sets, answers are `Bool` or optionals, and failures read
/// ``lastError``.
public enum POSIX {
  /// The `errno` of the last call that failed.
  public static var lastError: Int32 { errno }

  /// The system's sentence for an error code: `No space left on device`.
  public static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// The error codes callers tell apart.
  public enum ErrorCode {
    /// No such file or folder.
    public static var noSuchFile: Int32 { ENOENT }
    /// The file is there already.
    public static var exists: Int32 { EEXIST }
    /// A signal interrupted the call: try again.
    public static var interrupted: Int32 { EINTR }
    /// The reader of a pipe went away.
    public static var brokenPipe: Int32 { EPIPE }
    /// Not an open file descriptor.
    public static var badDescriptor: Int32 { EBADF }
    /// The disk is full.
    public static var noSpace: Int32 { ENOSPC }
    /// Too many symbolic links: a loop.
    public static var linkLoop: Int32 { ELOOP }

    /// Whether `code` is how `open` says the system or file system cannot do what its flags
    /// ask (an unknown flag, or one this file system does not offer).
    public static func isUnsupported(_ code: Int32) -> Bool {
      code == EOPNOTSUPP || code == EISDIR || code == EINVAL
    }
  }
}
