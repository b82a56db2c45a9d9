import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `rovers catalog` and `rovers search` end to end, against the fixture server in the shape of
/// NASA's feeds; the file is read back with Python's `sqlite3` module, as a user's script
/// would read it.
@Suite(.timeLimit(.minutes(3))) struct CatalogTests {
  let folder: TemporaryFolder
  var path: String { folder.url.appendingPathComponent("catalog.sqlite").path }

  init() throws { folder = try TemporaryFolder() }

  func environment(_ server: FixtureServer) -> [String: String] {
    ["ROVERS_NASA_BASE": server.host, "ROVERS_CATALOG": path]
  }

  func rovers(_ words: [String], _ server: FixtureServer) async throws -> CapturedRun {
    try await CapturedRun.rovers(words, base: Offline.apiBase, environment: environment(server))
  }

  /// The photos the fixture feeds serve of Curiosity up to sol `lastCuriositySol` and of
  /// Perseverance, by name.
  static func served(lastCuriositySol: Int) -> Set<String> {
    let curiosity = FeedRecords.fixturePhotos(folder: "msl", rover: "curiosity").filter {
      $0.sol <= lastCuriositySol
    }
    let perseverance = FeedRecords.fixturePhotos(folder: "mars2020", rover: "perseverance")
    return Set((curiosity + perseverance).map(\.nasaID))
  }

  /// What Python's sqlite3 says of the file: its integrity check, its rows' names and its
  /// sols held.
  func pythonReads() throws -> (check: String, names: Set<String>, sols: Int) {
    let script = """
      import sqlite3, sys
      db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
      print(db.execute("PRAGMA integrity_check").fetchone()[0])
      print(db.execute("SELECT count(*) FROM sols").fetchone()[0])
      for (name,) in db.execute("SELECT nasa_id FROM photo_list"): print(name)
      """
    let lines = String(
      decoding: try ReferenceTool.stdout(ReferenceTool.python, ["-c", script, path]),
      as: UTF8.self
    ).split(separator: "\n").map(String.init)
    return (lines[0], Set(lines.dropFirst(2)), Int(lines[1]) ?? -1)
  }

  @Test func aSyncHoldsExactlyWhatIsServedAndARerunAsksOnlyTheLateSols() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let words = ["catalog", "sync", "curiosity", "perseverance", "--to-sol", "1100", "--json"]
    let first = try await rovers(words, server)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stdout.contains(#""sols": 1101"#) && first.stdout.contains(#""sols": 1043"#))
    let read = try pythonReads()
    #expect(read.check == "ok")
    #expect(read.sols == 1101 + 1043)
    let served = Self.served(lastCuriositySol: 1100)
    #expect(
      read.names == served, "\(Array(read.names.symmetricDifference(served)).sorted().prefix(5))")
    #expect(served.count > 400)

    let asked = server.requests.count
    let second = try await rovers(words, server)
    #expect(second.status == 0, "\(second.stderr)")
    // Perseverance's latest downlink brought sols 1042 and 914; Curiosity's are past 1100.
    let solsAsked = Set(
      server.requests.dropFirst(asked).compactMap { request -> String? in
        // Perseverance's feed is asked `sol=N`, Curiosity's `condition_2=N:sol:in`.
        let target = request.target
        if let range = target.firstRange(of: "sol=") {
          return String(target[range.upperBound...].prefix { $0.isNumber })
        }
        guard let range = target.firstRange(of: ":sol:in") else { return nil }
        return String(target[..<range.lowerBound].reversed().prefix { $0.isNumber }.reversed())
      })
    #expect(solsAsked == ["1042", "914"])
    #expect(second.stdout.contains(#""sols": 2"#) && second.stdout.contains(#""sols": 0"#))
    #expect(try pythonReads().names == served)

    let info = try await rovers(["catalog", "--json"], server)
    #expect(info.status == 0)
    #expect(info.stdout.contains(#""name": "curiosity""#))
    #expect(info.stdout.contains(#""last_sol": 1100"#))
  }

  @Test func searchPrintsPhotosAsPhotosPrintsThem() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let sync = try await rovers(
      [
        "catalog", "sync", "curiosity", "curiosity", "--from-sol", "1000", "--to-sol", "1000",
        "--json", "-q",
      ], server)
    #expect(sync.status == 0 && sync.stderr.isEmpty, "\(sync.stderr)")
    // A mission typed twice is synced once.
    let summary = try JSONSerialization.jsonObject(with: Data(sync.stdout.utf8)) as? [[String: Any]]
    #expect(summary?.count == 1 && summary?.first?["sols"] as? Int == 1, "\(sync.stdout)")
    let found = try await rovers(
      ["search", "curiosity", "--sol", "1000", "--sample-type", "full", "--json"], server)
    #expect(found.status == 0, "\(found.stderr)")
    let direct = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--sample-type", "full", "--json"],
      base: Offline.apiBase,
      environment: environment(server).merging(["ROVERS_SOURCE": "nasa"]) { $1 })
    #expect(direct.status == 0, "\(direct.stderr)")
    func byName(_ run: CapturedRun) throws -> [String: [String: Any]] {
      let list = try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
      return Dictionary(uniqueKeysWithValues: list.map { ($0["nasa_id"] as? String ?? "", $0) })
    }
    let searched = try byName(found)
    let listed = try byName(direct)
    #expect(searched.count == listed.count && !listed.isEmpty)
    #expect(Set(searched.keys) == Set(listed.keys))
    for (name, photo) in searched {
      let other = try #require(listed[name])
      #expect(Set(photo.keys).isSubset(of: Set(other.keys)), "the same field names")
      for key in [
        "id", "sol", "earth_date", "img_src", "instrument", "mars_time", "mast_az", "mast_el",
        "site", "drive", "sample_type", "title", "date_taken",
      ] {
        #expect("\(photo[key] ?? "none")" == "\(other[key] ?? "none")", "\(name) \(key)")
      }
    }
    // What a user's script reads through the view: each photo's address, title and caption
    // whole, as the feed gave them.
    let script = """
      import json, sqlite3, sys
      db = sqlite3.connect("file:" + sys.argv[1] + "?mode=ro", uri=True)
      rows = db.execute("SELECT nasa_id, img_src, title, caption FROM photo_list WHERE sol = 1000")
      print(json.dumps([list(row) for row in rows]))
      """
    let viewed = try #require(
      try JSONSerialization.jsonObject(
        with: Data(try ReferenceTool.stdout(ReferenceTool.python, ["-c", script, path])))
        as? [[Any]])
    let full = try byName(
      try await CapturedRun.rovers(
        ["photos", "curiosity", "--sol", "1000", "--json"]
          + FeedRecords.everySampleType.sorted().flatMap { ["--sample-type", $0] },
        base: Offline.apiBase,
        environment: environment(server).merging(["ROVERS_SOURCE": "nasa"]) { $1 }))
    #expect(viewed.count == full.count && !viewed.isEmpty)
    for row in viewed {
      let photo = try #require(full[row[0] as? String ?? ""])
      #expect(row[1] as? String == photo["img_src"] as? String)
      #expect(row[2] as? String == photo["title"] as? String)
      #expect(row[3] as? String == photo["caption"] as? String)
    }
    // Counted as listed, and by camera.
    let count = try await rovers(["search", "curiosity", "--sol", "1000", "--count"], server)
    let all = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--json"]
        + FeedRecords.everySampleType.sorted()
        .flatMap { ["--sample-type", $0] },
      base: Offline.apiBase,
      environment: environment(server).merging(["ROVERS_SOURCE": "nasa"]) { $1 })
    let every = try byName(all)
    #expect(count.stdout == "\(every.count)\n")
    // A time of day as a person writes it (9:00) is the one Mars24 prints (09:00).
    let written = try await rovers(
      ["search", "curiosity", "--lmst", "9:00..13:30", "--count"], server)
    let printed = try await rovers(
      ["search", "curiosity", "--lmst", "09:00..13:30", "--count"], server)
    #expect(written.status == 0, "\(written.stderr)")
    #expect(written.stdout == printed.stdout && !["0\n", count.stdout].contains(written.stdout))
    // A camera none of the missions searched has is refused as photos refuses it, not found
    // empty; one the catalogue holds no photo of yet is still a camera, and an instrument's
    // own name is found.
    let typo = try await rovers(["search", "curiosity", "--camera", "NAVCM"], server)
    let refused = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--camera", "NAVCM"], base: Offline.apiBase,
      environment: environment(server).merging(["ROVERS_SOURCE": "nasa"]) { $1 })
    #expect(typo.status == 64 && refused.status == 64)
    #expect(typo.stderr.hasPrefix("Error: Unknown camera 'NAVCM' on Curiosity."), "\(typo.stderr)")
    #expect(typo.stderr == refused.stderr)
    let anywhere = try await rovers(["search", "--camera", "NAVCM", "--count"], server)
    #expect(anywhere.status == 64)
    #expect(anywhere.stderr.hasPrefix("Error: Unknown camera 'NAVCM'. "), "\(anywhere.stderr)")
    let navcams = every.values.filter { $0["instrument"] as? String == "NAV_LEFT_B" }.count
    #expect(navcams > 0)
    for (camera, expected) in [("MARDI", 0), ("NAV_LEFT_B", navcams), ("NAVCAM", navcams)] {
      let run = try await rovers(["search", "curiosity", "--camera", camera, "--count"], server)
      #expect(run.status == 0, "\(camera): \(run.stderr)")
      #expect(run.stdout == "\(expected)\n", "\(camera)")
    }
  }

  @Test func badValuesAndBadFilesSayOneLineAndTheFileIsLeftAsItWas() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let missing = try await rovers(["search", "--camera", "NAVCAM"], server)
    #expect(missing.status == 69)
    #expect(
      missing.stderr == "Error: no catalogue at \(path) yet: make one with 'rovers catalog sync'\n")
    for words in [
      ["--az", "400"], ["--lmst", "25:00"], ["--lmst", "7:0"], ["--lmst", "123:00"],
      ["--ls", "x"], ["--sol", "9..3"], ["--sol", "1e3"], ["--drive", "1.5"],
      ["--width", "99.5.."],
      ["--sample-type", "fulll"], ["--text", ""], ["--nasa-id", " "], ["--sequence", ""],
      ["--filter", ""], ["--catalog", ""],
    ] {
      let run = try await rovers(["search"] + words, server)
      #expect(run.status == 64, "\(words)")
      #expect(run.stderr.hasPrefix("Error: The value '\(words[1])' is invalid for '\(words[0])"))
    }
    // A count is of every photo found: an option that picks or orders them is refused, not
    // dropped.
    for (words, option) in [
      (["--count", "--limit", "3"], "limit"),
      (["--group-by", "camera", "--sort", "newest"], "sort"),
      (["--group-by", "sol", "--random", "2"], "random"),
    ] {
      let run = try await rovers(["search"] + words, server)
      #expect(run.status == 64, "\(words)")
      #expect(
        run.stderr.hasPrefix(
          "Error: '--count' and '--group-by' count every photo found; '--\(option)' "),
        "\(run.stderr)")
    }
    // The schema is SQL: an output option asked of it is refused, not dropped.
    for words in [["--json"], ["--format", "csv"], ["--fields", "name"]] {
      let schema = try await rovers(["catalog", "--schema"] + words, server)
      #expect(schema.status == 64, "\(words)")
      #expect(schema.stderr.hasPrefix("Error: '--schema' prints the tables as SQL;"), "\(words)")
    }
    // A folder given for the file is the path's mistake, not the disk's.
    for words in [["search", "--count"], ["catalog", "sync", "curiosity", "--to-sol", "3"]] {
      let run = try await rovers(words + ["--catalog", folder.url.path], server)
      #expect(run.status == 64, "\(words)")
      #expect(
        run.stderr.hasPrefix(
          "Error: \(folder.url.path) is a folder: give the catalogue's file, such as"
            + " \(folder.url.path)/catalog.sqlite\n"), "\(run.stderr)")
    }
    // A rover the catalogue cannot hold is a usage error, with what it may have meant.
    let typo = try await rovers(["search", "curiosty"], server)
    #expect(typo.status == 64)
    #expect(
      typo.stderr.hasPrefix(
        "Error: Unknown rover 'curiosty' for the catalogue. Did you mean 'curiosity'?"))
    let unknown = try await rovers(["catalog", "sync", "sojourner"], server)
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.hasPrefix(
        "Error: Unknown rover 'sojourner' for the catalogue. It is for these missions: curiosity,"))
    #expect(!FileManager.default.fileExists(atPath: path), "nothing made for a bad command line")
    // A file that is not a catalogue: refused, never made worse.
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: URL(fileURLWithPath: path))
    for words in [["search", "--count"], ["catalog"], ["catalog", "sync", "curiosity"]] {
      let run = try await rovers(words, server)
      #expect(run.status == 65, "\(words): \(run.stderr)")
      #expect(run.stderr.hasPrefix("Error: \(path) is not a rovers catalogue or is damaged"))
      #expect(run.stderr.split(separator: "\n").count == 1)
      #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }
  }

  @Test func aSecondWriterIsToldAtOnceAndReadersAreNeverBlocked() async throws {
    let server = try await FixtureServer.start(latencyMilliseconds: 200, shape: "nasa")
    let child = try Subprocess(
      Binaries.rovers.path, ["catalog", "sync", "curiosity", "--to-sol", "400", "-j", "2", "-q"],
      environment: Offline.environment(environment(server)),
      stderr: folder.url.appendingPathComponent("stderr").path)
    defer {
      child.signal(SIGKILL)
      _ = child.waitBlocking()
    }
    // Curiosity's feed is asked a sol as `condition_2=N:sol:in`.
    try await Poll.until("the first sols asked") {
      server.requests.filter { $0.target.contains(":sol:in") }.count >= 4
    }
    let second = try await rovers(["catalog", "sync", "curiosity"], server)
    #expect(second.status == 75)
    #expect(
      second.stderr == "Error: another rovers catalog sync is writing \(path); try again later\n")
    let reader = try await rovers(["search", "curiosity", "--count"], server)
    #expect(reader.status == 0, "\(reader.stderr)")
  }

  @Test func killedAtRandomMomentsThenRunOnceMoreHoldsExactlyWhatIsServed() async throws {
    // 10 ms a request, and Perseverance's last sol never answers: every run is still syncing
    // when its kill lands, wherever its mark falls.
    let server = try await FixtureServer.start(
      latencyMilliseconds: 10, faults: #"[{"match": "sol=1042", "latency_ms": 600000}]"#,
      shape: "nasa")
    var generator = SplitMix(seed: 66)
    let words = ["catalog", "sync", "curiosity", "perseverance", "--to-sol", "1100", "-q"]
    for _ in 0..<30 {
      let before = server.requests.count
      let child = try Subprocess(
        Binaries.rovers.path, words, environment: Offline.environment(environment(server)))
      let more = Int.random(in: 2...200, using: &generator)
      // Its mark, or the last sol asked: then it has nothing left but to wait.
      try await Poll.until("\(more) more requests") {
        let requests = server.requests
        return requests.count >= before + more || child.hasEnded
          || requests.dropFirst(before).contains { $0.target.contains("sol=1042") }
      }
      child.signal(SIGKILL)
      #expect(await child.exitStatus() == 128 + SIGKILL)
      #expect(try pythonReads().check == "ok")
    }
    let healthy = try await FixtureServer.start(shape: "nasa")
    let last = try await rovers(words, healthy)
    #expect(last.status == 0, "\(last.stderr)")
    let read = try pythonReads()
    #expect(read.check == "ok")
    #expect(read.sols == 1101 + 1043)
    #expect(read.names == Self.served(lastCuriositySol: 1100))
  }
}
