import Foundation
import TestSupport
import Testing

/// Ingenuity and InSight, which only NASA's feeds have, and what the feeds say about each
/// photo: end to end against the fixture server in the feeds' shape (Ingenuity in the Mars
/// 2020 feed's shape, InSight in the raw-image items'), beside the API of the default source.
@Suite(.timeLimit(.minutes(3))) struct MissionsTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  /// The default source, the API with the feeds beside it: the missions must come from the
  /// feeds.
  func run(_ arguments: [String], api: FixtureServer, feeds: FixtureServer) async throws
    -> CapturedRun
  {
    try await CapturedRun.rovers(
      arguments, base: api.baseURL,
      environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": feeds.host])
  }

  func json(_ run: CapturedRun) throws -> [[String: Any]] {
    try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
  }

  @Test func theMissionsAreAnsweredFromTheFeedsBesideTheAPI() async throws {
    let api = try await FixtureServer.start()
    let feeds = try await FixtureServer.start(shape: "nasa")
    let photos = try await run(
      ["photos", "ingenuity", "--sol", "1069", "--json"], api: api, feeds: feeds)
    #expect(photos.status == 0, "\(photos.stderr)")
    let records = try json(photos)
    #expect(records.count == 4, "the thumbnail is left out")
    #expect(
      Set(records.compactMap { ($0["camera"] as? [String: Any])?["name"] as? String })
        == ["HELI_NAV", "HELI_RTE"])
    #expect(
      records.allSatisfy { ($0["rover"] as? [String: Any])?["name"] as? String == "Ingenuity" })
    let latest = try await run(["latest", "insight"], api: api, feeds: feeds)
    #expect(latest.status == 0, "\(latest.stderr)")
    #expect(latest.stdout.hasPrefix("InSight: sol 1211, 2022-04-23, 3 photos\n"))
    #expect(latest.stdout.contains("  IDC  ") && latest.stdout.contains("  ICC  "))
    // Not one request for them went to the API.
    #expect(!api.requests.contains { $0.target.lowercased().contains("ingenuity") })
    #expect(!api.requests.contains { $0.target.lowercased().contains("insight") })
    let manifest = try await run(
      ["manifest", "ingenuity", "--from-sol", "99", "--to-sol", "101", "--format", "csv"],
      api: api, feeds: feeds)
    #expect(manifest.status == 0, "\(manifest.stderr)")
    #expect(manifest.stdout.contains("100,2021-06-01,6,HELI_NAV HELI_RTE"))
    let camera = try await run(
      [
        "photos", "insight", "--sol", "100", "--camera", "icc", "--format", "csv", "--fields",
        "camera,instrument",
      ], api: api, feeds: feeds)
    #expect(camera.stdout == "camera,instrument\nICC,icc\nICC,icc\n")
  }

  @Test func aMissionsNameIsSuggestedAndListed() async throws {
    let api = try await FixtureServer.start()
    let typo = try await CapturedRun.rovers(
      ["photos", "ingenuty", "--sol", "1"], base: api.baseURL)
    #expect(typo.status == 64)
    #expect(typo.stderr.hasPrefix("Error: Unknown rover 'ingenuty'. Did you mean 'ingenuity'?"))
    let help = try await CapturedRun.rovers(["help", "list"], base: api.baseURL)
    #expect(help.stdout.contains("Ingenuity and InSight"))
  }

  @Test func aMissionDownloadsIntoItsFolderWithItsRecordAndGallery() async throws {
    let api = try await FixtureServer.start()
    let feeds = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let mirror = folder.url.appendingPathComponent("mars")
    let download = try await run(
      ["download", "insight", "--sol", "100", "-o", mirror.path, "-q"], api: api, feeds: feeds)
    #expect(download.status == 0, "\(download.stderr)")
    let sol = mirror.appendingPathComponent("insight/100")
    let cameras = try FileManager.default.contentsOfDirectory(atPath: sol.path).sorted()
    #expect(cameras.filter { !$0.hasPrefix(".") } == ["ICC", "IDC"])
    let record = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: sol.appendingPathComponent(".rovers-sol.json"))) as? [String: Any])
    let saved = try #require(record["photos"] as? [[String: Any]])
    #expect(saved.count == 5)
    // What the feeds say of each photo is kept with it.
    let details = try #require(saved.first?["details"] as? [String: Any])
    // InSight's feed writes its local time of day alone.
    #expect(details["mars_time"] as? String == "06:07:01.001")
    #expect(details["credit"] as? String == "NASA/JPL-Caltech")
    #expect(details["site"] == nil, "a lander has no site")
    let gallery = try await run(["gallery", mirror.path], api: api, feeds: feeds)
    #expect(gallery.status == 0, "\(gallery.stderr)")
    let page = try String(contentsOf: sol.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(page.contains("data-details=\"Mars time 06:00:00.000"))
    #expect(page.contains(" · NASA/JPL-Caltech\""))
  }

  /// Every photo has the feeds' keys, null where its source has none; `--fields` picks them.
  @Test func whatTheFeedsSayOfEachPhotoIsInJSONAndFields() async throws {
    let api = try await FixtureServer.start()
    let feeds = try await FixtureServer.start(shape: "nasa")
    let environment = ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host]
    let curiosity = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "86", "--json"], base: api.baseURL,
      environment: environment)
    let first = try #require(try json(curiosity).first)
    #expect(first["mars_time"] as? String == "Sol-00086M16:17:07.006")
    #expect(first["mast_az"] as? Double == 172.142)
    #expect(first["mast_el"] as? Double == 36.2001)
    #expect(first["site"] as? Int == 5)
    #expect(first["drive"] as? Int == 104)
    #expect(first["sample_type"] as? String == "full")
    #expect(
      (first["caption"] as? String)?.hasPrefix("This image was taken by Left Navigation") == true)
    #expect(first["credit"] as? String == "NASA/JPL-Caltech")
    let csv = try await CapturedRun.rovers(
      [
        "photos", "perseverance", "--sol", "888", "--format", "csv", "--fields",
        "nasa_id,mars_time,mast_az,mast_el,site,drive",
      ], base: api.baseURL,
      environment: environment)
    #expect(csv.status == 0, "\(csv.stderr)")
    #expect(
      csv.stdout.split(separator: "\n").dropFirst().first
        == "NLF_0888_0745756834_410ECM_N0440000NCAM00501_01_295J01,Sol-00888M08:20:47.365,91.7789,87.7931,44,0"
    )
    // From the API: the same keys, all null.
    let fromAPI = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--json"], base: api.baseURL)
    let photo = try #require(try json(fromAPI).first)
    for key in [
      "mars_time", "mast_az", "mast_el", "site", "drive", "sample_type", "filter", "title",
      "caption", "credit",
    ] {
      #expect(photo.keys.contains(key) && photo[key] is NSNull, "\(key)")
    }
  }
}
