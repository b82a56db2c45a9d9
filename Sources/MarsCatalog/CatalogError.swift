/// What keeps the catalogue from being read or written, each said in one line.
public enum CatalogError: Error, Sendable, CustomStringConvertible {
  /// The machine has no SQLite.
  case missingLibrary(SQLiteLibrary.Missing)
  /// No catalogue at the path yet.
  case absent(path: String)
  /// The file is not a catalogue, or is damaged.
  case damaged(path: String, SQLiteError)
  /// A newer rovers made the file.
  case newerSchema(path: String, version: Int)
  /// Another sync is writing it.
  case busy(path: String)
  /// The file or its folder cannot be written: read only, full, gone.
  case unwritable(path: String, SQLiteError)
  /// Any other failure of SQLite's.
  case sqlite(path: String, SQLiteError)

  /// The error for what SQLite said while working on the file at `path`.
  public static func from(_ error: SQLiteError, path: String) -> CatalogError {
    if error.isBusy { return .busy(path: path) }
    if error.isCorrupt { return .damaged(path: path, error) }
    if error.isFull || error.isUnwritable { return .unwritable(path: path, error) }
    return .sqlite(path: path, error)
  }

  /// The one line said.
  public var description: String {
    switch self {
    case .missingLibrary(let missing): "\(missing)"
    case .absent(let path):
      "no catalogue at \(path) yet: make one with 'rovers catalog sync'"
    case .damaged(let path, let error):
      "\(path) is not a rovers catalogue or is damaged (\(error.message)); move it away and"
        + " run 'rovers catalog sync'"
    case .newerSchema(let path, let version):
      "\(path) was made by a newer rovers (schema \(version), this one reads"
        + " \(CatalogSchema.version))"
    case .busy(let path):
      "another rovers catalog sync is writing \(path); try again later"
    case .unwritable(let path, let error):
      "cannot write \(path): \(error.message)"
    case .sqlite(let path, let error): "\(path): \(error)"
    }
  }
}
