import Foundation
import MarsCatalog
import MarsFetching
import MarsTime
import RoverAPI
import TestSupport
import Testing

/// The catalogue against a direct filter over the same records: every record of the fixture
/// feeds and the real NASA records written sol by sol, then each search's photos compared
/// with the photos a plain Swift predicate keeps, by name.
@Suite struct CatalogSearchTests {
  /// Every photo of the feed files, every sample type, each once, by rover and sol.
  static let photos: [Photo] = {
    var byName: [String: Photo] = [:]
    let fixtures =
      FeedRecords.fixturePhotos(folder: "msl", rover: "curiosity")
      + FeedRecords.fixturePhotos(folder: "mars2020", rover: "perseverance")
    for photo in fixtures { byName[photo.nasaID] = photo }
    let real = PackagePaths.fixtures.appendingPathComponent("real-nasa")
    for file in [
      "m20_sol888_navcamleft_13.json", "m20_sol889_navcamleft_5.json",
      "m20_page_latest_num3_sol1965_2026-08-30.json", "msl_sol86_items_16.json",
    ] {
      guard let data = try? Data(contentsOf: real.appendingPathComponent(file)) else { continue }
      let name = file.hasPrefix("m20") ? "perseverance" : "curiosity"
      for photo in FeedRecords.photos(data, rover: name) { byName[photo.nasaID] = photo }
    }
    return byName.values.sorted { $0.nasaID < $1.nasaID }
  }()

  /// The file of a catalogue of ``photos``, written sol by sol once a run (writing it was
  /// most of these tests' time) and given to each test as a copy.
  static let written = Result { () throws -> Data in
    let folder = try TemporaryFolder("catalog")
    let path = folder.file("catalog.sqlite").path
    do {
      let catalog = try Catalog(path: path, writing: true)
      let bySol = Dictionary(grouping: photos) { "\($0.rover.name.lowercased()) \($0.sol)" }
      for (key, sol) in bySol {
        let parts = key.split(separator: " ")
        try catalog.write(
          sol: Int(parts[1])!, of: String(parts[0]), photos: sol, at: "2026-11-28T00:00:00Z")
      }
      // Everything in the file itself, not its log.
      try catalog.checkpoint()
    }
    return try Data(contentsOf: URL(fileURLWithPath: path))
  }

  /// A catalogue of ``photos`` in a folder of its own.
  static func catalogue(in folder: TemporaryFolder) throws -> Catalog {
    let file = folder.url.appendingPathComponent("catalog.sqlite")
    try written.get().write(to: file)
    return try Catalog(path: file.path, writing: true)
  }

  /// The names a search finds, against the names `keeps` keeps of every photo: equal, and
  /// neither none nor all, so the filter decided something.
  func check(
    _ search: CatalogSearch, in catalog: Catalog, _ keeps: (Photo) -> Bool,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let found = try catalog.photos(search).map(\.nasaID)
    let expected = Self.photos.filter(keeps).map(\.nasaID)
    // The differences, not the sets: a failure names the few photos at fault.
    let missing = Set(expected).subtracting(found).sorted().prefix(5)
    let extra = Set(found).subtracting(expected).sorted().prefix(5)
    #expect(
      missing.isEmpty && extra.isEmpty, "missing \(missing), extra \(extra)",
      sourceLocation: sourceLocation)
    #expect(found.count == Set(found).count, "each photo once", sourceLocation: sourceLocation)
    #expect(!expected.isEmpty, "the filter keeps some", sourceLocation: sourceLocation)
    #expect(expected.count < Self.photos.count, "and not all", sourceLocation: sourceLocation)
    #expect(try catalog.count(search) == expected.count, sourceLocation: sourceLocation)
  }

  static func seconds(_ photo: Photo) -> Double? {
    guard let clock = photo.details.marsClock?.split(separator: ":"), clock.count == 3 else {
      return nil
    }
    return Double(clock[0])! * 3600 + Double(clock[1])! * 60 + Double(clock[2])!
  }

  static func season(_ photo: Photo) -> Double? {
    photo.details.capture.dateTaken.flatMap(TimeText.secondsSince1970).map {
      Mars24(secondsSince1970: $0).solarLongitude
    }
  }

  @Test func windowsThroughNorthAndMidnightWrap() throws {
    let folder = try TemporaryFolder()
    let catalog = try Self.catalogue(in: folder)
    var search = CatalogSearch()
    search.azimuth = .init(350, 20)
    try check(search, in: catalog) {
      ($0.details.mastAzimuth).map { $0 >= 350 || $0 <= 20 } ?? false
    }
    search = CatalogSearch()
    search.lmst = .init(17 * 3600, 7 * 3600 + 59.999)
    let evening = { (photo: Photo) in
      Self.seconds(photo).map { $0 >= 17 * 3600 || $0 <= 7 * 3600 + 59.999 } ?? false
    }
    try check(search, in: catalog, evening)
    search.cameras = ["MAST"]
    search.rovers = ["curiosity"]
    try check(search, in: catalog) { photo in
      photo.rover.name == "Curiosity" && photo.camera.name == "MAST" && evening(photo)
    }
    // A camera's window is read by era (CatalogSchema.era), each half of a wrapped one too.
    let north = { (photo: Photo) in
      (photo.details.mastAzimuth).map { $0 >= 300 || $0 <= 60 } ?? false
    }
    search = CatalogSearch()
    search.cameras = ["NAVCAM"]
    search.azimuth = .init(300, 60)
    try check(search, in: catalog) { $0.camera.name.hasPrefix("NAVCAM") && north($0) }
    search.lmst = .init(17 * 3600, 7 * 3600 + 59.999)
    try check(search, in: catalog) {
      $0.camera.name.hasPrefix("NAVCAM") && north($0) && evening($0)
    }
    search.lmst = .init(9 * 3600, 15 * 3600)
    search.sols = .init(0, 1000)
    try check(search, in: catalog) {
      $0.camera.name.hasPrefix("NAVCAM") && north($0) && $0.sol <= 1000
        && (Self.seconds($0).map { (9 * 3600...15 * 3600).contains($0) } ?? false)
    }
  }

  @Test func aCatalogueWithTheOldPointingIndexesIsRenewedOnceAndFindsTheSame() throws {
    let folder = try TemporaryFolder()
    _ = try Self.catalogue(in: folder)
    let path = folder.url.appendingPathComponent("catalog.sqlite").path
    // As a sync before the eras left it: pointing and time indexes over the whole mission,
    // and statistics of a sample of each index.
    let script = """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      if sys.argv[2] == "age":
          db.execute("DROP INDEX photos_by_azimuth")
          db.execute("DROP INDEX photos_by_time")
          db.execute("CREATE INDEX photos_by_azimuth ON photos (instrument, mast_az, sol)")
          db.execute("CREATE INDEX photos_by_time ON photos (instrument, lmst, sol)")
          db.execute("PRAGMA analysis_limit = 400")
          db.execute("ANALYZE")
          db.commit()
      for (sql,) in db.execute("SELECT sql FROM sqlite_master WHERE name IN"
                               " ('photos_by_azimuth', 'photos_by_time') ORDER BY name"):
          print(sql)
      print(db.execute("SELECT count(*) FROM sqlite_stat1").fetchone()[0]
            if db.execute("SELECT 1 FROM sqlite_master WHERE name = 'sqlite_stat1'").fetchone()
            else 0)
      """
    func indexes(_ action: String) throws -> [String] {
      String(
        decoding: try ReferenceTool.stdout(ReferenceTool.python, ["-c", script, path, action]),
        as: UTF8.self
      ).split(separator: "\n").map(String.init)
    }
    let aged = try indexes("age")
    #expect(aged.first?.contains("(instrument, mast_az, sol)") == true && aged.last != "0")
    var search = CatalogSearch()
    search.cameras = ["NAVCAM"]
    search.azimuth = .init(300, 60)
    let before = try Catalog(path: path, writing: false).photos(search).map(\.nasaID)
    #expect(!before.isEmpty)
    let renewed = try Catalog(path: path, writing: true)
    #expect(
      try indexes("read") == [
        "CREATE INDEX photos_by_azimuth ON photos (instrument, \(CatalogSchema.era), mast_az)",
        "CREATE INDEX photos_by_time ON photos (instrument, \(CatalogSchema.era), lmst)", "0",
      ])
    #expect(try renewed.photos(search).map(\.nasaID) == before)
  }

  @Test func seasonsComeFromEachPhotosUTCTimeByMars24() throws {
    let folder = try TemporaryFolder()
    let catalog = try Self.catalogue(in: folder)
    let seasons = Self.photos.compactMap(Self.season)
    #expect(Set(seasons.map { Int($0 / 30) }).count >= 3, "the fixtures span seasons")
    // Windows from the records' own seasons, so each keeps some and not all: one within the
    // year, one through its start.
    let sorted = seasons.sorted()
    let at = { (fraction: Double) in sorted[Int(Double(sorted.count - 1) * fraction)] }
    for (lower, upper) in [(at(0.25), at(0.6)), (at(0.8), at(0.2))] {
      var search = CatalogSearch()
      search.solarLongitude = .init(lower, upper)
      try check(search, in: catalog) { photo in
        guard let ls = Self.season(photo) else { return false }
        return lower <= upper ? (ls >= lower && ls <= upper) : (ls >= lower || ls <= upper)
      }
    }
  }

  @Test func placeSizeTextNamesAndCamerasNarrowAsThePlainFilterDoes() throws {
    let folder = try TemporaryFolder()
    let catalog = try Self.catalogue(in: folder)
    var search = CatalogSearch()
    let sites = Self.photos.compactMap(\.details.site).sorted()
    let site = sites[sites.count / 2]
    search.site = .init(Double(site), Double(site))
    search.drive = .init(nil, 1000)
    try check(search, in: catalog) {
      $0.details.site == site && ($0.details.drive.map { $0 <= 1000 } ?? false)
    }
    search = CatalogSearch()
    search.width = .init(1000, nil)
    try check(search, in: catalog) { ($0.details.capture.pixelSize?.width ?? 0) >= 1000 }
    search = CatalogSearch()
    search.words = ["NAVIGATION", "camera"]
    try check(search, in: catalog) { photo in
      let text = ((photo.details.title ?? "") + " " + (photo.details.caption ?? "")).lowercased()
      return text.contains("navigation") && text.contains("camera")
    }
    search = CatalogSearch()
    search.nasaIDs = ["NL*"]
    try check(search, in: catalog) { $0.nasaID.hasPrefix("NL") }
    search = CatalogSearch()
    search.cameras = ["navcam"]
    try check(search, in: catalog) {
      $0.camera.name == "NAVCAM" || ($0.instrument ?? "").hasPrefix("NAVCAM_")
    }
    search = CatalogSearch()
    search.sampleTypes = ["thumbnail"]
    try check(search, in: catalog) { $0.details.sampleType == "thumbnail" }
    search = CatalogSearch()
    search.fromEarthDate = "2015-01-01"
    search.toEarthDate = "2023-12-31"
    try check(search, in: catalog) { $0.earthDate >= "2015-01-01" && $0.earthDate <= "2023-12-31" }
  }

  /// `--stereo` keeps the frames whose other eye is held, by ``StereoPairing``'s own reading
  /// of the names; the partner need not pass the other filters (a left eye asked alone).
  @Test func stereoKeepsTheFramesWhoseOtherEyeIsHeld() throws {
    let folder = try TemporaryFolder()
    let catalog = try Self.catalogue(in: folder)
    func eyes(_ photo: Photo) -> (key: String, isLeft: Bool)? {
      guard let eye = StereoPairing.eye(of: photo.nasaID), eye.kind != .mastcam else { return nil }
      return ("\(photo.rover.name) \(photo.sol) \(eye.key)", eye.isLeft)
    }
    var sides: [String: Set<Bool>] = [:]
    for photo in Self.photos {
      if let eye = eyes(photo) { sides[eye.key, default: []].insert(eye.isLeft) }
    }
    let paired = { (photo: Photo) in eyes(photo).map { sides[$0.key]?.count == 2 } ?? false }
    var search = CatalogSearch()
    search.stereo = true
    try check(search, in: catalog, paired)
    // One left eye's instrument, such as FRONT_HAZCAM_LEFT_A, asked alone.
    let instrument = try #require(
      Self.photos.first { paired($0) && eyes($0)?.isLeft == true }?.instrument)
    search.cameras = [instrument]
    let left = { (photo: Photo) in photo.instrument == instrument }
    try check(search, in: catalog) { paired($0) && left($0) }
    search.stereo = false
    #expect(try catalog.count(search) > Self.photos.filter { paired($0) && left($0) }.count)
    // A mission's sols: the other eyes are looked for among those sols' photos alone.
    var sols = CatalogSearch()
    sols.stereo = true
    sols.rovers = ["curiosity"]
    sols.sols = .init(86, 1000)
    try check(sols, in: catalog) {
      paired($0) && $0.rover.name == "Curiosity" && (86...1000).contains($0.sol)
    }
  }

  @Test func quotesAndSQLInASearchAreOnlyText() throws {
    let folder = try TemporaryFolder()
    let catalog = try Self.catalogue(in: folder)
    var search = CatalogSearch()
    search.words = ["'); DROP TABLE photos; --"]
    #expect(try catalog.photos(search).isEmpty)
    search.words = ["%"]
    #expect(try catalog.count(search) == 0, "LIKE's wildcards are not wild")
    #expect(try catalog.count(CatalogSearch()) == Self.photos.count, "the table is whole")
  }

  @Test func countsByGroupAddUpAndRowsComeBackAsThePhotosWritten() throws {
    let folder = try TemporaryFolder()
    let catalog = try Self.catalogue(in: folder)
    let byCamera = try catalog.counts(CatalogSearch(), by: .camera)
    #expect(byCamera.map(\.count).reduce(0, +) == Self.photos.count)
    let expected = Dictionary(grouping: Self.photos, by: \.camera.name).mapValues(\.count)
    #expect(Dictionary(uniqueKeysWithValues: byCamera.map { ($0.key, $0.count) }) == expected)
    let missions = try catalog.missions()
    #expect(missions.map(\.name) == ["curiosity", "perseverance"])
    #expect(missions.map(\.photos).reduce(0, +) == Self.photos.count)
    // What a row gives back: the fields a search prints.
    let byName = Dictionary(uniqueKeysWithValues: Self.photos.map { ($0.nasaID, $0) })
    for photo in try catalog.photos(CatalogSearch()) {
      let written = try #require(byName[photo.nasaID])
      #expect(photo.sol == written.sol && photo.camera.name == written.camera.name)
      #expect(photo.imgSrc == written.imgSrc && photo.earthDate == written.earthDate)
      #expect(photo.details.marsTime == written.details.marsTime)
      #expect(photo.details.mastAzimuth == written.details.mastAzimuth)
      #expect(photo.details.title == written.details.title)
      #expect(photo.details.caption == written.details.caption)
      #expect(photo.id == written.id && photo.instrument == written.instrument)
    }
  }

  /// What `sqlite3` users read: the view gives back every address, title and caption as the
  /// feeds wrote them, the templates' marks filled by SQL alone.
  @Test func theViewGivesBackTheRecordsWholeToPython() throws {
    let folder = try TemporaryFolder()
    _ = try Self.catalogue(in: folder)
    let script = """
      import json, sqlite3, sys
      db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
      rows = db.execute("SELECT nasa_id, img_src, title, caption, earth_date FROM photo_list")
      print(json.dumps([list(row) for row in rows]))
      """
    let path = folder.url.appendingPathComponent("catalog.sqlite").path
    let rows = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try ReferenceTool.stdout(ReferenceTool.python, ["-c", script, path])))
        as? [[Any]])
    let byName = Dictionary(uniqueKeysWithValues: Self.photos.map { ($0.nasaID, $0) })
    #expect(rows.count == Self.photos.count)
    var marks = Set<String>()
    for row in rows {
      let photo = try #require(byName[row[0] as? String ?? ""])
      #expect(row[1] as? String == photo.imgSrc)
      #expect(row[2] as? String == photo.details.title, "\(photo.nasaID)")
      #expect(row[3] as? String == photo.details.caption, "\(photo.nasaID)")
      #expect(row[4] as? String == photo.earthDate, "\(photo.nasaID)")
      for mark in ["Sol ", " UTC)", "local mean solar time of"]
      where (photo.details.caption ?? "").contains(mark) {
        marks.insert(mark)
      }
    }
    #expect(marks.count == 3, "real captions with each kind of mark were written: \(marks)")
  }

  @Test func aLimitKeepsTheFirstOfTheOrderAndRandomPicksFromTheMatches() throws {
    let folder = try TemporaryFolder()
    let catalog = try Self.catalogue(in: folder)
    for order in CatalogSearch.Order.allCases {
      var search = CatalogSearch()
      search.cameras = ["NAVCAM", "MAST"]
      search.order = order
      let all = try catalog.photos(search).map(\.nasaID)
      search.limit = 7
      #expect(try catalog.photos(search).map(\.nasaID) == Array(all.prefix(7)), "\(order)")
      search.limit = nil
      search.random = 5
      let picked = try catalog.photos(search).map(\.nasaID)
      #expect(picked.count == 5 && Set(picked).isSubset(of: Set(all)))
    }
    var newest = CatalogSearch()
    newest.order = .newest
    let sols = try catalog.photos(newest).map(\.sol)
    #expect(sols == sols.sorted(by: >) && sols.first == Self.photos.map(\.sol).max())
  }

  /// Newest first with a limit is read from the newest sols alone when it can be: here two
  /// missions of 100 sols, 10 photos a sol, one of each sol's in the evening window. A limit
  /// of 1 is met in the newest sols asked, 10 only in more sols, 70 only by the whole
  /// catalogue; each is the first of the whole order, by mission, by camera and by neither.
  @Test func theNewestWithALimitAreTheFirstOfTheWholeOrder() throws {
    let folder = try TemporaryFolder()
    let catalog = try Catalog(path: folder.file("catalog.sqlite").path, writing: true)
    for rover in ["curiosity", "perseverance"] {
      for sol in 1...100 {
        let photos = (0..<10).map { index in
          let name = "\(rover.prefix(3))\(sol)_\(index)"
          let camera = Camera(name: index < 5 ? "NAVCAM" : "MAST", roverID: nil, fullName: nil)
          var details = PhotoDetails()
          let hour = index == 3 ? 18 : 10
          details.marsTime = "Sol-" + String(format: "%05d", sol) + "M\(hour):\(10 + index):00.000"
          return Photo(
            id: nil, sol: sol, earthDate: "2020-01-01", imgSrc: "https://x/\(name).jpg",
            camera: camera, rover: RoverReference(id: 0, name: rover.capitalized), nasaID: name,
            instrument: camera.name, details: details)
        }
        try catalog.write(sol: sol, of: rover, photos: photos, at: "2026-11-29T00:00:00Z")
      }
    }
    for (rovers, cameras) in [([], []), (["perseverance"], []), ([], ["NAVCAM"])] {
      var search = CatalogSearch()
      search.rovers = rovers
      search.cameras = cameras
      search.lmst = .init(17 * 3600, 19 * 3600)
      search.order = .newest
      let all = try catalog.photos(search).map(\.nasaID)
      #expect(all.count == 100 * (rovers.isEmpty ? 2 : 1))
      for limit in [1, 10, 70] {
        search.limit = limit
        let first = try catalog.photos(search).map(\.nasaID)
        #expect(first == Array(all.prefix(limit)), "\(rovers) \(cameras) \(limit)")
      }
    }
  }

  @Test func aSolWrittenAgainIsReplacedWhole() throws {
    let folder = try TemporaryFolder()
    let catalog = try Self.catalogue(in: folder)
    let sol86 = Self.photos.filter { $0.rover.name == "Curiosity" && $0.sol == 86 }
    try catalog.write(
      sol: 86, of: "curiosity", photos: Array(sol86.prefix(3)), at: "2026-11-29T00:00:00Z")
    var search = CatalogSearch()
    search.rovers = ["curiosity"]
    search.sols = .init(86, 86)
    #expect(try catalog.count(search) == 3)
    #expect(try catalog.heldSols(of: "curiosity").contains(86))
    // The totals kept beside the photos follow the rewrite: counted from them, or from the
    // photos themselves (a filter that keeps every photo makes a search count the rows).
    var byRows = CatalogSearch()
    byRows.elevation = .init(nil, nil)
    for grouping in [CatalogSearch.Grouping.camera, .rover, .sol] {
      #expect(
        try catalog.counts(CatalogSearch(), by: grouping) == catalog.counts(byRows, by: grouping))
    }
    #expect(try catalog.count(CatalogSearch()) == Self.photos.count - sol86.count + 3)
    #expect(try catalog.count(CatalogSearch()) == catalog.count(byRows))
  }
}
