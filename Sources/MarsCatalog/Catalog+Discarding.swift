import MarsFetching
import SystemInterface

extension Catalog {
  /// Removes the catalogue at `path` when it holds no sol: what a first sync leaves when it
  /// fails before writing one (a dead host, a refused rover), so that an empty file does not
  /// stand in for a catalogue never made. Done holding the writer's lock, so no sync is
  /// writing it; the lock's own file goes last, so nothing is left where no catalogue is.
  /// Whether it was removed.
  @discardableResult
  public static func removeIfEmpty(path: String) -> Bool {
    // No file, nothing to remove (and no lock file made for it: SQLite may not even load).
    guard FileStatus.exists(path), let lock = try? ExclusiveLock(path: path + ".lock") else {
      return false
    }
    return withExtendedLifetime(lock) {
      guard holdsNoSol(path) else { return false }
      POSIX.unlink(path + "-wal")
      POSIX.unlink(path + "-shm")
      let removed = POSIX.unlink(path)
      if removed { lock.remove() }
      return removed
    }
  }

  /// Whether the catalogue at `path` holds no sol; its reader is closed on return, before
  /// any file of it goes.
  private static func holdsNoSol(_ path: String) -> Bool {
    guard let catalog = try? Catalog(path: path, writing: false),
      let sols = try? catalog.connection.value("SELECT count(*) FROM sols").integerValue
    else { return false }
    return sols == 0
  }
}
