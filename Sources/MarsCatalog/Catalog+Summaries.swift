import RoverAPI

extension Catalog {
  /// `rover` as the catalogue knows it: the mission's facts (its cameras among them), and
  /// its last sol with photos, that sol's Earth day and its photos in all, from the per-sol
  /// counts; `nil` when no sol of it is held.
  public func summary(of rover: CatalogRover) throws(CatalogError) -> Rover? {
    try guarded {
      let name = rover.name
      let row = try connection.rows(
        """
        SELECT max(CASE WHEN sols.photos > 0 THEN sols.sol END), sum(sols.photos), count(*)
        FROM sols JOIN missions ON missions.id = sols.mission WHERE missions.name = ?
        """, [.text(name)]
      ).first
      guard let row, (row[2].integerValue ?? 0) > 0 else { return nil }
      let lastSol = row[0].integerValue ?? 0
      let facts = rover.facts
      return Rover(
        id: facts.id, name: facts.name, landingDate: facts.landingDate,
        launchDate: facts.launchDate, status: facts.status, maxSol: lastSol,
        maxDate: try earthDay(of: name, sol: lastSol) ?? facts.landingDate,
        totalPhotos: row[1].integerValue ?? 0,
        // Every camera it carries, as the API and the feeds list them: one the catalogue
        // holds no photo of yet is still a camera, asked for and found empty.
        cameras: facts.cameras)
    }
  }

  /// Each held sol of `rover` within `sols` that has photos: its count (every sample type),
  /// its cameras and its Earth day, read from the per-sol counts and one photo a sol.
  public func manifestEntries(of rover: String, sols: ClosedRange<Int>) throws(CatalogError)
    -> [ManifestEntry]
  {
    try guarded {
      try connection.rows(
        """
        SELECT sols.sol, sols.photos,
          (SELECT group_concat(camera, ' ') FROM (SELECT DISTINCT camera FROM sol_cameras
            WHERE sol_cameras.mission = sols.mission AND sol_cameras.sol = sols.sol)),
          (SELECT \(CatalogRow.earthDate) FROM photos
            WHERE photos.mission = sols.mission AND photos.sol = sols.sol LIMIT 1)
        FROM sols JOIN missions ON missions.id = sols.mission
        WHERE missions.name = ? AND sols.sol BETWEEN ? AND ? AND sols.photos > 0
        ORDER BY sols.sol
        """,
        [.text(rover.lowercased()), .integer(sols.lowerBound), .integer(sols.upperBound)]
      ).map {
        ManifestEntry(
          sol: $0[0].integerValue ?? 0, earthDate: $0[3].textValue ?? "",
          totalPhotos: $0[1].integerValue ?? 0,
          cameras: ($0[2].textValue ?? "").split(separator: " ").map(String.init))
      }
    }
  }

  /// Whether the catalogue holds `sol` of `rover` whole (a sync wrote it).
  public func holds(_ rover: String, sol: Int) throws(CatalogError) -> Bool {
    try guarded {
      try connection.value(
        """
        SELECT 1 FROM sols JOIN missions ON missions.id = sols.mission
        WHERE missions.name = ? AND sols.sol = ?
        """, [.text(rover.lowercased()), .integer(sol)]
      ).integerValue != nil
    }
  }

  /// The UTC day of a photo of `sol`, as its record gives it.
  private func earthDay(of rover: String, sol: Int) throws -> String? {
    try connection.value(
      """
      SELECT \(CatalogRow.earthDate) FROM photos JOIN missions ON missions.id = photos.mission
      WHERE missions.name = ? AND photos.sol = ? LIMIT 1
      """, [.text(rover), .integer(sol)]
    ).textValue
  }
}
