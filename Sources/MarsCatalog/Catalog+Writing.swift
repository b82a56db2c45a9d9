import RoverAPI

extension Catalog {
  /// Replaces what the catalogue holds of one sol with `photos`, in one transaction: a run
  /// killed at any moment leaves the sol as it was or whole, never in part.
  public func write(
    sol: Int, of rover: String, photos: [Photo], at time: String
  ) throws(CatalogError) {
    try guarded {
      try connection.transaction {
        let mission = try missionNumber(rover)
        try connection.prepare(
          "DELETE FROM photos WHERE mission = ? AND sol = ?", [.integer(mission), .integer(sol)]
        ).step()
        let insert = try connection.prepare(Self.insertSQL)
        for photo in photos {
          try insert.rebind(CatalogRow.values(of: photo, mission: mission))
          try insert.step()
        }
        try connection.prepare(
          "INSERT OR REPLACE INTO sols (mission, sol, photos, synced_at) VALUES (?, ?, ?, ?)",
          [.integer(mission), .integer(sol), .integer(photos.count), .text(time)]
        ).step()
      }
    }
  }

  /// Notes that a sync of `rover` finished at `time`.
  public func noteSynced(_ rover: String, at time: String) throws(CatalogError) {
    try guarded {
      let mission = try missionNumber(rover)
      try connection.prepare(
        "UPDATE missions SET synced_at = ? WHERE id = ?", [.text(time), .integer(mission)]
      ).step()
    }
  }

  /// Moves what the write-ahead log holds into the file and empties the log, so the log does
  /// not grow from sync to sync.
  public func checkpoint() throws(CatalogError) {
    try guarded { try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
  }

  /// The INSERT of one photo, its columns named once by the schema.
  private static let insertSQL: String = {
    let names = CatalogSchema.writtenColumns.map(\.name)
    let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
    return "INSERT INTO photos (\(names.joined(separator: ", "))) VALUES (\(marks))"
  }()
}
