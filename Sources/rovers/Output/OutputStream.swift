import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One of the process's standard streams, written with `write(2)`: unlike `FileHandle`, whose
/// `write(_:)` traps inside Foundation on a full disk or a closed pipe, every failure comes
/// back as an error the caller decides about.
struct OutputStream: Sendable {
  /// Why a write failed.
  enum Failure: Error, Sendable {
    /// The reader went away (`head`, a closed pipe).
    case closedPipe
    /// The stream cannot take the bytes: a full disk, a closed descriptor.
    case cannotWrite(reason: String)
  }

  let fd: Int32
  /// Set when the descriptor was closed when the process started: writes fail as they would
  /// on the closed descriptor, although a placeholder now holds its number.
  let wasClosed: Bool

  /// Writes every byte, retrying short writes and interruptions.
  func write(_ text: String) throws(Failure) {
    guard !wasClosed else { throw .cannotWrite(reason: String(cString: strerror(EBADF))) }
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        if errno == EPIPE { throw .closedPipe }
        throw .cannotWrite(reason: String(cString: strerror(errno)))
      }
      offset += written
    }
    bytes.removeAll()
  }

  /// The three standard streams, made safe to use: a descriptor closed at start-up (`>&-`) is
  /// held by `/dev/null`, so that no file the tool opens later can take its number and
  /// receive its output, and is remembered as closed.
  static func standardStreams() -> (out: OutputStream, err: OutputStream) {
    var closed: [Int32: Bool] = [:]
    for fd in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
      closed[fd] = fcntl(fd, F_GETFD) == -1 && errno == EBADF
      if closed[fd] == true {
        let placeholder = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY)
        if placeholder >= 0, placeholder != fd {
          dup2(placeholder, fd)
          close(placeholder)
        }
      }
    }
    return (
      OutputStream(fd: STDOUT_FILENO, wasClosed: closed[STDOUT_FILENO] ?? false),
      OutputStream(fd: STDERR_FILENO, wasClosed: closed[STDERR_FILENO] ?? false)
    )
  }
}
