import LibSQLite

/// The system's SQLite, loaded when the catalogue is first opened, never at start-up.
public enum SQLiteLibrary {
  /// SQLite cannot be loaded on this machine.
  public struct Missing: Error, Sendable, Hashable, CustomStringConvertible {
    /// What to install.
    public var description: String {
      #if os(macOS)
        "the system's SQLite (/usr/lib/libsqlite3.dylib) cannot be loaded"
      #else
        "the catalogue needs SQLite's library (libsqlite3.so.0): install libsqlite3-0"
          + " (Debian, Ubuntu) or sqlite-libs (Fedora)"
      #endif
    }
  }

  /// Loads SQLite once per process; throws ``Missing`` when the machine lacks it.
  public static func load() throws(Missing) {
    guard rovers_sqlite_load() == 0 else { throw Missing() }
  }
}
