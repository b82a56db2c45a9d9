import Foundation
import TestSupport
import Testing

/// A traverse map on a slow link: no run waits more than 2 s for it, a download cut off is
/// resumed by the next run, and a few runs end with places.
@Suite(.timeLimit(.minutes(3))) struct SlowMapTests {
  @Test func aMapServedOverTenSecondsGivesPlacesWithinAFewRuns() async throws {
    let api = try await FixtureServer.start()
    let map = try Data(
      contentsOf: PackagePaths.fixtures.appendingPathComponent("nasa/waypoints/M20_waypoints.json"))
    // The whole map takes 10 s: 50 pieces, 200 ms apart. No run gets more than about 2 s of
    // it, so only runs that resume what the last one kept can ever finish it.
    let piece = map.count / 50 + 1
    let rule = #"{"match": "_waypoints.json", "action": "drip", "interval_ms": 200, "bytes": "#
    let feeds = try await FixtureServer.start(faults: "[\(rule)\(piece)}]", shape: "nasa")
    let home = try TemporaryFolder()
    let environment = [
      "ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": feeds.host,
      "XDG_CACHE_HOME": home.url.appendingPathComponent("cache").path,
    ]
    let arguments = ["photos", "perseverance", "--sol", "100", "--json", "--timeout", "30"]
    let reference = try await ProcessRun.roversProcess(
      arguments + ["--source", "api"], base: api.baseURL)
    var placedAfter: Int?
    for run in 1...10 {
      let photos = try await ProcessRun.roversProcess(
        arguments, base: api.baseURL, environment: environment)
      let seconds = photos.seconds
      #expect(photos.status == 0, "\(photos.stderr)")
      // The API's answer at once, and the map given 2 s after it at most.
      #expect(seconds < 10, "run \(run): \(seconds) s")
      let records = try #require(
        try JSONSerialization.jsonObject(with: Data(photos.stdout.utf8)) as? [[String: Any]])
      let reference = try #require(
        try JSONSerialization.jsonObject(with: Data(reference.stdout.utf8)) as? [[String: Any]])
      #expect(records.count == reference.count)
      if records.allSatisfy({ $0["lat"] is Double && $0["place"] is String }) {
        placedAfter = run
        break
      }
      #expect(photos.stderr.contains("places of Perseverance's photos are left out"))
    }
    let runs = try #require(placedAfter, "no run ended with places")
    // At least one run was cut off and the next resumed it.
    #expect(runs >= 2)
    // Resumed, not asked again from the start: the map's bytes crossed the wire about once.
    #expect(feeds.requests.filter { $0.target.contains("_waypoints.json") }.count == runs)
  }
}
