import Foundation
import TestSupport
import Testing

/// `--source catalog`: `photos`, `manifest`, `latest` and `list` answered from the catalogue
/// alone, as the feeds it was synced from answer them, with no server asked anything.
@Suite(.timeLimit(.minutes(3))) struct CatalogSourceTests {
  let folder: TemporaryFolder
  var path: String { folder.file("catalog.sqlite").path }

  init() throws { folder = try TemporaryFolder() }

  /// `words` from `source`: `nasa` asks the fixture feeds, `catalog` reads the file.
  func rovers(_ words: [String], source: String, _ server: FixtureServer) async throws
    -> CapturedRun
  {
    try await CapturedRun.rovers(
      words + ["--source", source], base: Offline.apiBase,
      environment: ["ROVERS_NASA_BASE": server.host, "ROVERS_CATALOG": path])
  }

  func json(_ run: CapturedRun) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
  }

  /// The sols synced: Curiosity's 1000 and Perseverance's 888 to 1042 among them.
  static let sols = 885...1050

  /// The file of a catalogue of both rovers' ``sols``, synced from the fixture feeds once a
  /// run (the addresses it holds are NASA's, whichever server it was synced from).
  static let syncedFile = Task { () async throws -> Data in
    let folder = try TemporaryFolder("catalog")
    let server = try await FixtureServer.start(shape: "nasa")
    let file = folder.file("catalog.sqlite")
    let sync = try await CapturedRun.rovers(
      [
        "catalog", "sync", "curiosity", "perseverance", "--from-sol", "\(sols.lowerBound)",
        "--to-sol", "\(sols.upperBound)", "-q", "--source", "nasa",
      ], base: Offline.apiBase,
      environment: ["ROVERS_NASA_BASE": server.host, "ROVERS_CATALOG": file.path])
    guard sync.status == 0 else { throw SyncFailed(description: sync.stderr) }
    return try Data(contentsOf: file)
  }

  /// What a sync that failed said.
  struct SyncFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// A catalogue of both rovers' ``sols`` in the test's folder, and the feeds it came from.
  func synced() async throws -> FixtureServer {
    let server = try await FixtureServer.start(shape: "nasa")
    try await Self.syncedFile.value.write(to: URL(fileURLWithPath: path))
    return server
  }

  @Test func photosFromTheCatalogueAreThePhotosTheFeedsList() async throws {
    let server = try await synced()
    let asked = server.requests.count
    for words in [
      ["photos", "curiosity", "--sol", "1000"],
      ["photos", "curiosity", "--sol", "1000", "--camera", "NAVCAM", "--page", "1"],
      ["photos", "curiosity", "--sol", "1000", "--sample-type", "thumbnail"],
      ["photos", "curiosity", "--earth-date", "2015-05-30", "--camera", "MAST"],
      ["photos", "perseverance", "--sol", "1042"],
      ["photos", "perseverance", "--sol", "890", "--camera", "NAVCAM_LEFT"],
    ] {
      let offline = try await rovers(words + ["--json"], source: "catalog", server)
      #expect(offline.status == 0, "\(words): \(offline.stderr)")
      let online = try await rovers(words + ["--json"], source: "nasa", server)
      #expect(online.status == 0, "\(words): \(online.stderr)")
      let mine = try #require(try json(offline) as? [[String: Any]])
      let theirs = try #require(try json(online) as? [[String: Any]])
      #expect(!theirs.isEmpty, "\(words)")
      #expect(mine.map { $0["nasa_id"] as? String } == theirs.map { $0["nasa_id"] as? String })
      for (one, other) in zip(mine, theirs) {
        for key in ["sol", "earth_date", "img_src", "instrument", "date_taken", "site", "title"] {
          #expect("\(one[key] ?? "none")" == "\(other[key] ?? "none")", "\(words) \(key)")
        }
      }
    }
    #expect(server.requests.count > asked, "the feeds were asked by --source nasa")
    // A camera Curiosity carries that took none of the catalogue's photos is still a camera,
    // found empty as the feeds find it; a camera it does not carry is refused by both alike.
    for camera in ["MARDI", "NAVCM"] {
      let words = ["photos", "curiosity", "--sol", "1000", "--camera", camera]
      let offline = try await rovers(words, source: "catalog", server)
      let online = try await rovers(words, source: "nasa", server)
      #expect(offline.status == online.status, "\(camera): \(offline.stderr)")
      #expect(offline.stdout == online.stdout && offline.stderr == online.stderr, "\(camera)")
      #expect(offline.status == (camera == "MARDI" ? 0 : 64), "\(camera): \(offline.stderr)")
    }
    // The catalogue answers alone: no server is asked anything (the API's is a dead port).
    // The feeds are a server of their own, which only these runs know: a request the runs
    // above sent late cannot be counted as theirs.
    let unasked = try await FixtureServer.start(shape: "nasa")
    for words in [
      ["photos", "curiosity", "--sol", "1000"], ["latest"], ["manifest", "perseverance"],
      ["list"],
    ] {
      let run = try await rovers(words + ["--json"], source: "catalog", unasked)
      #expect(run.status == 0, "\(words): \(run.stderr)")
    }
    #expect(
      unasked.requests.isEmpty, "nothing asked of any server: \(unasked.requests.map(\.target))")
  }

  @Test func aManifestCountsEachHeldSolAndLatestIsTheLastSol() async throws {
    let server = try await synced()
    let manifest = try await rovers(
      ["manifest", "perseverance", "--json"], source: "catalog", server)
    #expect(manifest.status == 0, "\(manifest.stderr)")
    let object = try #require(try json(manifest) as? [String: Any])
    let entries = try #require(object["photos"] as? [[String: Any]])
    // Every record served, every sample type: the counts a sol's records make.
    let served = Dictionary(
      grouping: FeedRecords.fixturePhotos(folder: "mars2020", rover: "perseverance").filter {
        Self.sols.contains($0.sol)
      }, by: \.sol)
    #expect(entries.map { $0["sol"] as? Int ?? -1 } == served.keys.sorted())
    for entry in entries {
      let sol = entry["sol"] as? Int ?? -1
      let photos = served[sol] ?? []
      #expect(entry["total_photos"] as? Int == photos.count, "sol \(sol)")
      #expect(
        Set(entry["cameras"] as? [String] ?? []) == Set(photos.map(\.camera.name)), "sol \(sol)")
      #expect(entry["earth_date"] as? String == photos.first?.earthDate, "sol \(sol)")
    }
    #expect(object["max_sol"] as? Int == served.keys.max())
    #expect(manifest.stderr.contains("counts of every photo it holds"))

    let latest = try await rovers(["latest", "--json"], source: "catalog", server)
    #expect(latest.status == 0, "\(latest.stderr)")
    let rovers = try #require(try json(latest) as? [[String: Any]])
    let sols = Dictionary(
      uniqueKeysWithValues: rovers.map { ($0["rover"] as? String ?? "", $0["sol"] as? Int) })
    #expect(sols["Curiosity"] == 1000, "the last sol with photos synced")
    #expect(sols["Perseverance"] == served.keys.max())
  }

  @Test func withNoCatalogueYetAMistypedRoverIsStillAUsageError() async throws {
    func run(_ words: [String]) async throws -> CapturedRun {
      try await CapturedRun.rovers(
        words + ["--source", "catalog"], base: Offline.apiBase,
        environment: ["ROVERS_CATALOG": path])
    }
    for words in [["photos", "pluto", "--sol", "1"], ["manifest", "pluto"], ["latest", "pluto"]] {
      let typo = try await run(words)
      #expect(typo.status == 64, "\(words)")
      #expect(typo.stderr.hasPrefix("Error: Unknown rover 'pluto'."), "\(typo.stderr)")
    }
    // A mission's name is right: what is missing is the file.
    let missing = try await run(["photos", "curiosity", "--sol", "1"])
    #expect(missing.status == 69)
    #expect(missing.stderr.hasPrefix("Error: no catalogue at \(path) yet"), "\(missing.stderr)")
    #expect(!FileManager.default.fileExists(atPath: path))
  }

  @Test func aSolOrRoverTheCatalogueDoesNotHoldIsSaidToBeSo() async throws {
    let server = try await synced()
    // Past the last sol held, the catalogue is behind: a sync of the mission catches up.
    let past = try await rovers(
      ["photos", "curiosity", "--sol", "1200"], source: "catalog", server)
    #expect(past.status == 69)
    #expect(
      past.stderr
        == "Error: the catalogue at \(path) holds curiosity to sol \(Self.sols.upperBound), not"
        + " sol 1200: 'rovers catalog sync curiosity' adds any sols since\n")
    // Before the sols held, that sol is missing: a sync of it fills it.
    let gap = try await rovers(["photos", "curiosity", "--sol", "100"], source: "catalog", server)
    #expect(gap.status == 69)
    #expect(
      gap.stderr
        == "Error: the catalogue at \(path) does not hold curiosity sol 100: add it with"
        + " 'rovers catalog sync curiosity --from-sol 100 --to-sol 100'\n")
    let empty = try await rovers(
      ["photos", "curiosity", "--sol", "886"], source: "catalog", server)
    #expect(empty.status == 0 && empty.stdout.isEmpty, "a held sol without photos is empty")
    let retired = try await rovers(["photos", "spirit", "--sol", "5"], source: "catalog", server)
    #expect(retired.status == 69)
    #expect(
      retired.stderr
        == "Error: the catalogue at \(path) holds no sol of spirit: add them with 'rovers catalog"
        + " sync spirit'\n")
    let typo = try await rovers(["photos", "curiosty", "--sol", "5"], source: "catalog", server)
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("Did you mean 'curiosity'?"))
    let sync = try await rovers(
      ["sync", "curiosity", "-o", folder.file("mirror").path], source: "catalog", server)
    #expect(sync.status == 64)
    #expect(
      sync.stderr.hasPrefix(
        "Error: '--source catalog' is for rovers list, latest, manifest, photos, download and"
          + " show; 'rovers sync' asks the API or NASA's feeds\n"))
    // From the environment (or the config file), `catalog` is the default of the commands that
    // read the catalogue; the others keep theirs, and `config` shows what was set.
    let environment = [
      "ROVERS_NASA_BASE": server.host, "ROVERS_CATALOG": path, "ROVERS_SOURCE": "catalog",
    ]
    let planned = try await CapturedRun.rovers(
      ["sync", "perseverance", "-o", folder.file("mirror").path, "--dry-run"],
      base: Offline.apiBase, environment: environment)
    #expect(planned.status == 0, "\(planned.stderr)")
    #expect(planned.stdout.contains("would download") || planned.stderr.contains("would download"))
    let shown = try await CapturedRun.rovers(
      ["config", "show", "--json"], base: Offline.apiBase, environment: environment)
    #expect(shown.stdout.contains(#""catalog""#), "\(shown.stdout)")
    try FileManager.default.removeItem(atPath: path)
    let none = try await rovers(["latest"], source: "catalog", server)
    #expect(none.status == 69)
    #expect(none.stderr.contains("no catalogue at \(path) yet"))
  }
}
