import PlainText
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Adds and renames a folder's entries one at a time within the process, sleeping while
/// another thread does.
///
/// The kernel takes a folder's lock to create or rename a file in it, so such changes in one
/// folder happen one at a time whatever the process does; but a thread that finds the lock
/// held spins on it while the holder runs. On ext4 a file's creation can take most of a
/// millisecond (its inode allocator looks past recently deleted ones), and with 8 downloads
/// at once the renames that spun waiting for creations cost 7% of a download's CPU. Waiting
/// here instead costs nothing: the work was one at a time anyway. Folders are spread over a
/// few locks, so different folders rarely wait for each other.
enum FolderEntries {
  private static let locks = (0..<16).map { _ in FolderLock() }

  /// Runs `change`, which adds or renames entries of the folder holding `path`, alone among
  /// this process's changes to that folder.
  static func change<Value>(beside path: String, _ change: () throws -> Value) rethrows -> Value {
    var text = path
    // The folder's bytes, read in place (a native string's are contiguous: no copy).
    let hash = text.withUTF8 { bytes in
      let folder = bytes[..<(bytes.lastIndex(of: UInt8(ascii: "/")) ?? bytes.endIndex)]
      return FNV1a.hash(UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: folder)))
    }
    let lock = locks[Int(hash % UInt64(locks.count))]
    return try lock.holding(change)
  }
}

/// One of ``FolderEntries``' locks: a class, since a `Mutex` cannot be kept in an array.
private final class FolderLock: Sendable {
  private let mutex = Mutex(())

  func holding<Value>(_ body: () throws -> Value) rethrows -> Value {
    try mutex.withLock { _ in try body() }
  }
}
