import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps the cache folder small: once a run, at its first write, expired answers are removed,
/// and then the oldest files until the folder is under its size. A nightly sync would
/// otherwise keep every day's answers for ever.
///
/// Once a run, not once a write: the walk costs a look at every file's status (never its
/// contents: an entry's modification time is its expiry), and a run's cost follows its new
/// work.
final class CachePruning: Sendable {
  /// The folder.
  let folder: URL
  /// The most bytes the folder keeps.
  let maxBytes: Int
  private let now: @Sendable () -> Date
  private let done = Mutex(false)

  /// The files the cache writes: answers, kept maps and their downloads.
  static let suffixes = [".cache", ".map", ".part", ".part-of"]

  init(folder: URL, maxBytes: Int, now: @escaping @Sendable () -> Date) {
    self.folder = folder
    self.maxBytes = maxBytes
    self.now = now
  }

  /// Prunes the folder, the first time it is called; `keeping` (the file just written) stays.
  func pruneOnce(keeping: String) {
    let first = done.withLock { done in
      defer { done = true }
      return !done
    }
    guard first else { return }
    prune(keeping: keeping)
  }

  /// Removes expired answers, then the oldest files while the folder is over its size.
  func prune(keeping: String? = nil) {
    guard let names = POSIX.names(inFolder: folder.path) else { return }
    let time = now().timeIntervalSince1970
    var kept: [(path: String, size: Int, written: Double)] = []
    for name in names where Self.suffixes.contains(where: name.hasSuffix) {
      let path = folder.appendingPathComponent(name).path
      guard let status = FileStatus.of(path), status.kind == .file else { continue }
      // An answer's modification time is when it expires (an entry of an older version,
      // stamped when written, is expired too); its change time, when it was written.
      if name.hasSuffix(".cache"), path != keeping, status.modified <= time {
        _ = POSIX.unlink(path)
        continue
      }
      kept.append((path, status.size, status.changed))
    }
    var total = kept.reduce(0) { $0 + $1.size }
    guard total > maxBytes else { return }
    for file in kept.sorted(by: { $0.written < $1.written }) where file.path != keeping {
      guard total > maxBytes else { break }
      if POSIX.unlink(file.path) { total -= file.size }
    }
  }
}
