import RoverAPI

extension Catalog {
  /// One sol's photos, to write.
  public struct SolPhotos: Sendable {
    /// The sol.
    public var sol: Int
    /// Every photo of it.
    public var photos: [Photo]

    /// `photos`, all of `sol`.
    public init(sol: Int, photos: [Photo]) {
      self.sol = sol
      self.photos = photos
    }
  }

  /// Replaces what the catalogue holds of one sol with `photos`, in one transaction: a run
  /// killed at any moment leaves the sol as it was or whole, never in part.
  public func write(
    sol: Int, of rover: String, photos: [Photo], at time: String
  ) throws(CatalogError) {
    try write([SolPhotos(sol: sol, photos: photos)], of: rover, at: time)
  }

  /// Replaces what the catalogue holds of each of `sols`, all in one transaction: a run
  /// killed at any moment leaves each sol as it was or whole.
  public func write(_ sols: [SolPhotos], of rover: String, at time: String) throws(CatalogError) {
    try write(sols.map(PreparedSol.init), of: rover, at: time)
  }

  /// Replaces what the catalogue holds of each of `sols`, made ready, all in one transaction:
  /// a run killed at any moment leaves each sol as it was or whole. A sync writes a few sols
  /// at once because a commit writes out every index page its rows touched, and sols written
  /// together share most of them.
  public func write(_ sols: [PreparedSol], of rover: String, at time: String)
    throws(CatalogError)
  {
    try guarded {
      var known = try addressNumbers()
      var added: [CatalogRow.Address: Int] = [:]
      var addedTexts: [CatalogText.Kept: Int] = [:]
      let findText = try statement(
        "SELECT id FROM texts WHERE hash = ? AND templated = ? AND text = ?")
      let addText = try statement(
        "INSERT INTO texts (hash, templated, text) VALUES (?, ?, ?)")
      /// The number of the row of `texts` that holds `kept`, added when new; found by its
      /// hash, then its text, so two texts of one hash are still two rows.
      func textNumber(_ kept: CatalogText.Kept) throws -> SQLiteValue {
        if let number = texts[kept] ?? addedTexts[kept] { return .integer(number) }
        let values: [SQLiteValue] = [
          .integer(Int(kept.hash)), .integer(kept.templated ? 1 : 0), .text(kept.text),
        ]
        try findText.rebind(values)
        var number = try findText.step() ? findText.value(at: 0).integerValue : nil
        findText.reset()
        if number == nil {
          try addText.rebind(values)
          try addText.step()
          number = try lastInsertedRow()
        }
        addedTexts[kept] = number ?? 0
        return .integer(number ?? 0)
      }
      try connection.transaction {
        let mission = try missionNumber(rover)
        let insert = try statement(Self.insertSQL)
        for prepared in sols {
          let where_ = [SQLiteValue.integer(mission), .integer(prepared.sol)]
          let sol = SQLiteValue.integer(prepared.sol)
          // The sol's photos leave the mission's totals before they go.
          try statement(
            """
            UPDATE cameras SET photos = photos - (SELECT sol_cameras.photos FROM sol_cameras
              WHERE sol_cameras.mission = cameras.mission AND sol_cameras.sol = ?
              AND sol_cameras.instrument = cameras.instrument)
            WHERE mission = ? AND instrument IN
              (SELECT instrument FROM sol_cameras WHERE mission = ? AND sol = ?)
            """, [sol, .integer(mission), .integer(mission), sol]
          ).step()
          try statement("DELETE FROM photos WHERE mission = ? AND sol = ?", where_).step()
          try statement("DELETE FROM sol_cameras WHERE mission = ? AND sol = ?", where_)
            .step()
          for row in prepared.rows {
            // The numbers only the file knows are bound over the row's values, which stay as
            // they are: copying them to fill the numbers in cost the writer more than binding.
            try insert.rebind(row.values)
            try insert.bind(.integer(mission), at: CatalogRow.missionColumn)
            if let address = row.address {
              let number: Int
              if let known = known[address] ?? added[address] {
                number = known
              } else {
                number = try addAddress(address)
                added[address] = number
              }
              try insert.bind(.integer(number), at: CatalogRow.addressColumn)
            }
            if let title = row.title {
              try insert.bind(try textNumber(title), at: CatalogRow.titleColumn)
            }
            if let caption = row.caption {
              try insert.bind(try textNumber(caption), at: CatalogRow.captionColumn)
            }
            try insert.step()
          }
          let counted = try statement(
            "INSERT INTO sol_cameras (mission, sol, instrument, camera, photos) VALUES (?, ?, ?, ?, ?)"
          )
          let camera = try statement(
            """
            INSERT INTO cameras (mission, instrument, camera, photos) VALUES (?, ?, ?, ?)
            ON CONFLICT (mission, instrument) DO UPDATE SET photos = photos + excluded.photos
            """)
          for (instrument, count) in prepared.perInstrument {
            let values: [SQLiteValue] = [
              .text(instrument), .text(count.camera), .integer(count.photos),
            ]
            try counted.rebind(where_ + values)
            try counted.step()
            try camera.rebind([.integer(mission)] + values)
            try camera.step()
          }
          try statement(
            "INSERT OR REPLACE INTO sols (mission, sol, photos, synced_at) VALUES (?, ?, ?, ?)",
            where_ + [.integer(prepared.count), .text(time)]
          ).step()
        }
      }
      // Only once committed: a sol undone would leave numbers of rows that are not there.
      known.merge(added) { old, _ in old }
      addresses = known
      if texts.count + addedTexts.count > Self.keptTexts { texts = [:] }
      texts.merge(addedTexts) { old, _ in old }
    }
  }

  /// Notes that a sync of `rover` finished at `time`.
  public func noteSynced(_ rover: String, at time: String) throws(CatalogError) {
    try guarded {
      let mission = try missionNumber(rover)
      try statement(
        "UPDATE missions SET synced_at = ? WHERE id = ?", [.text(time), .integer(mission)]
      ).step()
    }
  }

  /// Moves what the write-ahead log holds into the file and empties the log, so the log does
  /// not grow from sync to sync. No statistics are gathered for the planner: the searches are
  /// written for its plain rules (``CatalogSearch/condition(missions:instruments:missionSols:eras:perSol:)``),
  /// and statistics of a sample mislead it.
  public func checkpoint() throws(CatalogError) {
    try guarded { try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)") }
  }

  /// The addresses' numbers, read from the file once.
  func addressNumbers() throws -> [CatalogRow.Address: Int] {
    if let addresses { return addresses }
    var numbers: [CatalogRow.Address: Int] = [:]
    for row in try connection.rows("SELECT id, prefix, suffix FROM addresses") {
      guard let id = row[0].integerValue, let prefix = row[1].textValue,
        let suffix = row[2].textValue
      else { continue }
      numbers[CatalogRow.Address(prefix: prefix, suffix: suffix)] = id
    }
    addresses = numbers
    return numbers
  }

  private func addAddress(_ address: CatalogRow.Address) throws -> Int {
    try statement(
      "INSERT INTO addresses (prefix, suffix) VALUES (?, ?)",
      [.text(address.prefix), .text(address.suffix)]
    ).step()
    return try lastInsertedRow()
  }

  /// The row number of the last INSERT.
  private func lastInsertedRow() throws -> Int {
    try connection.value("SELECT last_insert_rowid()").integerValue ?? 0
  }

  /// The INSERT of one photo, its columns named once by the schema.
  private static let insertSQL: String = {
    let names = CatalogSchema.writtenColumns.map(\.name)
    let marks = Array(repeating: "?", count: names.count).joined(separator: ", ")
    return "INSERT INTO photos (\(names.joined(separator: ", "))) VALUES (\(marks))"
  }()
}
