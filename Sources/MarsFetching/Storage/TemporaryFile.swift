import PlainText
import RoverAPI
import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A file being written for its final name that becomes the real file in one step: a killed
/// run leaves no truncated real file.
///
/// Where the system can (Linux, on the file systems it ships), the file has no name while it
/// is written (`O_TMPFILE`) and is named once whole: nothing shows in the folder before, the
/// system removes it by itself when the process dies however it dies, and a photo costs one
/// folder entry instead of a hidden one made, locked, checked and renamed (a sixth less of a
/// download's kernel time, measured on ext4). Elsewhere it is written beside its final name, locked
/// by its writer, under `.<name>.rovers-tmp`, a name no photo can have (photo names never
/// start with a dot), so the sweep that removes what killed runs left behind touches only the
/// tool's own.
package final class TemporaryFile: Sendable {
  /// The ending every hidden temporary name has.
  package static let suffix = ".rovers-tmp"

  /// Whether files are written with no name where the file system allows it: on Linux, with
  /// `/proc` to name them through.
  package static let unnamedFilesWork = POSIX.unnamedFilesCanBeNamed

  /// The file descriptor, open for writing; a hidden file's holds an `flock`.
  package let fd: Int32
  /// The hidden name it is written under, `nil` for a file with no name.
  package let path: String?
  /// The final path.
  package let target: String
  /// The file system the file is on (its device), when known: files on one are made durable
  /// together.
  package let device: UInt64?

  /// The path an error names: the hidden file's, or the final one.
  package var shownPath: String { path ?? target }

  /// How much is written past which the bytes written so far go to disk and leave memory,
  /// a window at a time: a 2 GB image then neither pushes the user's cached files out nor
  /// leaves gigabytes for the commit's sync, and on a virtual machine whose host takes back
  /// free memory, reusing the same pages made such a download four times faster. A photo
  /// (a few MB) never reaches it.
  package static let writeOutWindow = 32 << 20

  /// Where the file's end is, and up to where it is on disk and out of memory.
  private struct Extent {
    var end = 0
    var writtenOut = 0
  }

  private let extent = Mutex(Extent())

  /// The hidden temporary path for `target`: `dir/.name.rovers-tmp`, or
  /// `dir/.name.<writer>.rovers-tmp` for a name one writer alone uses. Made from the text, not
  /// a `URL`: every download made one.
  package static func path(for target: String, writer: String? = nil) -> String {
    let start = UTF8Scan.lastIndex(of: UInt8(ascii: "/"), in: target).map {
      target.utf8.index(after: $0)
    }
    // Built in one buffer: the pieces as strings of their own cost more than the call.
    var path = ""
    path.reserveCapacity(target.utf8.count + 2 + (writer?.utf8.count ?? 0) + suffix.utf8.count)
    if let start { path += target[..<start] }
    path += "."
    path += target[(start ?? target.startIndex)...]
    if let writer { path += "." + writer }
    path += suffix
    return path
  }

  /// Whether a file name is one of the tool's temporary files.
  package static func isTemporary(_ name: String) -> Bool {
    name.hasPrefix(".") && name.hasSuffix(suffix)
  }

  private init(fd: Int32, path: String?, target: String, device: UInt64? = nil) {
    self.fd = fd
    self.path = path
    self.target = target
    self.device = device
    if let path { UnfinishedFiles.live.withLock { _ = $0.insert(path) } }
  }

  /// Creates the temporary file for `target`, empty: one with no name when `unnamed` and the
  /// file system allows it, else a hidden one. Returns `nil` for nothing to write when
  /// `skipIfPresent` and the target exists.
  package static func create(
    for target: String, skipIfPresent: Bool, unnamed: Bool = unnamedFilesWork
  ) async throws -> TemporaryFile? {
    if unnamed {
      switch try createUnnamed(for: target, skipIfPresent: skipIfPresent) {
      case .made(let file): return file
      case .present: return nil
      case .unsupported: break
      }
    }
    return try await createHidden(for: target, skipIfPresent: skipIfPresent)
  }

  private enum UnnamedFile {
    case made(TemporaryFile)
    case present
    /// The file system has no files without names: a hidden one stands in.
    case unsupported
  }

  /// A file with no name in `target`'s folder. No lock and no check: nothing else can reach it.
  private static func createUnnamed(for target: String, skipIfPresent: Bool) throws
    -> UnnamedFile
  {
    if skipIfPresent, FileStatus.exists(target) { return .present }
    let slash = UTF8Scan.lastIndex(of: UInt8(ascii: "/"), in: target)
    let folder = slash.map { String(target[..<$0]) } ?? "."
    var remade = false
    while true {
      let fd = POSIX.openUnnamed(inFolder: folder.isEmpty ? "/" : folder)
      if fd >= 0 {
        return .made(
          TemporaryFile(
            fd: fd, path: nil, target: target, device: FileStatus.of(descriptor: fd)?.device))
      }
      let code = POSIX.lastError
      // The folder was there when the run began with it; if it went since, it is made again.
      if code == POSIX.ErrorCode.noSuchFile, !remade {
        remade = true
        try Directories.create(URL(fileURLWithPath: folder))
        continue
      }
      if POSIX.ErrorCode.isUnsupported(code) { return .unsupported }
      throw FileSystemError(path: target, errno: code)
    }
  }

  /// Creates and locks the hidden temporary file for `target`, emptied.
  ///
  /// Race-free against a sweep and against another writer: the file is opened, locked, and
  /// then checked to still be the one at the path (a sweep may have unlinked it between the
  /// two steps, in which case it starts over); another writer's lock is waited out, since it
  /// ends with that writer's rename. Returns `nil` for nothing to write when `skipIfPresent`
  /// and the target exists once the lock is held.
  private static func createHidden(for target: String, skipIfPresent: Bool) async throws
    -> TemporaryFile?
  {
    let path = path(for: target)
    var remade = false
    while true {
      try Task.checkCancellation()
      // O_NOFOLLOW: a planted symlink must not redirect the write outside the folder.
      let fd = FolderEntries.change(beside: path) {
        POSIX.open(path, [.readWrite, .create, .noFollow, .closeOnExec])
      }
      // The folder was there when the run began with it; if it went since, it is made again.
      if fd < 0, POSIX.lastError == POSIX.ErrorCode.noSuchFile, !remade {
        remade = true
        try Directories.create(URL(fileURLWithPath: path).deletingLastPathComponent())
        continue
      }
      guard fd >= 0 else { throw FileSystemError(path: path, errno: POSIX.lastError) }
      guard POSIX.lockExclusively(fd, wait: false) else {
        POSIX.close(fd)
        try await Task.sleep(for: .milliseconds(20))
        continue
      }
      guard let status = linkedStatus(fd, at: path) else {
        POSIX.close(fd)
        continue
      }
      if skipIfPresent, FileStatus.exists(target) {
        POSIX.unlink(path)
        POSIX.close(fd)
        return nil
      }
      // What a killed writer left is emptied; a file just made is empty already.
      guard status.size == 0 || POSIX.truncate(fd, to: 0) else {
        let error = FileSystemError(path: path, errno: POSIX.lastError)
        POSIX.unlink(path)
        POSIX.close(fd)
        throw error
      }
      return TemporaryFile(fd: fd, path: path, target: target, device: status.device)
    }
  }

  /// The same for code that cannot wait: small files written whole.
  package static func createNow(for target: String) throws -> TemporaryFile {
    let path = path(for: target)
    for _ in 0..<1000 {
      let fd = POSIX.open(path, [.readWrite, .create, .noFollow, .closeOnExec])
      guard fd >= 0 else { throw FileSystemError(path: path, errno: POSIX.lastError) }
      // Blocking: whoever holds it is a sweep (microseconds) or a writer of the same small
      // file, which ends with its rename.
      guard POSIX.lockExclusively(fd, wait: true), isStillLinked(fd, at: path) else {
        POSIX.close(fd)
        continue
      }
      guard POSIX.truncate(fd, to: 0) else {
        let error = FileSystemError(path: path, errno: POSIX.lastError)
        POSIX.close(fd)
        throw error
      }
      return TemporaryFile(fd: fd, path: path, target: target)
    }
    throw FileSystemError(path: path, reason: "another process keeps replacing this file")
  }

  /// Writes every byte, retrying short writes and interruptions.
  package func write(_ data: Data) throws {
    try data.withUnsafeBytes { try write($0) }
  }

  /// Writes all of `buffer`, after what was written before.
  package func write(_ buffer: UnsafeRawBufferPointer) throws {
    guard let base = buffer.baseAddress else { return }
    var offset = 0
    while offset < buffer.count {
      let written = POSIX.write(fd, base + offset, buffer.count - offset)
      if written < 0 {
        if POSIX.lastError == POSIX.ErrorCode.interrupted { continue }
        throw FileSystemError(path: shownPath, errno: POSIX.lastError)
      }
      offset += written
    }
    try writeOutIfLong(adding: buffer.count)
  }

  /// Hands the window just filled to the disk and drops it from memory.
  private func writeOutIfLong(adding count: Int) throws {
    let window = extent.withLock { extent -> Range<Int>? in
      extent.end += count
      guard extent.end - extent.writtenOut >= Self.writeOutWindow else { return nil }
      defer { extent.writtenOut = extent.end }
      return extent.writtenOut..<extent.end
    }
    guard let window else { return }
    guard POSIX.writeOutAndForget(fd, from: window.lowerBound, length: window.count) else {
      throw FileSystemError(path: shownPath, errno: POSIX.lastError)
    }
  }

  /// Cuts the file to `length` bytes and writes on from there: a transfer, or a piece of one,
  /// that starts again.
  package func truncate(to length: Int) throws {
    guard POSIX.truncate(fd, to: length), POSIX.seek(fd, to: length) else {
      throw FileSystemError(path: shownPath, errno: POSIX.lastError)
    }
    extent.withLock { extent in
      extent.end = length
      extent.writtenOut = min(extent.writtenOut, length)
    }
  }

  /// Makes the file the real one: synced to disk first when `durable`, then given its name,
  /// replacing what was there, then closed.
  package func commit(durable: Bool) throws {
    defer {
      if let path { UnfinishedFiles.live.withLock { _ = $0.remove(path) } }
      POSIX.close(fd)
    }
    if durable, !POSIX.sync(fd) {
      let error = FileSystemError(path: shownPath, errno: POSIX.lastError)
      if let path { POSIX.unlink(path) }
      throw error
    }
    guard let path else { return try name() }
    do {
      guard FolderEntries.change(beside: target, { POSIX.rename(path, target) }) else {
        throw FileSystemError(path: target, errno: POSIX.lastError)
      }
    } catch {
      POSIX.unlink(path)
      throw error
    }
  }

  /// Gives a file with no name its final name. A name only ever goes to a new entry, so a
  /// file already there (a `--force` run, or another run that placed the same photo meanwhile)
  /// is replaced as a rename would: the file is named beside it first, under a hidden name of
  /// this writer's own, locked against a sweep, then renamed over it.
  private func name() throws {
    if FolderEntries.change(beside: target, { POSIX.link(fd, to: target) }) { return }
    guard POSIX.lastError == POSIX.ErrorCode.exists else {
      throw FileSystemError(path: target, errno: POSIX.lastError)
    }
    let writer = "\(ProcessInfo.processInfo.processIdentifier)-\(fd)"
    let hidden = Self.path(for: target, writer: writer)
    guard POSIX.lockExclusively(fd, wait: false) else {
      throw FileSystemError(path: hidden, errno: POSIX.lastError)
    }
    let placed = FolderEntries.change(beside: target) { () -> Bool in
      // A name of this pid and descriptor left behind is a dead process's: its writer is gone.
      if !POSIX.link(fd, to: hidden) {
        guard POSIX.lastError == POSIX.ErrorCode.exists, POSIX.unlink(hidden),
          POSIX.link(fd, to: hidden)
        else { return false }
      }
      return POSIX.rename(hidden, target)
    }
    guard placed else {
      let error = FileSystemError(path: target, errno: POSIX.lastError)
      POSIX.unlink(hidden)
      throw error
    }
  }

  /// Removes the file and closes it: the write was abandoned.
  package func discard() {
    if let path {
      UnfinishedFiles.live.withLock { _ = $0.remove(path) }
      POSIX.unlink(path)
    }
    POSIX.close(fd)
  }

  /// Whether the open file is still the one linked at `path`: a sweep unlinks a file only
  /// while holding its lock, so a file locked and still linked is this writer's for good.
  private static func isStillLinked(_ fd: Int32, at path: String) -> Bool {
    linkedStatus(fd, at: path) != nil
  }

  /// The open file's status when it is still the one linked at `path`, else `nil`.
  private static func linkedStatus(_ fd: Int32, at path: String) -> FileStatus? {
    guard let open = FileStatus.of(descriptor: fd), let named = FileStatus.of(linkAt: path),
      open.isSameFile(as: named), open.links > 0
    else { return nil }
    return open
  }

  /// Removes the temporary files in `folder` (not below it) that no writer holds: what a
  /// killed run left behind. Only names ``isTemporary(_:)`` accepts are looked at.
  package static func sweep(_ folder: URL) {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where isTemporary(name) {
      let path = folder.appendingPathComponent(name).path
      let fd = POSIX.open(path, [.readOnly, .noFollow, .closeOnExec])
      guard fd >= 0 else { continue }
      if POSIX.lockExclusively(fd, wait: false), isStillLinked(fd, at: path) {
        POSIX.unlink(path)
      }
      POSIX.close(fd)
    }
  }
}
