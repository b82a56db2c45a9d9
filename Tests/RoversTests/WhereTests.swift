import Foundation
import TestSupport
import Testing

/// `rovers where` against the fixture feeds' waypoint files.
@Suite(.timeLimit(.minutes(3))) struct WhereTests {
  let home: TemporaryFolder

  init() throws { home = try TemporaryFolder() }

  func run(_ arguments: [String], feeds: String, source: String = "auto") async throws
    -> CapturedRun
  {
    try await CapturedRun.rovers(
      ["where"] + arguments, base: Offline.apiBase,
      environment: [
        "ROVERS_SOURCE": source, "ROVERS_NASA_BASE": feeds, "XDG_CACHE_HOME": home.url.path,
      ])
  }

  @Test func theLatestPositionAndASolsAndTheMapAskedOnceADay() async throws {
    let feeds = try await FixtureServer.start(shape: "nasa")
    let latest = try await run(["perseverance"], feeds: feeds.host)
    #expect(latest.status == 0, "\(latest.stderr)")
    #expect(
      latest.stdout
        == "ROVER          SOL  SITE  DRIVE  LATITUDE  LONGITUDE E  ELEVATION M  DRIVEN M\n"
        + "Perseverance  1042    13    300  18.44748     77.45469     -2563.26     237.5\n")
    let onSol = try await run(["curiosity", "--sol", "1000", "--json"], feeds: feeds.host)
    let position = try #require(
      try JSONSerialization.jsonObject(with: Data(onSol.stdout.utf8)) as? [String: Any])
    #expect(position["sol"] as? Int == 1000 && position["site"] as? Int == 15)
    #expect(position["drive"] as? Int == 30)
    #expect(position["lat"] as? Double == -4.59066 && position["lon"] as? Double == 137.44344)
    #expect(position["elevation"] as? Double == -4496.26)
    #expect(position["distance_m"] as? Double == 120)
    // A sol without a drive: the last place before it, said so.
    let between = try await run(
      ["curiosity", "--sol", "999", "--format", "csv", "--fields", "sol,site,drive"],
      feeds: feeds.host)
    #expect(between.stdout == "sol,site,drive\n86,5,200\n")
    #expect(
      between.stderr
        == "Curiosity reached no waypoint on sol 999: the last before it is of sol 86\n")
    let before = try await run(["curiosity", "--sol", "1", "--json"], feeds: feeds.host)
    #expect(before.status == 0 && before.stdout == "null\n")
    // One request per map, whatever the runs asked.
    #expect(
      feeds.requests.map(\.target).sorted() == [
        "/mmgis-maps/M20/Layers/json/M20_waypoints.json",
        "/mmgis-maps/MSL/Layers/json/MSL_waypoints.json",
      ])
    _ = try await run(["curiosity", "--refresh"], feeds: feeds.host)
    #expect(feeds.requests.count == 3)
  }

  @Test func badInputIsSaidInOneLineWithItsExitCode() async throws {
    let feeds = try await FixtureServer.start(
      faults: #"[{"match": "M20_waypoints", "status": 200, "body": "{\"features\": [1, "}]"#,
      shape: "nasa")
    let spirit = try await run(["spirit"], feeds: feeds.host)
    #expect(spirit.status == 64)
    #expect(
      spirit.stderr
        == "Error: NASA publishes the waypoints of Curiosity's and Perseverance's traverses"
        + " only; Spirit has none\n")
    let typo = try await run(["curiosty"], feeds: feeds.host)
    #expect(typo.status == 64)
    #expect(typo.stderr.hasPrefix("Error: Unknown rover 'curiosty'. Did you mean 'curiosity'?"))
    let api = try await run(["curiosity"], feeds: feeds.host, source: "api")
    #expect(api.status == 64)
    #expect(api.stderr.hasPrefix("Error: the traverse maps are on NASA's feeds' host"))
    let damaged = try await run(["perseverance"], feeds: feeds.host)
    #expect(damaged.status == 65)
    #expect(damaged.stderr.contains("M20_waypoints.json"), "\(damaged.stderr)")
    #expect(damaged.stdout.isEmpty)
    let sol = try await run(["perseverance", "--sol", "-3"], feeds: feeds.host)
    #expect(sol.status == 64)
    #expect(feeds.requests.count == 1)
  }
}
