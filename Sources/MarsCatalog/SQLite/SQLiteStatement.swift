import LibSQLite

/// A prepared statement of one connection: values bound, rows stepped through, reset to run
/// again with other values. Finalized when it goes.
public final class SQLiteStatement {
  private let handle: OpaquePointer
  // Kept so the connection outlives its statements.
  private let connection: SQLiteConnection

  init(handle: OpaquePointer, connection: SQLiteConnection) {
    self.handle = handle
    self.connection = connection
  }

  deinit { rovers_sqlite_finalize(handle) }

  /// Binds `values` to the statement's parameters, the first to `?1`.
  public func bind(_ values: [SQLiteValue]) throws {
    for (offset, value) in values.enumerated() { try bind(value, at: offset) }
  }

  /// Binds `value` to the parameter at `offset` from the first (`?1` is 0): a value of a
  /// row bound whole with ``bind(_:)`` replaced without copying the row.
  public func bind(_ value: SQLiteValue, at offset: Int) throws {
    let index = Int32(offset + 1)
    let code: Int32
    switch value {
    case .null: code = rovers_sqlite_bind_null(handle, index)
    case .integer(let number): code = rovers_sqlite_bind_int64(handle, index, number)
    case .real(let number): code = rovers_sqlite_bind_double(handle, index, number)
    case .text(let text):
      let count = Int32(clamping: text.utf8.count)
      code = text.withCString { rovers_sqlite_bind_text(handle, index, $0, count) }
    }
    guard code == 0 else { throw connection.lastError() }
  }

  /// Ends the statement's run before its last row, so it holds nothing of the file.
  public func reset() { rovers_sqlite_reset(handle) }

  /// Runs the statement with new values: resets it and binds them.
  public func rebind(_ values: [SQLiteValue]) throws {
    rovers_sqlite_reset(handle)
    try bind(values)
  }

  /// Steps to the next row: whether there is one (SQLITE_ROW) or the statement is done
  /// (SQLITE_DONE, and the statement is reset for another run).
  @discardableResult
  public func step() throws -> Bool {
    switch rovers_sqlite_step(handle) {
    case 100: return true
    case 101:
      rovers_sqlite_reset(handle)
      return false
    default:
      let error = connection.lastError()
      rovers_sqlite_reset(handle)
      throw error
    }
  }

  /// How many columns a row has.
  public var columnCount: Int { Int(rovers_sqlite_column_count(handle)) }

  /// The value of column `index` in the current row.
  public func value(at index: Int) -> SQLiteValue {
    let column = Int32(index)
    switch rovers_sqlite_column_type(handle, column) {
    case 1: return .integer(rovers_sqlite_column_int64(handle, column))
    case 2: return .real(rovers_sqlite_column_double(handle, column))
    case 3, 4:
      let count = Int(rovers_sqlite_column_bytes(handle, column))
      guard let text = rovers_sqlite_column_text(handle, column) else { return .text("") }
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    default: return .null
    }
  }

  /// The current row, every column.
  public func row() -> [SQLiteValue] { (0..<columnCount).map(value(at:)) }
}
