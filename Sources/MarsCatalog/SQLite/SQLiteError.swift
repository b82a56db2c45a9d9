/// What SQLite said when a call failed: its extended result code and its message.
public struct SQLiteError: Error, Sendable, Hashable, CustomStringConvertible {
  /// SQLite's extended result code; its low byte is the primary code.
  public var code: Int32
  /// SQLite's own words.
  public var message: String

  /// An error of `code` saying `message`.
  public init(code: Int32, message: String) {
    self.code = code
    self.message = message
  }

  /// SQLite's primary result code.
  public var primaryCode: Int32 { code & 0xFF }

  /// Another connection holds the write lock (SQLITE_BUSY) or the table (SQLITE_LOCKED).
  public var isBusy: Bool { primaryCode == 5 || primaryCode == 6 }
  /// The file is not a database, or is damaged (SQLITE_NOTADB, SQLITE_CORRUPT).
  public var isCorrupt: Bool { primaryCode == 26 || primaryCode == 11 }
  /// The disk is full (SQLITE_FULL).
  public var isFull: Bool { primaryCode == 13 }
  /// The file or its folder cannot be written or opened (SQLITE_READONLY, SQLITE_CANTOPEN,
  /// SQLITE_PERM, SQLITE_IOERR).
  public var isUnwritable: Bool { [8, 14, 3, 10].contains(primaryCode) }

  /// `SQLite: <message> (code N)`.
  public var description: String { "\(message) (SQLite code \(code))" }
}
