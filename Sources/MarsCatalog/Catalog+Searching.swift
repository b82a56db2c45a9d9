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

  /// The photos `search` finds, in its order. A read sees the catalogue as of its start, so
  /// each sol as one sync wrote it whole, whatever a sync commits meanwhile.
  public func photos(_ search: CatalogSearch) throws(CatalogError) -> [Photo] {
    try guarded {
      let missions = try missionNames()
      let resolved = try resolved(search, missions: missions)
      if let newest = try newestFirst(search, missions: missions, resolved: resolved) {
        return newest
      }
      let query = try query(search, missions: missions, resolved: resolved)
      return try photos(query.sql, query.values, missions: missions)
    }
  }

  /// The SQL that lists the photos `search` finds (``CatalogRow/selected``), in its order,
  /// with their numbers last if `numbered`; or only their numbers, missions and whether they
  /// have a feed's number (``numberedColumns``).
  func query(
    _ search: CatalogSearch, missions: [Int: String], resolved: Resolved,
    numbersOnly: Bool = false, numbered: Bool = false
  ) throws -> (sql: String, values: [SQLiteValue]) {
    // Sols without a camera: every mission is named, so that the range is read by the index
    // on (mission, sol), a range of each, rather than every photo tested. (A camera's photos
    // are read by its own index; without sols, naming them all would lead the planner to
    // read every photo by that index, not a place by its own.)
    let (condition, values) = try resolvedCondition(
      search, missions: missions, resolved: resolved,
      allMissionsNamed: resolved.instruments == nil && search.sols != nil)
    let source = search.words.isEmpty ? "photos" : CatalogRow.joined
    let columns =
      numbersOnly
      ? Self.numberedColumns : CatalogRow.selected + (numbered ? ", photos.id" : "")
    guard let count = search.random ?? search.limit else {
      return (
        "SELECT \(columns) FROM \(source) WHERE \(condition) ORDER BY \(search.ordering)", values
      )
    }
    // The few rows picked first by their numbers alone, which an index can give without
    // reading a row; then only those rows are read whole.
    let sql =
      "SELECT \(columns) FROM photos WHERE photos.id IN"
      + " (SELECT photos.id FROM \(source) WHERE \(condition) ORDER BY \(search.ordering)"
      + " LIMIT ?) ORDER BY \(search.random == nil ? search.ordering : "random()")"
    return (sql, values + [.integer(count)])
  }

  /// What a search lists of each photo when it lists no more than their numbers.
  static let numberedColumns = "photos.id, photos.mission, photos.feed_id IS NOT NULL"

  /// The photos of the rows `sql` selects (``CatalogRow/selected``), in their order.
  func photos(_ sql: String, _ values: [SQLiteValue], missions: [Int: String]) throws
    -> [Photo]
  {
    var reader = try PhotoReader(self, missions: missions)
    let statement = try connection.prepare(sql, values)
    var photos: [Photo] = []
    while try statement.step() { photos.append(try reader.photo(statement.row())) }
    return photos
  }

  /// Makes photos of rows of ``CatalogRow/selected``: the addresses read once, and each title
  /// and caption read by its number once (``CatalogTextMemo``).
  struct PhotoReader {
    private let missions: [Int: String]
    private let rovers: [Int: CatalogRover]
    private let addresses: [Int: CatalogRow.Address]
    private var texts: CatalogTextMemo

    init(_ catalog: Catalog, missions: [Int: String]) throws {
      self.missions = missions
      rovers = CatalogRow.missionRovers(missions)
      addresses = Dictionary(
        uniqueKeysWithValues: try catalog.addressNumbers().map { ($0.value, $0.key) })
      let readText = try catalog.connection.prepare(
        "SELECT text, templated FROM texts WHERE id = ?")
      texts = CatalogTextMemo { number in
        try readText.rebind([.integer(number)])
        defer { readText.reset() }
        guard try readText.step(), let text = readText.value(at: 0).textValue else { return nil }
        return (text, readText.value(at: 1).integerValue == 1)
      }
    }

    /// The photo of `row`.
    mutating func photo(_ row: [SQLiteValue]) throws -> Photo {
      try CatalogRow.photo(
        from: row, missions: missions, rovers: rovers, addresses: addresses, texts: &texts)
    }
  }

  /// How many photos `search` finds.
  public func count(_ search: CatalogSearch) throws(CatalogError) -> Int {
    try guarded {
      let missions = try missionNames()
      let perSol = search.isCountedBySol
      let (condition, values) = try resolvedCondition(search, missions: missions, perSol: perSol)
      let sql =
        perSol
        ? "SELECT sum(photos) FROM \(search.countedFrom) WHERE \(condition)"
        : "SELECT count(*) FROM \(search.words.isEmpty ? "photos" : CatalogRow.joined)"
          + " WHERE \(condition)"
      return try connection.value(sql, values).integerValue ?? 0
    }
  }

  /// How many photos `search` finds in each group, the groups in order (sols by number).
  public func counts(
    _ search: CatalogSearch, by grouping: CatalogSearch.Grouping
  ) throws(CatalogError) -> [GroupCount] {
    try guarded {
      let missions = try missionNames()
      // A sequence or a site is known only to the photos, a sol to the per-sol counts.
      let perSol = search.isCountedBySol && ![.sequence, .site].contains(grouping)
      let source =
        grouping == .sol && search.sols == nil ? "sol_cameras AS photos" : search.countedFrom
      let (condition, values) = try resolvedCondition(search, missions: missions, perSol: perSol)
      let key = CatalogSearch.key(grouping)
      let sql =
        perSol
        ? "SELECT \(key), sum(photos) FROM \(source) WHERE \(condition)"
          + " GROUP BY \(key)"
        : "SELECT \(key), count(*) FROM \(search.words.isEmpty ? "photos" : CatalogRow.joined)"
          + " WHERE \(condition) GROUP BY \(key)"
      let rows = try connection.rows(sql + " ORDER BY \(key)", values)
      let counts = rows.map { row in
        let name = { (value: SQLiteValue) in
          switch value {
          case .text(let text): text
          case .integer(let number): String(number)
          default: ""
          }
        }
        switch grouping {
        case .sol:
          let mission = missions[row[0].integerValue ?? 0] ?? ""
          return GroupCount(key: "\(mission) \(name(row[1]))", count: row[2].integerValue ?? 0)
        case .rover:
          let mission = missions[row[0].integerValue ?? 0] ?? ""
          return GroupCount(key: mission, count: row[1].integerValue ?? 0)
        default:
          return GroupCount(key: name(row[0]), count: row[1].integerValue ?? 0)
        }
      }
      // Missions are numbered as first synced; they are listed by name.
      return grouping == .rover ? counts.sorted { $0.key < $1.key } : counts
    }
  }

  /// The missions' names by number.
  func missionNames() throws -> [Int: String] {
    var names: [Int: String] = [:]
    for row in try connection.rows("SELECT id, name FROM missions") {
      if let id = row[0].integerValue, let name = row[1].textValue { names[id] = name }
    }
    return names
  }

  /// The search's condition with its rovers and cameras resolved, through the small tables,
  /// to mission numbers and instruments: what the indexes are on. `resolved` is the search's rovers and cameras when the caller has them already;
  /// `allMissionsNamed` names every mission when the search names none, so that the index on
  /// (mission, sol) reads a range of each.
  func resolvedCondition(
    _ search: CatalogSearch, missions: [Int: String], resolved: Resolved? = nil,
    perSol: Bool = false, allMissionsNamed: Bool = false
  ) throws -> (sql: String, values: [SQLiteValue]) {
    let resolved = try resolved ?? self.resolved(search, missions: missions)
    let named = resolved.missions ?? (allMissionsNamed ? missions.keys.sorted() : nil)
    // Missions by number, as the photos name them; a mission the catalogue lacks has none.
    let numbers = Dictionary(missions.map { ($0.value, $0.key) }) { first, _ in first }
    let missionSols = search.missionSols.map { spans in
      Dictionary(
        spans.compactMap { name, spans in numbers[name].map { ($0, spans) } }
      ) { first, _ in first }
    }
    return search.condition(
      missions: named, instruments: resolved.instruments, missionSols: missionSols,
      eras: try eras(of: search), wordTexts: try wordTexts(of: search), perSol: perSol)
  }

  /// Where each word of the search's text can be among the catalogue's titles and captions;
  /// `nil` for a search without words.
  private func wordTexts(of search: CatalogSearch) throws -> [CatalogWordTexts]? {
    guard !search.words.isEmpty else { return nil }
    let texts = try connection.rows("SELECT id, lower(text), templated FROM texts").compactMap {
      row -> CatalogWordTexts.Text? in
      guard let id = row[0].integerValue, let text = row[1].textValue else { return nil }
      return .init(id: id, lowered: Array(text.utf8), templated: row[2].integerValue == 1)
    }
    return search.words.map { CatalogWordTexts(word: $0.lowercased(), texts: texts) }
  }

  /// The eras (``CatalogSchema/era``) of the sols held within the search's, when it has a
  /// window of pointing or time of day to read by them.
  private func eras(of search: CatalogSearch) throws -> ClosedRange<Int>? {
    guard search.azimuth != nil || search.lmst != nil,
      let last = try connection.value("SELECT max(sol) FROM sols").integerValue
    else { return nil }
    let first = max(0, Int((search.sols?.lower ?? 0).rounded(.up)))
    let upper = search.sols?.upper.map { Int($0.rounded(.down)) } ?? last
    guard first <= min(last, upper) else { return nil }
    return (first / CatalogSchema.eraSols)...(min(last, upper) / CatalogSchema.eraSols)
  }

  /// A search's rovers and cameras as the photos name them, read from the small tables once.
  struct Resolved {
    /// The missions' numbers; `nil` for every mission.
    var missions: [Int]?
    /// The instruments the cameras name; `nil` for every camera.
    var instruments: [String]?
    /// The missions (of those asked) that have photos of those instruments.
    var instrumentMissions: Set<Int> = []
  }

  /// The search's rovers and cameras as the photos name them.
  func resolved(_ search: CatalogSearch, missions: [Int: String]) throws -> Resolved {
    var resolved = Resolved()
    resolved.missions =
      search.rovers.isEmpty
      ? nil : missions.filter { search.rovers.contains($0.value) }.keys.sorted()
    if !search.cameras.isEmpty {
      var found = Set<String>()
      for row in try connection.rows("SELECT mission, instrument, camera FROM cameras") {
        guard let mission = row[0].integerValue, resolved.missions?.contains(mission) ?? true,
          let instrument = row[1].textValue, let camera = row[2].textValue
        else { continue }
        if search.cameras.contains(where: {
          CatalogSearch.names($0, instrument: instrument, camera: camera)
        }) {
          found.insert(instrument)
          resolved.instrumentMissions.insert(mission)
        }
      }
      resolved.instruments = found.sorted()
    }
    return resolved
  }
}
