import MarsFetching
import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where the sync journal's bytes live: a file in the mirror, or, in tests, anything that
/// counts what is written.
public protocol SyncStateStorage: Sendable {
  /// Everything stored; `nil` when there is nothing yet.
  func read() throws -> Data?
  /// Everything stored, handed to `body` a piece at a time, so that a journal of any length
  /// is read in bounded memory; `false` when there is nothing yet.
  func read(inPieces body: (Data) throws -> Void) throws -> Bool
  /// Adds bytes at the end.
  func append(_ data: Data) throws
  /// Replaces everything at once, atomically: a crash leaves the old bytes or the new.
  func replace(with data: Data) throws
  /// Makes what was appended survive a power cut.
  func flush() throws
}

extension SyncStateStorage {
  /// The whole of ``read()`` as one piece.
  public func read(inPieces body: (Data) throws -> Void) throws -> Bool {
    guard let data = try read() else { return false }
    try body(data)
    return true
  }
}

/// The journal as a file: `DIR/.rovers-sync.journal`.
public final class SyncStateFile: SyncStateStorage {
  /// The file.
  public let url: URL
  private let appender = Mutex<Int32?>(nil)

  /// The journal of the mirror at `folder`.
  public init(folder: URL) {
    url = folder.appendingPathComponent(".rovers-sync.journal")
  }

  deinit {
    appender.withLock { fd in
      if let open = fd { POSIX.close(open) }
    }
  }

  /// The journal's bytes; a journal that is not a plain file is an error, set aside by the
  /// caller.
  public func read() throws -> Data? {
    guard let status = FileStatus.of(linkAt: url.path) else { return nil }
    guard status.kind == .file else {
      throw FileSystemError(path: url.path, reason: "is not a file")
    }
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw FileSystemError(path: url.path, reason: "cannot be read")
    }
    return data
  }

  /// The journal's bytes a megabyte at a time.
  public func read(inPieces body: (Data) throws -> Void) throws -> Bool {
    guard let status = FileStatus.of(linkAt: url.path) else { return false }
    let fd = status.kind == .file ? POSIX.open(url.path, [.readOnly, .closeOnExec]) : -1
    guard fd >= 0 else {
      throw FileSystemError(path: url.path, reason: "is not a file that can be read")
    }
    defer { POSIX.close(fd) }
    var offset = 0
    let capacity = 1_048_576
    while true {
      // Read straight into the memory the piece keeps: a journal of a whole mission is tens
      // of megabytes, read on every run, and a copy of each piece showed in the bench.
      let memory = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
      var filled = 0
      while filled < capacity {
        let count = POSIX.read(fd, into: memory + filled, capacity - filled, at: offset + filled)
        if count < 0, POSIX.lastError == POSIX.ErrorCode.interrupted { continue }
        guard count >= 0 else {
          memory.deallocate()
          throw FileSystemError(path: url.path, reason: "cannot be read")
        }
        if count == 0 { break }
        filled += count
      }
      guard filled > 0 else {
        memory.deallocate()
        return true
      }
      offset += filled
      try body(
        Data(
          bytesNoCopy: memory, count: filled,
          deallocator: .custom { pointer, _ in pointer.deallocate() }))
    }
  }

  /// Appends through one descriptor kept open for the run.
  public func append(_ data: Data) throws {
    try appender.withLock { fd in
      var bytes = data
      if fd == nil {
        let opened = POSIX.open(
          url.path, [.readWrite, .append, .create, .noFollow, .closeOnExec])
        guard opened >= 0 else { throw FileSystemError(path: url.path, errno: POSIX.lastError) }
        fd = opened
        // A fragment left by a write cut short (a kill, a full disk) must stay a line of its
        // own, which reading skips: glued to it, the next line would be lost too.
        if !Self.endsWithNewline(opened) { bytes.insert(UInt8(ascii: "\n"), at: 0) }
      }
      guard let open = fd else { return }
      // One write(2) with O_APPEND: a line lands whole at the end, or a kill leaves a torn last
      // line, which reading skips.
      let written = bytes.withUnsafeBytes { POSIX.write(open, $0.baseAddress, $0.count) }
      guard written == bytes.count else {
        // Opened again for the next line, which then starts on a fresh one.
        POSIX.close(open)
        fd = nil
        throw FileSystemError(
          path: url.path, errno: written < 0 ? POSIX.lastError : POSIX.ErrorCode.noSpace)
      }
    }
  }

  /// Whether the file is empty or ends with a newline.
  private static func endsWithNewline(_ fd: Int32) -> Bool {
    let size = POSIX.seekToEnd(fd)
    guard size > 0 else { return true }
    var last: UInt8 = 0
    return POSIX.read(fd, into: &last, 1, at: size - 1) == 1 && last == UInt8(ascii: "\n")
  }

  /// Rewrites the journal through a temporary file and a rename.
  public func replace(with data: Data) throws {
    appender.withLock { fd in
      if let open = fd { POSIX.close(open) }
      fd = nil
    }
    try AtomicFile.write(data, to: url, durable: true)
  }

  /// Syncs what was appended to disk.
  public func flush() throws {
    try appender.withLock { fd in
      if let open = fd, !POSIX.sync(open) {
        throw FileSystemError(path: url.path, errno: POSIX.lastError)
      }
    }
  }
}
