import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One of the process's standard streams, written with `write(2)`: unlike `FileHandle`, whose
/// `write(_:)` traps inside Foundation on a full disk or a closed pipe, every failure comes
/// back as an error the caller decides about.
package struct OutputStream: Sendable {
  /// Why a write failed.
  package enum Failure: Error, Sendable {
    /// The reader went away (`head`, a closed pipe).
    case closedPipe
    /// The stream cannot take the bytes: a full disk, a closed descriptor.
    case cannotWrite(reason: String)
  }

  package let fd: Int32
  /// Set when the descriptor was closed when the process started: writes fail as they would
  /// on the closed descriptor, although a placeholder now holds its number.
  package let wasClosed: Bool

  /// Writes every byte, retrying short writes and interruptions.
  package func write(_ text: String) throws(Failure) {
    guard !wasClosed else {
      throw .cannotWrite(reason: POSIX.describe(POSIX.ErrorCode.badDescriptor))
    }
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes { buffer in
        POSIX.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if written < 0 {
        let code = POSIX.lastError
        if code == POSIX.ErrorCode.interrupted { continue }
        if code == POSIX.ErrorCode.brokenPipe { throw .closedPipe }
        throw .cannotWrite(reason: POSIX.describe(code))
      }
      offset += written
    }
    bytes.removeAll()
  }

  /// The three standard streams, made safe to use: a descriptor closed at start-up (`>&-`) is
  /// held by `/dev/null`, so that no file the tool opens later can take its number and
  /// receive its output, and is remembered as closed.
  package static func standardStreams() -> (out: OutputStream, err: OutputStream) {
    var closed: Set<POSIX.StandardStream> = []
    for stream in POSIX.StandardStream.allCases where POSIX.isClosed(stream) {
      closed.insert(stream)
      POSIX.fillWithNull(stream)
    }
    return (
      OutputStream(fd: POSIX.StandardStream.output.descriptor, wasClosed: closed.contains(.output)),
      OutputStream(fd: POSIX.StandardStream.error.descriptor, wasClosed: closed.contains(.error))
    )
  }
}
