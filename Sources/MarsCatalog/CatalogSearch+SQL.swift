import MarsFetching

extension CatalogSearch {
  /// Where a count of the search's photos is answered: the missions' totals by instrument
  /// (`cameras`) when it asks only for missions and cameras, the per-sol counts
  /// (`sol_cameras`) when it asks for sols too, else the photos.
  var countedFrom: String {
    guard isCountedBySol else { return "photos" }
    return sols == nil ? "cameras AS photos" : "sol_cameras AS photos"
  }

  /// Whether the search asks only what the per-sol counts (`sol_cameras`) know: missions,
  /// sols and cameras. Such a search is counted from them, not from the photos.
  var isCountedBySol: Bool {
    var bare = CatalogSearch()
    bare.rovers = rovers
    bare.cameras = cameras
    bare.sols = sols
    bare.order = order
    bare.limit = limit
    bare.random = random
    return bare == self
  }

  /// Whether the newest photos that match are sought among the newest sols' first
  /// (``Catalog/newestFirst(_:missions:resolved:)``): newest first with a limit, and only
  /// filters that keep a share of every sol (times of day, pointing, seasons, sizes, sample
  /// types, filters), none that keep a few sols or photos (places, sequences, names, words,
  /// pairs, days), which their own indexes or a whole read find better.
  var readsNewestSolsFirst: Bool {
    guard order == .newest, limit != nil, random == nil else { return false }
    return site == nil && drive == nil && sequences.isEmpty && nasaIDs.isEmpty && words.isEmpty
      && missionSols == nil && !stereo && fromEarthDate == nil && toEarthDate == nil
  }

  /// The search's WHERE clause over the photos (or, with `perSol`, over `sol_cameras`) and
  /// the values of its `?`s, in order; `1` for a search that keeps every photo. The rovers
  /// and cameras come resolved: `missions` the missions' numbers, `instruments` the
  /// instruments the cameras name (`nil` for no such filter), `eras` those of the sols the
  /// catalogue holds within the search's (``CatalogSchema/era``), by which the pointing and
  /// time-of-day indexes are read. Values are always bound, never written into the SQL, so
  /// quotes and SQL in a search are only text.
  func condition(
    missions: [Int]?, instruments: [String]?, missionSols: [Int: [ClosedRange<Int>]]? = nil,
    eras: ClosedRange<Int>? = nil, wordTexts: [CatalogWordTexts]? = nil, perSol: Bool = false
  ) -> (sql: String, values: [SQLiteValue]) {
    var clauses: [String] = []
    var values: [SQLiteValue] = []
    // An instrument's eras, which lead the pointing and time-of-day indexes: a window read by
    // one is a seek per instrument and era. A window through north or midnight is two, each
    // with them, so that each half is read by the index.
    var lead: (sql: String, values: [SQLiteValue])?
    if !perSol, let instruments, let eras, azimuth != nil || lmst != nil {
      lead = (
        "instrument IN (\(Self.marks(instruments.count))) AND \(CatalogSchema.era)"
          + " IN (\(Self.marks(eras.count)))",
        instruments.map { .text($0) } + eras.map { .integer($0) }
      )
    }
    func anyOf(_ items: [String], _ clause: (String) -> (String, [SQLiteValue])) {
      guard !items.isEmpty else { return }
      let parts = items.map(clause)
      clauses.append("(" + parts.map(\.0).joined(separator: " OR ") + ")")
      values += parts.flatMap(\.1)
    }
    func within(_ column: String, _ span: Span?, led: Bool = false) {
      guard let span else { return }
      if span.wraps, let lower = span.lower, let upper = span.upper {
        if led, let lead {
          clauses.append("((\(lead.sql) AND \(column) >= ?) OR (\(lead.sql) AND \(column) <= ?))")
          values += lead.values + [.real(lower)] + lead.values + [.real(upper)]
          return
        }
        clauses.append("(\(column) >= ? OR \(column) <= ?)")
        values += [.real(lower), .real(upper)]
        return
      }
      if led, let lead {
        clauses.append(lead.sql)
        values += lead.values
      }
      if let lower = span.lower {
        clauses.append("\(column) >= ?")
        values.append(.real(lower))
      }
      if let upper = span.upper {
        clauses.append("\(column) <= ?")
        values.append(.real(upper))
      }
    }
    func oneOf(_ column: String, _ items: [SQLiteValue]?) {
      guard let items else { return }
      clauses.append("\(column) IN (\(Self.marks(items.count)))")
      values += items
    }
    oneOf("mission", missions.map { $0.map { .integer($0) } })
    // With a lead, the instruments are in it: a window through north is planned as the two
    // halves only when nothing outside them names the instruments.
    if lead == nil { oneOf("instrument", instruments.map { $0.map { .text($0) } }) }
    // Over more than one era, the sols only bound what the lead's eras read: `+sol` keeps
    // the planner, which cannot see how few photos a window keeps, from reading every photo
    // of the instruments' sols by their own index and testing each one's pointing or time.
    within(lead != nil && (eras?.count ?? 0) > 1 ? "+sol" : "sol", sols)
    if let missionSols {
      // Each mission's own sols: the index on (mission, sol) reads only those.
      let spans = missionSols.sorted { $0.key < $1.key }.flatMap { mission, spans in
        spans.map { (mission, $0) }
      }
      clauses.append(
        "("
          + (spans.isEmpty
            ? "0"
            : spans.map { _ in "(mission = ? AND sol BETWEEN ? AND ?)" }.joined(separator: " OR "))
          + ")")
      for (mission, span) in spans {
        values += [.integer(mission), .integer(span.lowerBound), .integer(span.upperBound)]
      }
    }
    if perSol { return (clauses.isEmpty ? "1" : clauses.joined(separator: " AND "), values) }
    if let fromEarthDate {
      clauses.append("\(CatalogRow.earthDate) >= ?")
      values.append(.text(fromEarthDate))
    }
    if let toEarthDate {
      clauses.append("\(CatalogRow.earthDate) <= ?")
      values.append(.text(toEarthDate))
    }
    within("lmst", lmst, led: true)
    within("ls", solarLongitude)
    within("mast_az", azimuth, led: true)
    within("mast_el", elevation)
    within("site", site)
    within("drive", drive)
    anyOf(sampleTypes) { ("sample_type = ?", [.text($0.lowercased())]) }
    within("width", width)
    within("height", height)
    anyOf(filters) { ("lower(filter) = ?", [.text($0.lowercased())]) }
    anyOf(sequences) { ("sequence = ?", [.text($0.uppercased())]) }
    for (index, word) in words.enumerated() {
      let found = "instr(\(CatalogRow.words), ?) > 0"
      let word = SQLiteValue.text(word.lowercased())
      guard let places = wordTexts?[index] else {
        clauses.append(found)
        values.append(word)
        continue
      }
      // Photos by their texts' numbers (integers from the file, written in), and only those
      // whose own copy may hold the word looked at whole.
      func ofTexts(_ numbers: [Int]) -> String {
        let list = numbers.map(String.init).joined(separator: ", ")
        return "(photos.title IN (\(list)) OR photos.caption IN (\(list)))"
      }
      var ways: [String] = []
      if !places.certain.isEmpty { ways.append(ofTexts(places.certain)) }
      if !places.possible.isEmpty {
        ways.append("(\(ofTexts(places.possible)) AND \(found))")
        values.append(word)
      }
      if !places.timed.isEmpty {
        ways.append(
          "(\(ofTexts(places.timed)) AND NOT coalesce(photos.date_taken GLOB"
            + " '\(Self.wellFormedTime)', 0) AND \(found))")
        values.append(word)
      }
      clauses.append(ways.isEmpty ? "0" : "(" + ways.joined(separator: " OR ") + ")")
    }
    if stereo {
      let partner = Self.hasPartner(missions: missions, sols: sols)
      clauses.append(partner.sql)
      values += partner.values
    }
    anyOf(nasaIDs) {
      let pattern = $0.uppercased()
      return pattern.contains(where: { $0 == "*" || $0 == "?" })
        ? ("upper(nasa_id) GLOB ?", [.text(pattern)])
        : ("instr(upper(nasa_id), ?) > 0", [.text(pattern)])
    }
    return (clauses.isEmpty ? "1" : clauses.joined(separator: " AND "), values)
  }

  /// Whether a photo's other eye is in the catalogue: a frame of the same mission and sol
  /// whose name is the photo's with the eye's letter turned (``StereoPairing``'s engineering
  /// naming; Curiosity's Mastcam eyes are told apart by more than a letter, and are left out as
  /// `rovers stereo` leaves them out unless asked), and the values of its `?`s.
  ///
  /// The other eyes' names are listed once, of the search's missions and sols alone (both
  /// eyes are of one mission and sol), and each photo is looked up among them: asking, photo
  /// by photo, whether its sol holds its other eye read each sol once for each of its photos
  /// (40 s for a whole mission of 300 photos a sol).
  static func hasPartner(missions: [Int]?, sols: Span?) -> (sql: String, values: [SQLiteValue]) {
    let eye = StereoPairing.engineeringEye + 1
    let cameras = StereoPairing.engineeringCameras.sorted().map { "'\($0)'" }
      .joined(separator: ", ")
    let partner =
      "substr(nasa_id, 1, \(eye - 1)) || CASE substr(nasa_id, \(eye), 1)"
      + " WHEN 'L' THEN 'R' ELSE 'L' END || substr(nasa_id, \(eye + 1))"
    var eyes = [
      "length(nasa_id) >= 4", "substr(nasa_id, 1, 1) IN (\(cameras))",
      "substr(nasa_id, \(eye), 1) IN ('L', 'R')",
    ]
    var values: [SQLiteValue] = []
    if let missions {
      eyes.append("mission IN (\(marks(missions.count)))")
      values += missions.map { .integer($0) }
    } else if sols != nil {
      // Every mission named, so that the sols are read by the index on (mission, sol).
      eyes.append("mission IN (SELECT id FROM missions)")
    }
    if let lower = sols?.lower {
      eyes.append("sol >= ?")
      values.append(.real(lower))
    }
    if let upper = sols?.upper {
      eyes.append("sol <= ?")
      values.append(.real(upper))
    }
    return (
      "(photos.mission, photos.sol, photos.nasa_id) IN (SELECT mission, sol, \(partner)"
        + " FROM photos WHERE \(eyes.joined(separator: " AND ")))",
      values
    )
  }

  /// A time as the feeds write it, `2026-08-30T12:34:56…`, as a GLOB pattern: what the marks
  /// of time write of it is known (``CatalogWordTexts``).
  static let wellFormedTime =
    "[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T[0-9][0-9]:[0-9][0-9]:[0-9][0-9]*"

  /// `count` marks for bound values, `?, ?, ?`.
  static func marks(_ count: Int) -> String {
    Array(repeating: "?", count: count).joined(separator: ", ")
  }

  /// The ORDER BY of ``order``, or a random pick.
  var ordering: String {
    if random != nil { return "random()" }
    switch order {
    case .sol: return "photos.mission, photos.sol, photos.id"
    case .newest: return "photos.sol DESC, lmst DESC, photos.id"
    case .lmst: return "lmst, photos.sol, photos.id"
    case .azimuth: return "mast_az, photos.sol, photos.id"
    case .season: return "ls, photos.sol, photos.id"
    }
  }

  /// The columns photos are counted by, in the photos table and in `sol_cameras` alike
  /// (a sequence and a site only in the photos).
  static func key(_ grouping: Grouping) -> String {
    switch grouping {
    case .sol: "photos.mission, photos.sol"
    case .camera: "photos.camera"
    case .sequence: "coalesce(photos.sequence, '')"
    case .site: "coalesce(photos.site, '')"
    case .rover: "photos.mission"
    }
  }

  /// Whether a camera term (`NAVCAM`, `navcam`, `NAV_LEFT_B`) names an instrument of camera
  /// `camera`: the camera itself, the instrument itself, or a family of it (`NAVCAM_LEFT`).
  static func names(_ term: String, instrument: String, camera: String) -> Bool {
    let term = term.uppercased()
    let instrument = instrument.uppercased()
    return camera.uppercased() == term || instrument == term || instrument.hasPrefix(term + "_")
  }
}
