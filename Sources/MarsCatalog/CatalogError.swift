import RoverAPI

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
  /// A mission, or one sol of it, that the catalogue does not hold (`sol` nil: no sol at
  /// all), with the last sol it holds of the mission: asked of `--source catalog`, which
  /// never takes it for a sol without photos.
  case notHeld(path: String, rover: String, sol: Int?, lastSol: Int? = nil)
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
    // Past the last sol held, the catalogue is behind (or the sol is to come): a sync of the
    // mission brings it up to date (an ended mission's has none to add), not one of that sol
    // alone.
    case .notHeld(let path, let rover, let sol?, let last?) where sol > last:
      "the catalogue at \(path) holds \(rover) to sol \(last), not sol \(sol): 'rovers catalog"
        + " sync \(rover)' adds any sols since"
    case .notHeld(let path, let rover, let sol?, _):
      "the catalogue at \(path) does not hold \(rover) sol \(sol): add it with 'rovers catalog"
        + " sync \(rover) --from-sol \(sol) --to-sol \(sol)'"
    case .notHeld(let path, let rover, nil, _):
      "the catalogue at \(path) holds no sol of \(rover): add them with 'rovers catalog sync"
        + " \(rover)'"
    case .sqlite(let path, let error): "\(path): \(error)"
    }
  }
}
