import RoverAPI

extension Catalog {
  /// The first photos of a search ordered newest first with a limit, read from the newest
  /// sols alone; `nil` where the whole search must be asked.
  ///
  /// A window of the day, of the mast's pointing or of the seasons keeps a share of nearly
  /// every sol, and an index on those values hands over the window's photos of every sol, all
  /// to be sorted for the newest: a cost that grows with the catalogue. The newest photos that
  /// match are in the newest sols, so the search is asked of the sols that hold 8 times the
  /// limit of its missions' and cameras' photos (by the per-sol counts), then 64 times. Once
  /// it finds the limit there, no photo of an older sol can come before them.
  func newestFirst(
    _ search: CatalogSearch, missions: [Int: String], resolved: Resolved
  ) throws -> [Photo]? {
    guard search.readsNewestSolsFirst, let limit = search.limit, limit > 0, !missions.isEmpty
    else { return nil }
    let instruments = resolved.instruments
    // No camera of the catalogue's matched: the whole search finds nothing, at once.
    if instruments?.isEmpty == true { return nil }
    let (condition, values) = try resolvedCondition(
      search, missions: missions, resolved: resolved, allMissionsNamed: true)
    // The index that gives the sols' photos newest first, for the missions or the cameras.
    let index = instruments == nil ? "photos_by_sol" : "photos_by_instrument"
    let sql =
      "SELECT \(CatalogRow.selected) FROM photos WHERE photos.id IN"
      + " (SELECT photos.id FROM photos INDEXED BY \(index) WHERE \(condition)"
      + " AND photos.sol >= ? ORDER BY \(search.ordering) LIMIT ?) ORDER BY \(search.ordering)"
    // The missions with photos of the cameras: another's sols would be read to no end.
    let counted =
      instruments == nil
      ? resolved.missions ?? missions.keys.sorted() : resolved.instrumentMissions.sorted()
    for share in [8, 64] {
      guard
        let first = try firstSol(
          holding: limit * share, missions: counted, instruments: instruments,
          sols: search.sols)
      else { return nil }
      let photos = try photos(
        sql, values + [.integer(first), .integer(limit)], missions: missions)
      if photos.count == limit { return photos }
    }
    return nil
  }

  /// The newest sol from which on the missions' photos (of `instruments`, within `sols`)
  /// number at least `count`, by the per-sol counts; `nil` when they number fewer in all.
  /// Each mission's sols are read newest first and merged, as far as it takes.
  private func firstSol(
    holding count: Int, missions: [Int], instruments: [String]?, sols: CatalogSearch.Span?
  ) throws -> Int? {
    var sql = "SELECT sol, sum(photos) FROM sol_cameras WHERE mission = ?"
    var values: [SQLiteValue] = []
    if let instruments {
      sql += " AND instrument IN (" + instruments.map { _ in "?" }.joined(separator: ", ") + ")"
      values += instruments.map { .text($0) }
    }
    if let lower = sols?.lower {
      sql += " AND sol >= ?"
      values.append(.real(lower))
    }
    if let upper = sols?.upper {
      sql += " AND sol <= ?"
      values.append(.real(upper))
    }
    sql += " GROUP BY sol ORDER BY sol DESC"
    let cursors = try missions.map { try connection.prepare(sql, [.integer($0)] + values) }
    func next(_ cursor: SQLiteStatement) throws -> (sol: Int, photos: Int)? {
      guard try cursor.step(), let sol = cursor.value(at: 0).integerValue else { return nil }
      return (sol, cursor.value(at: 1).integerValue ?? 0)
    }
    var heads = try cursors.map(next)
    var total = 0
    while let newest = heads.indices.filter({ heads[$0] != nil })
      .max(by: { heads[$0]?.sol ?? 0 < heads[$1]?.sol ?? 0 }),
      let head = heads[newest]
    {
      total += head.photos
      if total >= count { return head.sol }
      heads[newest] = try next(cursors[newest])
    }
    return nil
  }
}
