import Foundation
import TestSupport
import Testing

/// Ranges of sols and Earth days, filters on what the feeds say of each photo, and a sync of
/// every mission: end to end against the fixture servers.
@Suite(.timeLimit(.minutes(3))) struct RangesAndFiltersTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  func csv(_ run: CapturedRun) -> [[Substring]] {
    run.stdout.split(separator: "\n").dropFirst().map { $0.split(separator: ",") }
  }

  @Test func aRangeOfSolsIsTheSolsWithPhotosInSolOrder() async throws {
    let api = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      [
        "photos", "curiosity", "--from-sol", "995", "--to-sol", "1010", "--format", "csv",
        "--fields", "sol",
      ], base: api.baseURL)
    #expect(run.status == 0, "\(run.stderr)")
    let sols = csv(run).map { Int($0[0]) ?? -1 }
    #expect(sols.count == 856)
    #expect(Set(sols) == [1000])
    // Only the sols the manifest has photos for are asked for (10 of the 16 in the range; the
    // fixtures hold photos of one of them), each once.
    let asked = api.requests.filter { $0.target.contains("/photos?") }.compactMap { request in
      request.target.split(separator: "sol=").last?.split(separator: "&").first.flatMap {
        Int($0)
      }
    }
    #expect(Set(asked).count == 10)
    #expect(asked.count == Set(asked).count)
    #expect(!asked.contains(1005), "sol 1005 has no photos in the manifest")
    #expect(asked.allSatisfy { (995...1010).contains($0) })

    let past = try await CapturedRun.rovers(
      ["photos", "curiosity", "--from-sol", "5000"], base: api.baseURL)
    #expect(past.status == 0)
    #expect(past.stdout.isEmpty)
    #expect(past.stderr == "Curiosity has photos from sol 0 to 2540 (2012-08-06 to 2019-09-28)\n")
  }

  @Test func aRangeOfEarthDaysFromTheFeedsKeepsEachPhotosDay() async throws {
    let feeds = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      [
        "photos", "perseverance", "--from-date", "2021-02-18", "--to-date", "2021-06-01",
        "--format", "csv", "--fields", "sol,earth_date",
      ], base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host])
    #expect(run.status == 0, "\(run.stderr)")
    let rows = csv(run)
    #expect(rows.count == 54 + 49)
    // Sol order: every photo of sol 0, then every photo of sol 100.
    #expect(rows.map { Int($0[0]) ?? -1 } == rows.map { Int($0[0]) ?? -1 }.sorted())
    #expect(rows.first.map { "\($0[0]),\($0[1])" } == "0,2021-02-18")
    #expect(rows.last.map { "\($0[0]),\($0[1])" } == "100,2021-06-01")
  }

  @Test func aRangeDownloadsEverySolOfIt() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let mirror = folder.url.appendingPathComponent("mars")
    let run = try await CapturedRun.rovers(
      ["download", "perseverance", "--from-sol", "0", "--to-sol", "200", "-o", mirror.path],
      base: api.baseURL)
    #expect(run.status == 0, "\(run.stderr)")
    let sols = try FileManager.default.contentsOfDirectory(
      atPath: mirror.appendingPathComponent("perseverance").path
    ).filter { !$0.hasPrefix(".") }.sorted()
    #expect(sols == ["0", "100"])
    #expect(run.stderr.contains("downloaded 103,"))
  }

  @Test func aSyncWithoutARoverMirrorsEveryActiveMissionOrAllWithAll() async throws {
    let api = try await FixtureServer.start()
    let feeds = try await FixtureServer.start(shape: "nasa")
    let mirror = folder.url.appendingPathComponent("mars").path
    func plan(_ extra: [String]) async throws -> Set<String> {
      let run = try await CapturedRun.rovers(
        ["sync", "-o", mirror, "--dry-run", "--format", "csv", "--fields", "path"] + extra,
        base: api.baseURL, environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": feeds.host])
      #expect(run.status == 0, "\(run.stderr)")
      return Set(
        run.stdout.split(separator: "\n").dropFirst().compactMap {
          $0.dropFirst(mirror.count + 1).split(separator: "/").first.map(String.init)
        })
    }
    #expect(try await plan([]) == ["curiosity", "perseverance"])
    #expect(
      try await plan(["--all"]) == [
        "curiosity", "spirit", "opportunity", "perseverance", "ingenuity", "insight",
      ])
    let both = try await CapturedRun.rovers(
      ["sync", "curiosity", "--all", "-o", mirror], base: api.baseURL)
    #expect(both.status == 64)
  }

  @Test func filtersOnTheFeedsDetailsCostNoRequest() async throws {
    let feeds = try await FixtureServer.start(shape: "nasa")
    let environment = ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host]
    let thumbnails = try await CapturedRun.rovers(
      [
        "photos", "perseverance", "--sol", "100", "--sample-type", "thumbnail", "--format",
        "csv", "--fields", "sample_type",
      ], base: Offline.apiBase, environment: environment)
    #expect(thumbnails.status == 0, "\(thumbnails.stderr)")
    #expect(csv(thumbnails).count == 4, "one thumbnail of each camera")
    #expect(csv(thumbnails).allSatisfy { $0 == ["thumbnail"] })
    let before = feeds.requests.count
    let evening = try await CapturedRun.rovers(
      [
        "photos", "perseverance", "--sol", "100", "--mars-time-from", "10:00",
        "--mars-time-to", "10:30", "--format", "csv", "--fields", "mars_time",
      ], base: Offline.apiBase, environment: environment)
    #expect(
      evening.stdout.split(separator: "\n").dropFirst() == [
        "Sol-00100M10:05:35.035", "Sol-00100M10:12:36.036", "Sol-00100M10:19:37.037",
        "Sol-00100M10:26:38.038",
      ])
    // One sol, one page: the filter asked for nothing more.
    #expect(feeds.requests.count == before + 1)
    // Through midnight: from 11:30 to 06:10 keeps the first photo and the last ones.
    let night = try await CapturedRun.rovers(
      [
        "photos", "perseverance", "--sol", "100", "--mars-time-from", "11:30",
        "--mars-time-to", "06:10", "--format", "csv", "--fields", "mars_time",
      ], base: Offline.apiBase, environment: environment)
    #expect(csv(night).count == 3)
    let api = try await FixtureServer.start()
    let fromAPI = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--mars-time-from", "17:00"], base: api.baseURL)
    #expect(fromAPI.status == 0)
    #expect(fromAPI.stdout.isEmpty)
    #expect(fromAPI.stderr.hasPrefix("note: these photos carry no Mars time"))
  }
}
