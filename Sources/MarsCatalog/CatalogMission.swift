/// What the catalogue holds of one mission, as `rovers catalog` prints it.
public struct CatalogMission: Sendable, Hashable {
  /// The mission, lower case.
  public var name: String
  /// Its photos.
  public var photos: Int
  /// Its sols synced, those without photos included.
  public var sols: Int
  /// Its last sol synced; `nil` before any.
  public var lastSol: Int?
  /// When a sync of it last finished, UTC; `nil` before any finished.
  public var syncedAt: String?

}

extension Catalog {
  /// Each mission the catalogue holds, by name: counted from its sols, not its photos, so
  /// the answer is as quick at a million rows as at none.
  public func missions() throws(CatalogError) -> [CatalogMission] {
    try guarded {
      try connection.rows(
        """
        SELECT missions.name, coalesce(sum(sols.photos), 0), count(sols.sol), max(sols.sol),
          missions.synced_at
        FROM missions LEFT JOIN sols ON sols.mission = missions.id
        GROUP BY missions.id ORDER BY missions.name
        """
      ).map {
        CatalogMission(
          name: $0[0].textValue ?? "", photos: $0[1].integerValue ?? 0,
          sols: $0[2].integerValue ?? 0, lastSol: $0[3].integerValue, syncedAt: $0[4].textValue)
      }
    }
  }
}
