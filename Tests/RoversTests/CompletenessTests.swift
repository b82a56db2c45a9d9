import Foundation
import TestSupport
import Testing

/// A mirror complete against NASA: late downlinks caught, `verify`, feed numbers that lie, and
/// honest failover, end to end against the fixture servers.
@Suite(.timeLimit(.minutes(3))) struct CompletenessTests {
  let folder: TemporaryFolder
  let mirror: URL

  init() throws {
    folder = try TemporaryFolder()
    mirror = folder.url.appendingPathComponent("mars")
  }

  /// A copy of Fixtures/ in which NASA's feed holds `extra` more Perseverance photos of sol
  /// 1042 than the API: images that came down in a later downlink.
  func fixturesWithLatePhotos(_ extra: Int) throws -> URL {
    try LatePhotos.fixtures(at: folder.url.appendingPathComponent("fixtures"), extra: extra)
  }

  /// The journal keeps a late-downlink check owed.
  func expectCheckOwed() throws {
    let journal = mirror.appendingPathComponent(".rovers-sync.journal")
    #expect(
      try String(contentsOf: journal, encoding: .utf8).contains(
        #"{"downlinks_missed":true,"rover":"perseverance"}"#))
  }

  /// NASA's feeds with two more photos of sol 1042 than the API, from a downlink their latest
  /// answer no longer names (it names only sol 1043).
  func feedsBackWithTwoLatePhotos() async throws -> FixtureServer {
    try await FixtureServer.start(
      faults: #"""
        [{"match": "latest=true", "status": 200,
          "body": "{\"latest_sol\": 1043, \"latest_sols\": [1043], \"total\": 64}"}]
        """#, shape: "nasa", imageLatencyMilliseconds: 0, fixtures: try fixturesWithLatePhotos(2))
  }

  func auto(_ feeds: FixtureServer) -> [String: String] {
    ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": feeds.host]
  }

  @Test func aLateDownlinkIsCaughtOnTheNextRunOfTheDefaultSource() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    // The first `latest` answer names no sol; the later ones name 1042, as a downlink that
    // brought three more of its images would.
    let feeds = try await LatePhotos.feeds(
      at: folder.url.appendingPathComponent("fixtures"), extra: 3)
    let arguments = ["sync", "perseverance", "-o", mirror.path]
    let first = try await CapturedRun.rovers(arguments, base: api.baseURL, environment: auto(feeds))
    #expect(first.status == 0, "\(first.stderr)")
    #expect(first.stderr.hasPrefix("downloaded 62, "), "\(first.stderr)")
    let second = try await CapturedRun.rovers(
      arguments, base: api.baseURL, environment: auto(feeds))
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.hasPrefix("downloaded 3, skipped 62, "), "\(second.stderr)")
    #expect(Folder.photos(mirror).filter { $0.contains("LATE") }.count == 3)
    // One `latest` request per run, whatever else the run asks.
    #expect(feeds.requests.filter { $0.target.contains("latest=true") }.count == 2)
    let verify = try await CapturedRun.rovers(["verify", mirror.path], base: api.baseURL)
    #expect(verify.status == 0, "\(verify.stdout)\(verify.stderr)")
    #expect(verify.stderr == "verify: 1 sol, 65 photos: the folder is whole\n")
  }

  @Test func aSyncThatCannotAskTheFeedsSavesTheAPIsPhotosExits75AndCatchesUpLater() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let arguments = ["sync", "perseverance", "-o", mirror.path, "--retries", "0"]
    let first = try await CapturedRun.rovers(
      arguments, base: api.baseURL,
      environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": Offline.refusedFeeds])
    #expect(first.status == 75, "\(first.stderr)")
    #expect(Folder.photos(mirror).count == 62, "what the API listed is saved")
    #expect(
      first.stderr.contains(
        "Error: could not ask NASA's feeds which sols their latest downlink reached for"
          + " Perseverance (NASA's feeds at 127.0.0.1: cannot connect to 127.0.0.1:9); the photos"
          + " the API listed are saved, and the next run lists the last 14 sols again from the"
          + " feeds\n"), "\(first.stderr)")
    try expectCheckOwed()
    // The feeds are back. While they were out of reach, a downlink brought sol 1042 two more
    // photos; their latest downlink now names only a later sol.
    let feeds = try await feedsBackWithTwoLatePhotos()
    let second = try await CapturedRun.rovers(
      arguments, base: api.baseURL, environment: auto(feeds))
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.hasPrefix("downloaded 2, skipped 62, "), "\(second.stderr)")
    #expect(Folder.photos(mirror).filter { $0.contains("LATE") }.count == 2)
    #expect(feeds.requests.contains { $0.target.contains("sol=1042") })
    // Made up for: the next run lists sol 1042 from the feeds no more.
    let asked = feeds.requests.filter { $0.target.contains("sol=1042") }.count
    let third = try await CapturedRun.rovers(
      arguments, base: api.baseURL, environment: auto(feeds))
    #expect(third.status == 0, "\(third.stderr)")
    #expect(third.stderr == "nothing new\n")
    #expect(feeds.requests.filter { $0.target.contains("sol=1042") }.count == asked)
  }

  @Test func aSyncWithNASAsHostHangingSavesTheAPIsPhotosWithin10sAndCatchesUpLater() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let hanging = try await FixtureServer.start(latencyMilliseconds: 600_000, shape: "nasa")
    let cache = folder.url.appendingPathComponent("cache").path
    func sync(_ nasa: String) async throws -> (run: ProcessRun, seconds: Double) {
      let run = try await ProcessRun.roversProcess(
        ["sync", "perseverance", "-o", mirror.path, "--timeout", "30"], base: api.baseURL,
        environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": nasa, "XDG_CACHE_HOME": cache])
      return (run, run.seconds)
    }
    // Before, it waited for the traverse map before listing a sol: nothing saved in minutes.
    let (first, seconds) = try await sync(hanging.host)
    #expect(seconds < 10, "\(seconds) s")
    #expect(first.status == 75, "\(first.stderr)")
    #expect(Folder.photos(mirror).count == 62, "every photo the API lists is saved")
    #expect(first.stderr.contains("no answer from 127.0.0.1 within 2 s"), "\(first.stderr)")
    try expectCheckOwed()
    // NASA's host is back, with two photos of sol 1042 that came down meanwhile; only the
    // catch-up finds them.
    let feeds = try await feedsBackWithTwoLatePhotos()
    let (second, _) = try await sync(feeds.host)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(second.stderr.hasPrefix("downloaded 2, skipped 62, "), "\(second.stderr)")
    #expect(Folder.photos(mirror).filter { $0.contains("LATE") }.count == 2)
  }

  @Test func verifyFindsADeletedSolAndADamagedFileAndSyncVerifyRestoresThem() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let sync = ["sync", "perseverance", "-o", mirror.path]
    let first = try await CapturedRun.rovers(sync, base: api.baseURL)
    #expect(first.stderr.hasPrefix("downloaded 62, "), "\(first.stderr)")
    try FileManager.default.removeItem(at: mirror.appendingPathComponent("perseverance/1042"))
    let found = try await CapturedRun.rovers(["verify", mirror.path, "--json"], base: api.baseURL)
    #expect(found.status == 3)
    let findings = try #require(
      try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [[String: Any]])
    #expect(findings.count == 1)
    #expect(findings.first?["problem"] as? String == "sol_missing")
    #expect(findings.first?["sol"] as? Int == 1042)
    // A plain sync trusts its journal and walks nothing.
    let plain = try await CapturedRun.rovers(sync, base: api.baseURL)
    #expect(plain.stderr == "nothing new\n")
    let repaired = try await CapturedRun.rovers(sync + ["--verify"], base: api.baseURL)
    #expect(repaired.status == 0, "\(repaired.stderr)")
    #expect(repaired.stderr.contains("verify: 1 sol, 0 photos: 1 sol missing\n"))
    #expect(repaired.stderr.contains("downloaded 62, skipped 0, "))
    #expect(Folder.photos(mirror).count == 62)
    // A file emptied on disk is damaged: found, removed and fetched again.
    let photo = try #require(Folder.photos(mirror).first)
    try Data().write(to: mirror.appendingPathComponent(photo))
    let damaged = try await CapturedRun.rovers(["verify", mirror.path], base: api.baseURL)
    #expect(damaged.status == 3)
    #expect(damaged.stdout.contains("damaged"))
    #expect(damaged.stderr == "verify: 1 sol, 62 photos: 1 damaged\n")
    let again = try await CapturedRun.rovers(sync + ["--verify"], base: api.baseURL)
    #expect(again.stderr.contains("downloaded 1, skipped 61, "), "\(again.stderr)")
    let whole = try await CapturedRun.rovers(["verify", mirror.path], base: api.baseURL)
    #expect(whole.status == 0)
    // Bytes that are not the image the name says are damaged too; a file no record names is
    // unknown, reported but never removed.
    let other = try #require(Folder.photos(mirror).last)
    try Data("not a photo".utf8).write(to: mirror.appendingPathComponent(other))
    let stray = mirror.appendingPathComponent(photo).deletingLastPathComponent()
      .appendingPathComponent("holiday.jpg")
    try Data(contentsOf: mirror.appendingPathComponent(photo)).write(to: stray)
    let mixed = try await CapturedRun.rovers(
      ["verify", mirror.path, "perseverance", "--json"], base: api.baseURL)
    #expect(mixed.status == 3)
    let problems = try #require(
      try JSONSerialization.jsonObject(with: Data(mixed.stdout.utf8)) as? [[String: Any]])
    #expect(Set(problems.compactMap { $0["problem"] as? String }) == ["damaged", "unknown"])
    #expect(mixed.stdout.contains("the file is not the JPEG its name says"))
    _ = try await CapturedRun.rovers(sync + ["--verify"], base: api.baseURL)
    #expect(FileManager.default.fileExists(atPath: stray.path))
    let left = try await CapturedRun.rovers(["verify", mirror.path], base: api.baseURL)
    #expect(left.stderr == "verify: 1 sol, 62 photos: 1 unknown\n")
  }

  @Test func verifyRemoteListsWhatNASAHasThatTheFolderLacks() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let feeds = try await FixtureServer.start(
      shape: "nasa", fixtures: try fixturesWithLatePhotos(2))
    _ = try await CapturedRun.rovers(
      ["sync", "perseverance", "-o", mirror.path], base: api.baseURL)
    let remote = try await CapturedRun.rovers(
      ["verify", mirror.path, "--remote", "--json"], base: api.baseURL, environment: auto(feeds))
    #expect(remote.status == 3, "\(remote.stderr)")
    let findings = try #require(
      try JSONSerialization.jsonObject(with: Data(remote.stdout.utf8)) as? [[String: Any]])
    #expect(findings.map { $0["problem"] as? String } == ["lacking", "lacking"])
    #expect(findings.allSatisfy { ($0["nasa_id"] as? String)?.contains("LATE") == true })
  }

  @Test(arguments: ["-1", "1000000000000000"])
  func aLatestSolNoMissionHasIsRefusedNamingTheRequest(_ sol: String) async throws {
    let feeds = try await FixtureServer.start(
      faults: """
        [{"match": "latest", "status": 200, "body": "{\\"latest_sol\\": \(sol), \\"total\\": 5}"}]
        """, shape: "nasa")
    let environment = ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host]
    for arguments in [
      ["manifest", "perseverance"],
      ["sync", "perseverance", "--since-sol", "0", "-o", mirror.path],
    ] {
      let run = try await CapturedRun.rovers(
        arguments, base: Offline.apiBase, environment: environment)
      #expect(run.status == 65, "\(run.stderr)")
      #expect(run.stderr.contains("GET \(feeds.host)/rss/api/?"))
      #expect(run.stderr.contains("latest_sol is \(sol), outside the sols a mission can have"))
    }
  }

  @Test func aFeedTotalThatLiesIsNotTrustedAndTheSolIsListedAgain() async throws {
    // Curiosity's sol 1000 has 861 items over five pages of 200; the feed says 5.
    let feeds = try await FixtureServer.start(
      faults: #"[{"match": "condition_2=1000", "action": "set", "set": "{\"total\": 5}"}]"#,
      shape: "nasa", imageLatencyMilliseconds: 0)
    let environment = ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host]
    let photos = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--json"], base: Offline.apiBase,
      environment: environment)
    #expect(photos.status == 0, "\(photos.stderr)")
    let listed = try #require(
      try JSONSerialization.jsonObject(with: Data(photos.stdout.utf8)) as? [[String: Any]])
    let honest = try await FixtureServer.start(shape: "nasa")
    let all = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--json"], base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": honest.host])
    let truth = try #require(
      try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
    #expect(listed.count == truth.count)
    #expect(listed.count > 200)
    let sync = ["sync", "curiosity", "--since-sol", "1000", "-o", mirror.path, "-j", "16"]
    let first = try await CapturedRun.rovers(sync, base: Offline.apiBase, environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    #expect(
      first.stderr.contains(
        "warning: curiosity sol 1000 is incomplete: NASA's feed counts 5 records but its pages"
          + " held 861"))
    let before = feeds.requests.filter { $0.target.contains("condition_2=1000") }.count
    let second = try await CapturedRun.rovers(sync, base: Offline.apiBase, environment: environment)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(feeds.requests.filter { $0.target.contains("condition_2=1000") }.count > before)
  }

  @Test func aFeedThatNamesOneImageFiftyTimesListsItOnce() async throws {
    let feeds = try await FixtureServer.start(
      faults: #"[{"match": "sol=100&", "action": "repeat", "count": 50}]"#, shape: "nasa")
    let run = try await CapturedRun.rovers(
      ["photos", "perseverance", "--sol", "100", "--json"], base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host])
    #expect(run.status == 0, "\(run.stderr)")
    let photos = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    #expect(photos.count == 49)
  }

  @Test func whenBothSourcesFailEachIsNamedAndATimeoutStaysTemporary() async throws {
    let api = try await FixtureServer.start(faults: #"[{"match": "/rovers", "latency_ms": 5000}]"#)
    let run = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--timeout", "0.3", "--retries", "0"],
      base: api.baseURL,
      environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": Offline.refusedFeeds])
    #expect(run.status == 75, "\(run.stderr)")
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(run.stderr)")
    #expect(
      lines.first?.hasPrefix("Error: the API: GET \(api.baseURL)/rovers/curiosity/photos") == true)
    #expect(
      lines.last?.hasPrefix(
        "Error: NASA's feeds: GET \(Offline.refusedFeeds)/api/v1/raw_image_items/")
        == true)
    #expect(!run.stderr.contains("answered from"))
  }

  @Test func theFailoverNoticeComesOnlyOnceTheFeedsHaveAnswered() async throws {
    let feeds = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--retries", "0", "--json"],
      base: Offline.apiBase, environment: auto(feeds))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.hasSuffix("answered from NASA's raw-image feeds\n"))
    // Counts of another kind are said to be so.
    let list = try await CapturedRun.rovers(
      ["list", "--retries", "0"], base: Offline.apiBase, environment: auto(feeds))
    #expect(list.status == 0, "\(list.stderr)")
    #expect(
      list.stderr.hasSuffix(
        "answered from NASA's raw-image feeds\nnote: photo counts are from NASA's feeds, whose"
          + " totals count every image record they hold (thumbnails and every sample type), not"
          + " the photos an API server keeps\n"))
  }

  @Test func aBaseWithoutTheAPIPathIsAMistakeNotAnOutage() async throws {
    let api = try await FixtureServer.start()
    let feeds = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(["list"], base: api.host, environment: auto(feeds))
    #expect(run.status == 69)
    #expect(run.stderr.contains("(the API base has no /api/v1: try \(api.host)/api/v1)"))
    #expect(!run.stderr.contains("answered from"))
    #expect(run.stdout.isEmpty)
    // The feeds are asked for the missions only they have, and for nothing of the API's.
    #expect(feeds.requests.allSatisfy { $0.target.contains("latest") })
    #expect(!feeds.requests.contains { $0.target.contains("category=mars2020") })
  }

  @Test func anUpperCaseSchemeAndHostAreTheSameServer() async throws {
    let api = try await FixtureServer.start()
    let base = api.baseURL.replacingOccurrences(of: "http://", with: "HTTP://")
    let run = try await CapturedRun.rovers(["list", "--retries", "0"], base: base)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("Curiosity"))
  }

  @Test(arguments: [true, false])
  func aRateLimitedServerIsPacedNotHit(_ headers: Bool) async throws {
    let api = try await FixtureServer.start(
      imageLatencyMilliseconds: 0,
      arguments: ["--rate-limit", "4/1"] + (headers ? ["--rate-limit-headers"] : []))
    // A process of its own: the pace is a matter of timing, which the test process's other
    // work would skew.
    let run = try await ProcessRun.roversProcess(
      ["sync", "perseverance", "--since-sol", "1032", "-o", mirror.path, "-v"],
      base: api.baseURL)
    #expect(run.status == 0, "\(run.stderr)")
    let refused = run.stderr.split(separator: "\n").filter { $0.contains("→ 429") }.count
    // With the server saying what is left, never refused; without, refused only while the
    // first window of requests was in flight, then paced.
    #expect(headers ? refused == 0 : refused <= 8, "\(run.stderr)")
    #expect(run.stderr.contains("waiting"))
  }

  @Test func aJournalFragmentLeavesTheNextLineWhole() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let sync = ["sync", "perseverance", "--since-sol", "1042", "-o", mirror.path]
    _ = try await CapturedRun.rovers(sync, base: api.baseURL)
    let journal = mirror.appendingPathComponent(".rovers-sync.journal")
    let handle = try FileHandle(forWritingTo: journal)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(#"{"rover":"perseverance","sol":1042,"co"#.utf8))
    try handle.close()
    try FileManager.default.removeItem(at: mirror.appendingPathComponent("perseverance/1042"))
    let repaired = try await CapturedRun.rovers(sync + ["--verify"], base: api.baseURL)
    #expect(repaired.status == 0, "\(repaired.stderr)")
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    let fragment = try #require(lines.firstIndex { $0.hasSuffix(#""co"#) })
    #expect(fragment + 1 < lines.count)
    for line in lines[(fragment + 1)...] {
      #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
    }
  }

  @Test func aPageOfTheUsersIsNeverWrittenOver() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    try FileManager.default.createDirectory(at: mirror, withIntermediateDirectories: true)
    let page = mirror.appendingPathComponent("index.html")
    try Data("<html><body>my project</body></html>".utf8).write(to: page)
    let download = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", mirror.path], base: api.baseURL)
    #expect(download.status == 0, "\(download.stderr)")
    let gallery = try await CapturedRun.rovers(["gallery", mirror.path], base: api.baseURL)
    #expect(gallery.status == 73)
    #expect(gallery.stderr.contains("\(page.path): it is a page the gallery did not write"))
    #expect(try String(contentsOf: page, encoding: .utf8) == "<html><body>my project</body></html>")
  }

  @Test func aPhotoFetchedAtAnotherSizeReplacesTheEarlierFile() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let download = ["download", "perseverance", "--sol", "100", "-o", mirror.path]
    _ = try await CapturedRun.rovers(download + ["--size", "large"], base: api.baseURL)
    _ = try await CapturedRun.rovers(["gallery", mirror.path], base: api.baseURL)
    let small = try await CapturedRun.rovers(download + ["--size", "small"], base: api.baseURL)
    #expect(small.status == 0, "\(small.stderr)")
    // The photos, not the gallery's pages and feed.
    let files = Folder.photos(mirror).filter { !$0.hasSuffix(".html") && !$0.hasSuffix(".atom") }
    #expect(files.count == 49)
    #expect(files.allSatisfy { $0.hasSuffix("_320.jpg") })
    let gallery = try await CapturedRun.rovers(["gallery", mirror.path], base: api.baseURL)
    #expect(gallery.stderr == "gallery: 49 photos in 1 sol of 1 rover\n")
  }
}
