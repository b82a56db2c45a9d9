import CommandRuntime
import FixtureServing
import Foundation
import RoverAPI
import Testing

/// Earth days by the missions' clocks: `--earth-date` asks for the sols a UTC day overlaps, and
/// a photo whose API day is not its sol's day by the clock shows the clock's in tables and
/// keeps the API's in JSON, with the sol's start beside it.
@Suite struct EarthDayTests {
  static func days(_ first: String, _ last: String) -> ClosedRange<EarthDate> {
    EarthDate(first)!...EarthDate(last)!
  }

  @Test func aDayIsTheSolsItOverlaps() {
    // Sol 99 until 22:23 UTC, then sol 100 (MARSTIME.md).
    #expect(
      EarthDays.sols(overlapping: Self.days("2021-05-31", "2021-05-31"), of: "perseverance")
        == 99...100)
    #expect(
      EarthDays.sols(overlapping: Self.days("2021-02-18", "2021-06-01"), of: "Perseverance")
        == 0...101)
    // Before the first sol, after an ended mission's last, and days to come: none.
    #expect(
      EarthDays.sols(overlapping: Self.days("2001-01-01", "2001-01-02"), of: "curiosity") == nil)
    #expect(EarthDays.sols(overlapping: Self.days("2011-01-01", "2011-01-01"), of: "spirit") == nil)
    #expect(
      EarthDays.sols(overlapping: Self.days("9999-01-01", "9999-01-01"), of: "curiosity") == nil)
    // A range with no end runs to today's sol, not past it.
    let open = EarthDays.sols(
      overlapping: Self.days("2024-01-01", "9999-12-31"), of: "perseverance")
    #expect(open.map { $0.upperBound < 1_000_000 } == true)
  }

  @Test func theAPIIsAskedForEachSolTheDayOverlaps() async throws {
    let server = try await FixtureServer.start()
    let table = try await CapturedRun.rovers(
      ["photos", "perseverance", "--earth-date", "2021-05-31"], base: server.baseURL)
    #expect(table.status == 0, "\(table.stderr)")
    // Sol 100's photos (the fixtures have no sol 99), under the clock's day of sol 100.
    #expect(table.stdout.split(separator: "\n").count == 50)
    #expect(table.stdout.contains("2021-06-01  https://mars.nasa.gov/"))
    #expect(!server.requests.contains { $0.target.contains("earth_date=") })
    let json = try await CapturedRun.rovers(
      ["photos", "perseverance", "--earth-date", "2021-05-31", "--json"], base: server.baseURL)
    let photos = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(photos.count == 49)
    #expect(photos.allSatisfy { $0["earth_date"] as? String == "2021-05-31" })
    let start = try #require(photos.first?["sol_start_utc"] as? String)
    #expect(start.hasPrefix("2021-05-31T22:23:0"))
    // Where the two agree, nothing is added: sol 0 is 2021-02-18 both ways.
    let zero = try await CapturedRun.rovers(
      ["photos", "perseverance", "--sol", "0", "--json"], base: server.baseURL)
    #expect(!zero.stdout.contains("sol_start_utc"))
    // A page is the server's own page of the day it was asked.
    let page = try await CapturedRun.rovers(
      ["photos", "perseverance", "--earth-date", "2021-05-31", "--page", "1"],
      base: server.baseURL)
    #expect(page.status == 0)
    #expect(server.requests.contains { $0.target.contains("earth_date=2021-05-31") })
  }

  /// A record that says when it was taken is on that UTC day everywhere, though it has no
  /// Mars time: Curiosity's sol 1489 Mastcam frames (MSSS's records leave `lmst` null), taken
  /// 2016-10-13T23:20:28Z, where the sol's local noon is on the 14th. Only the third, taken on
  /// the 14th, shows the 14th.
  @Test func aRecordsOwnTimeDecidesItsDay() async throws {
    let feeds = try await FixtureServer.start(shape: "nasa")
    let environment = ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host]
    let arguments = ["photos", "curiosity", "--sol", "1489"]
    let expected = ["2016-10-13", "2016-10-13", "2016-10-14"]
    let table = try await CapturedRun.rovers(
      arguments, base: Offline.apiBase, environment: environment)
    #expect(table.status == 0, "\(table.stderr)")
    let rows = table.stdout.split(separator: "\n").dropFirst()
    #expect(rows.map { $0.contains("2016-10-13") } == [true, true, false], "\(table.stdout)")
    let csv = try await CapturedRun.rovers(
      arguments + ["--format", "csv", "--fields", "earth_date"], base: Offline.apiBase,
      environment: environment)
    #expect(csv.stdout.split(separator: "\n").dropFirst().map(String.init) == expected)
    let json = try await CapturedRun.rovers(
      arguments + ["--json"], base: Offline.apiBase, environment: environment)
    let photos = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(photos.map { $0["earth_date"] as? String } == expected)
    #expect(photos.first?["date_taken"] as? String == "2016-10-13T23:20:28.000Z")
    #expect(photos.allSatisfy { $0["sol_start_utc"] == nil })
  }
}
