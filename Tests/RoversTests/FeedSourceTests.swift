import Foundation
import TestSupport
import Testing

/// `--source nasa` and `--source auto` end to end, against the fixture server in the shape of
/// NASA's raw-image feeds (and the API's shape where both are needed).
@Suite(.timeLimit(.minutes(3))) struct FeedSourceTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  func feeds(_ server: FixtureServer) -> [String: String] {
    ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": server.host]
  }

  func photos(_ run: CapturedRun) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
  }

  @Test func aSolOfThreeFeedPagesArrivesInTwoRoundTrips() async throws {
    // A second of latency, so the two pages overlap however busy the machine is.
    let server = try await FixtureServer.start(latencyMilliseconds: 1000, shape: "nasa")
    // The traverse map the JSON's places come from, kept in the cache beforehand, so that the
    // run's only requests are the sol's pages.
    let cached = feeds(server).merging(["XDG_CACHE_HOME": folder.url.path]) { $1 }
    _ = try await CapturedRun.rovers(
      ["where", "perseverance"], base: Offline.apiBase, environment: cached)
    let mapped = server.requests.count
    let run = try await CapturedRun.rovers(
      ["photos", "perseverance", "--sol", "890", "--json"], base: Offline.apiBase,
      environment: cached)
    #expect(run.status == 0, "\(run.stderr)")
    let photos = try photos(run)
    #expect(photos.count == 250, "the 30 thumbnails are left out")
    #expect(Set(photos.compactMap { $0["nasa_id"] as? String }).count == 250)
    let requests = Array(server.requests.dropFirst(mapped))
    #expect(mapped == 1)
    #expect(requests.count == 3)
    #expect(requests[0].target.contains("sol=890") && requests[0].target.contains("page=0"))
    // Pages 1 and 2 go together once page 0 has said how many there are.
    #expect(requests.dropFirst().map(\.inFlight).max() == 2)
  }

  @Test func latestShowsBothRoversOfTheFeeds() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      ["latest"], base: Offline.apiBase, environment: feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Curiosity: sol 2540, 2019-09-28, 4 photos"))
    #expect(run.stdout.contains("Perseverance: sol 1042, 2024-01-25, 62 photos"))
  }

  @Test func aDeadAPIIsAnsweredFromTheFeedsWithOneLine() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      ["photos", "perseverance", "--sol", "100", "--json", "--retries", "1"],
      base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": server.host])
    #expect(run.status == 0)
    #expect(try photos(run).count == 49)
    #expect(
      run.stderr
        == "127.0.0.1 is unavailable (cannot connect to 127.0.0.1:9); answered from NASA's"
        + " raw-image feeds\n")
  }

  @Test func aFolderFilledFromTheAPIIsContinuedFromTheFeedsWithoutAFetch() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let nasa = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let output = folder.url.appendingPathComponent("mars")
    let download = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "1042", "-o", output.path], base: api.baseURL)
    #expect(download.stderr.hasPrefix("downloaded 62, "))
    let sync = try await CapturedRun.rovers(
      ["sync", "perseverance", "-o", output.path], base: Offline.apiBase,
      environment: feeds(nasa))
    #expect(sync.status == 0, "\(sync.stderr)")
    #expect(sync.stderr.hasPrefix("downloaded 0, skipped 62, "))
    #expect(!nasa.requests.contains { $0.target.hasPrefix("/images/") })
    #expect(Folder.photos(output).count == 62)
  }

  @Test(arguments: ["nasa", "api"])
  func sizeSmallFetchesThe320PixelCopies(_ source: String) async throws {
    let server = try await FixtureServer.start(
      shape: source == "nasa" ? "nasa" : "original", imageLatencyMilliseconds: 0)
    let output = folder.url.appendingPathComponent("mars")
    let run = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", output.path, "--size", "small"],
      base: source == "api" ? server.baseURL : Offline.apiBase,
      environment: source == "nasa" ? feeds(server) : [:])
    #expect(run.status == 0, "\(run.stderr)")
    let files = Folder.photos(output)
    #expect(files.count == 49)
    #expect(files.allSatisfy { $0.hasSuffix("_320.jpg") })
  }

  @Test func spiritIsInNoFeed() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      ["photos", "spirit", "--sol", "1"], base: Offline.apiBase, environment: feeds(server))
    #expect(run.status == 64)
    #expect(
      run.stderr
        == "Error: Spirit is in none of NASA's raw-image feeds: NASA removed its images from its"
        + " servers in 2024, so only the API has its photos (use --source api)\n")
    #expect(server.requests.isEmpty)
  }

  @Test func aManifestCountsWhatPhotosReturns() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      ["manifest", "perseverance", "--from-sol", "888", "--to-sol", "890", "--json"],
      base: Offline.apiBase, environment: feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    let manifest = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    let entries = try #require(manifest["photos"] as? [[String: Any]])
    #expect(entries.map { $0["sol"] as? Int } == [888, 889, 890])
    for entry in entries {
      let sol = try #require(entry["sol"] as? Int)
      let listed = try await CapturedRun.rovers(
        ["photos", "perseverance", "--sol", String(sol), "--json"], base: Offline.apiBase,
        environment: feeds(server))
      #expect(entry["total_photos"] as? Int == (try photos(listed)).count)
    }
    let recent = try await CapturedRun.rovers(
      ["manifest", "perseverance"], base: Offline.apiBase, environment: feeds(server))
    #expect(recent.stderr.hasPrefix("note: NASA's feeds have no manifest: these are the last 30"))
    #expect(recent.stdout.contains("1042  2024-01-25      62"))
  }

  @Test func camerasMatchTheirInstrumentsAndInstrumentsMatchAlone() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let all = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "86", "--camera", "NAVCAM", "--json"],
      base: Offline.apiBase, environment: feeds(server))
    #expect(all.status == 0, "\(all.stderr)")
    #expect(try photos(all).count == 8)
    let one = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "86", "--camera", "NAV_LEFT_A", "--json"],
      base: Offline.apiBase, environment: feeds(server))
    #expect(one.status == 0, "\(one.stderr)")
    #expect(try photos(one).allSatisfy { $0["instrument"] as? String == "NAV_LEFT_A" })
    #expect(try photos(one).count == 4)
  }

  @Test func anEarthDayIsAnsweredFromTheImagesTakenThatDay() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      ["photos", "perseverance", "--earth-date", "2023-08-19", "--json"], base: Offline.apiBase,
      environment: feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    let photos = try photos(run)
    #expect(photos.count == 13)
    #expect(
      photos.allSatisfy { $0["earth_date"] as? String == "2023-08-19" && $0["sol"] as? Int == 888 })
  }
}

/// What the fixture server says it serves is the address to give.
@Suite(.timeLimit(.minutes(3))) struct FixtureServerBannerTests {
  @Test(arguments: [("nasa", ""), ("original", "/api/v1")])
  func theBannerGivesTheAddressToUse(_ shape: String, _ path: String) async throws {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("out")
    let portFile = folder.url.appendingPathComponent("port")
    let child = try Subprocess(
      Binaries.fixtureServer.path,
      ["--fixtures", PackagePaths.fixtures.path, "--port-file", portFile.path, "--shape", shape],
      environment: [:], stdout: out.path)
    defer { child.stop() }
    try await Poll.until("the server's port") {
      FileManager.default.fileExists(atPath: portFile.path)
    }
    let port = try String(contentsOf: portFile, encoding: .utf8)
    try await Poll.until("the banner") {
      ((try? String(contentsOf: out, encoding: .utf8)) ?? "").hasSuffix("\n")
    }
    let banner = try String(contentsOf: out, encoding: .utf8)
    #expect(banner.hasSuffix(" at http://127.0.0.1:\(port)\(path)\n"), "\(banner)")
  }
}
