import RoverAPI

extension Catalog {
  /// How many photos of one group a search found.
  public struct GroupCount: Sendable, Hashable {
    /// The group: a sol (`curiosity 86`), a camera, a sequence, a site or a mission.
    public var key: String
    /// How many photos are in it.
    public var count: Int

    /// `count` photos in the group `key`.
    public init(key: String, count: Int) {
      self.key = key
      self.count = count
    }
  }

  /// The photos `search` finds, in its order. Each sol is read as one sync wrote it whole: a
  /// read sees the catalogue as of its start, whatever a sync commits meanwhile.
  public func photos(_ search: CatalogSearch) throws(CatalogError) -> [Photo] {
    try guarded {
      let (condition, values) = search.condition
      var sql =
        "SELECT \(CatalogRow.selected) FROM photos JOIN missions ON missions.id = photos.mission"
        + " WHERE \(condition) ORDER BY \(search.ordering)"
      var bound = values
      if let count = search.random ?? search.limit {
        sql += " LIMIT ?"
        bound.append(.integer(count))
      }
      let statement = try connection.prepare(sql, bound)
      var photos: [Photo] = []
      while try statement.step() { photos.append(CatalogRow.photo(from: statement.row())) }
      return photos
    }
  }

  /// How many photos `search` finds.
  public func count(_ search: CatalogSearch) throws(CatalogError) -> Int {
    try guarded {
      let (condition, values) = search.condition
      return try connection.value(
        "SELECT count(*) FROM photos JOIN missions ON missions.id = photos.mission"
          + " WHERE \(condition)", values
      ).integerValue ?? 0
    }
  }

  /// How many photos `search` finds in each group, the groups in order (sols by number).
  public func counts(
    _ search: CatalogSearch, by grouping: CatalogSearch.Grouping
  ) throws(CatalogError) -> [GroupCount] {
    try guarded {
      let (condition, values) = search.condition
      let key = CatalogSearch.key(grouping)
      let order = grouping == .sol ? "missions.name, photos.sol" : "1"
      let rows = try connection.rows(
        "SELECT \(key), count(*) FROM photos JOIN missions ON missions.id = photos.mission"
          + " WHERE \(condition) GROUP BY \(key) ORDER BY \(order)", values)
      return rows.map {
        let key =
          switch $0[0] {
          case .text(let text): text
          case .integer(let number): String(number)
          default: ""
          }
        return GroupCount(key: key, count: $0[1].integerValue ?? 0)
      }
    }
  }
}
