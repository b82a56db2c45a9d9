import LibSQLite

/// One connection to a database file. Not shared between tasks: a command opens its own, and
/// the one task that owns it runs every statement.
public final class SQLiteConnection {
  /// How the file is opened.
  public enum Mode: Sendable {
    /// Read only; the file must exist.
    case readOnly
    /// Read and write; the file is made when it does not exist.
    case readWrite
    /// Read only, a file no one can be writing (its folder is read only): opened as
    /// immutable, so SQLite neither locks it nor looks for the write-ahead log's files, which
    /// it could not make there.
    case immutable
  }

  private let handle: OpaquePointer
  /// The file's path.
  public let path: String

  /// Opens the database at `path`; throws ``SQLiteLibrary/Missing`` without SQLite and
  /// ``SQLiteError`` when the file cannot be opened.
  public init(path: String, mode: Mode) throws {
    try SQLiteLibrary.load()
    // SQLITE_OPEN_READONLY 1, READWRITE 2, CREATE 4; NOMUTEX 0x8000 (one task at a time);
    // NOFOLLOW 0x1000000 is left out: older libraries refuse the flag.
    // URI 0x40: `immutable=1` is said only in a URI.
    let flags: Int32 =
      switch mode {
      case .readOnly: 0x1 | 0x8000
      case .readWrite: 0x2 | 0x4 | 0x8000
      case .immutable: 0x1 | 0x40 | 0x8000
      }
    var opened: OpaquePointer?
    let name = mode == .immutable ? Self.immutableURI(path) : path
    let code = rovers_sqlite_open_v2(name, &opened, flags, nil)
    guard code == 0, let opened else {
      let message =
        opened.flatMap { rovers_sqlite_errmsg($0) }.map { String(cString: $0) }
        ?? "cannot open"
      if let opened { rovers_sqlite_close_v2(opened) }
      throw SQLiteError(code: code, message: message)
    }
    handle = opened
    self.path = path
  }

  deinit { rovers_sqlite_close_v2(handle) }

  /// `file:PATH?immutable=1`, with the three characters a URI would read otherwise escaped; an
  /// absolute path gets the empty host (`file:///…`) so a leading `//` is never read as one.
  static func immutableURI(_ path: String) -> String {
    var escaped = ""
    for character in path {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3F"
      case "#": escaped += "%23"
      default: escaped.append(character)
      }
    }
    return (path.hasPrefix("/") ? "file://" : "file:") + escaped + "?immutable=1"
  }

  /// Waits up to `milliseconds` for another connection's lock before a statement gives up.
  public func waitForLocks(milliseconds: Int) {
    rovers_sqlite_busy_timeout(handle, Int32(clamping: milliseconds))
  }

  /// Runs `sql`, one statement or several separated by `;`, with no values bound.
  public func execute(_ sql: String) throws {
    var rest = Substring(sql)
    while !rest.allSatisfy(\.isWhitespace) {
      let (statement, tail) = try prepareFirst(rest)
      rest = tail
      guard let statement else { continue }
      while try statement.step() {}
    }
  }

  /// A prepared statement of `sql` with `values` bound to its `?` in order.
  public func prepare(_ sql: String, _ values: [SQLiteValue] = []) throws -> SQLiteStatement {
    guard let statement = try prepareFirst(Substring(sql)).statement else {
      throw SQLiteError(code: 21, message: "no statement in the SQL")
    }
    try statement.bind(values)
    return statement
  }

  /// Every row `sql` gives, each as a list of its values.
  public func rows(_ sql: String, _ values: [SQLiteValue] = []) throws -> [[SQLiteValue]] {
    let statement = try prepare(sql, values)
    var rows: [[SQLiteValue]] = []
    while try statement.step() { rows.append(statement.row()) }
    return rows
  }

  /// The first value of the first row `sql` gives; `.null` when it gives none.
  public func value(_ sql: String, _ values: [SQLiteValue] = []) throws -> SQLiteValue {
    let statement = try prepare(sql, values)
    return try statement.step() ? statement.value(at: 0) : .null
  }

  /// Runs `body` in one transaction, taking the write lock at once (`BEGIN IMMEDIATE`): its
  /// changes are all kept or, when it throws, all undone.
  public func transaction<Result>(_ body: () throws -> Result) throws -> Result {
    try execute("BEGIN IMMEDIATE")
    do {
      let result = try body()
      try execute("COMMIT")
      return result
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// The connection's last error.
  func lastError() -> SQLiteError {
    SQLiteError(
      code: rovers_sqlite_extended_errcode(handle),
      message: String(cString: rovers_sqlite_errmsg(handle)))
  }

  /// The first statement of `sql`, prepared (`nil` for only a comment or spaces), and the
  /// text after it.
  private func prepareFirst(_ sql: Substring) throws -> (
    statement: SQLiteStatement?, tail: Substring
  ) {
    var text = String(sql)
    return try text.withUTF8 { bytes in
      try bytes.withMemoryRebound(to: CChar.self) { chars in
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let code = rovers_sqlite_prepare_v2(
          handle, chars.baseAddress, Int32(chars.count), &statement, &tail)
        guard code == 0 else { throw lastError() }
        let used = tail.map { $0 - chars.baseAddress! } ?? chars.count
        let rest = String(decoding: bytes[used...], as: UTF8.self)
        return (statement.map { SQLiteStatement(handle: $0, connection: self) }, Substring(rest))
      }
    }
  }
}
