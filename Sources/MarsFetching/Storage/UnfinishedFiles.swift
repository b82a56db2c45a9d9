import Synchronization
import SystemInterface

/// The temporary files being written right now, so that a process quitting at once (SIGQUIT,
/// which cannot wait for its tasks to unwind) still leaves none behind.
public enum UnfinishedFiles {
  static let live = Mutex<Set<String>>([])

  /// Removes every temporary file still being written: the last thing a quitting process does.
  public static func removeAll() {
    for path in live.withLock({ $0 }) { POSIX.unlink(path) }
  }
}
