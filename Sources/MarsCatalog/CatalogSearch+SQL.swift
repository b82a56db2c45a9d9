extension CatalogSearch {
  /// The search's WHERE clause over `photos JOIN missions` and the values of its `?`s, in
  /// order; `1` for a search that keeps every photo. Values are always bound, never written
  /// into the SQL, so quotes and SQL in a search are only text.
  var condition: (sql: String, values: [SQLiteValue]) {
    var clauses: [String] = []
    var values: [SQLiteValue] = []
    func anyOf(_ items: [String], _ clause: (String) -> (String, [SQLiteValue])) {
      guard !items.isEmpty else { return }
      let parts = items.map(clause)
      clauses.append("(" + parts.map(\.0).joined(separator: " OR ") + ")")
      values += parts.flatMap(\.1)
    }
    func within(_ column: String, _ span: Span?) {
      guard let span else { return }
      if span.wraps, let lower = span.lower, let upper = span.upper {
        clauses.append("(\(column) >= ? OR \(column) <= ?)")
        values += [.real(lower), .real(upper)]
        return
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
    anyOf(rovers) { ("missions.name = ?", [.text($0.lowercased())]) }
    // A camera, a family of instruments (NAVCAM: NAVCAM_LEFT…) or an exact instrument.
    anyOf(cameras) {
      let name = $0.uppercased()
      return (
        "photos.camera = ? OR upper(instrument) = ? OR instrument LIKE ? ESCAPE '\\'",
        [.text(name), .text(name), .text(Self.likeEscaped(name) + "\\_%")]
      )
    }
    within("photos.sol", sols)
    if let fromEarthDate {
      clauses.append("earth_date >= ?")
      values.append(.text(fromEarthDate))
    }
    if let toEarthDate {
      clauses.append("earth_date <= ?")
      values.append(.text(toEarthDate))
    }
    within("lmst", lmst)
    within("ls", solarLongitude)
    within("mast_az", azimuth)
    within("mast_el", elevation)
    within("site", site)
    within("drive", drive)
    anyOf(sampleTypes) { ("sample_type = ?", [.text($0.lowercased())]) }
    within("width", width)
    within("height", height)
    anyOf(filters) { ("lower(filter) = ?", [.text($0.lowercased())]) }
    anyOf(sequences) { ("sequence = ?", [.text($0.uppercased())]) }
    for word in words {
      clauses.append(
        "instr(lower(coalesce(title, '') || ' ' || coalesce(caption, '')), ?) > 0")
      values.append(.text(word.lowercased()))
    }
    anyOf(nasaIDs) {
      let pattern = $0.uppercased()
      return pattern.contains(where: { $0 == "*" || $0 == "?" })
        ? ("upper(nasa_id) GLOB ?", [.text(pattern)])
        : ("instr(upper(nasa_id), ?) > 0", [.text(pattern)])
    }
    return (clauses.isEmpty ? "1" : clauses.joined(separator: " AND "), values)
  }

  /// The ORDER BY of ``order``, or a random pick.
  var ordering: String {
    if random != nil { return "random()" }
    switch order {
    case .sol: return "photos.mission, photos.sol, photos.camera, nasa_id"
    case .newest: return "photos.sol DESC, lmst DESC, nasa_id"
    case .lmst: return "lmst, photos.mission, photos.sol, nasa_id"
    case .azimuth: return "mast_az, photos.mission, photos.sol, nasa_id"
    case .season: return "ls, photos.mission, photos.sol, nasa_id"
    }
  }

  /// The expression photos are counted by.
  static func key(_ grouping: Grouping) -> String {
    switch grouping {
    case .sol: "missions.name || ' ' || photos.sol"
    case .camera: "photos.camera"
    case .sequence: "coalesce(sequence, '')"
    case .site: "coalesce(site, '')"
    case .rover: "missions.name"
    }
  }

  /// `text` with LIKE's wildcards and its escape taken literally.
  private static func likeEscaped(_ text: String) -> String {
    String(text.flatMap { "\\%_".contains($0) ? ["\\", $0] : [$0] })
  }
}
