import CommandRuntime
import Foundation
import MarsTime
import SystemInterface
import Testing

@testable import rovers

/// `rovers clock` and `--sol today`/`yesterday`: the missions' clocks at the command line.
@Suite struct ClockTests {
  /// The JSON a run printed.
  static func json(_ run: CapturedRun) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(run.stdout.utf8))
  }

  /// GISS's first worked example, at the prime meridian's clock of Mars24.
  @Test func clockAtGISSsFirstExample() async throws {
    let run = await CapturedRun.run("clock perseverance --at 2000-01-06T00:00:00Z --json")
    #expect(run.code == .success)
    let rows = try #require(try Self.json(run) as? [[String: Any]])
    let row = try #require(rows.first)
    #expect(row["msd"] as? Double == 44795.99976)
    #expect(row["mtc"] as? String == "23:59:39")
    // Rounded, as the clock prints every figure (GISS's document cuts its steps: 277.18758).
    #expect(row["ls"] as? Double == 277.18759)
    #expect(row["utc"] as? String == "2000-01-06T00:00:00Z")
    let table = await CapturedRun.run("clock perseverance --at 2000-01-06T00:00:00Z")
    let line = try #require(table.stdout.split(separator: "\n").last)
    for figure in ["44795.99976", "23:59:39", "277.18759"] { #expect(line.contains(figure)) }
  }

  /// Mars24's published digits for its two examples, rounded, in the table and the JSON.
  @Test func clockPrintsMars24sDigits() async throws {
    let spirit = await CapturedRun.run("clock spirit --at 2004-01-03T13:46:31Z")
    #expect(spirit.stdout.contains("46215.54856"), "\(spirit.stdout)")
    let run = await CapturedRun.run("clock curiosity --at 2022-11-25T06:51:07Z --json")
    let row = try #require((try Self.json(run) as? [[String: Any]])?.first)
    #expect(row["msd"] as? Double == 52931.62675)
    #expect(row["mtc"] as? String == "15:02:31")
    let table = await CapturedRun.run("clock curiosity --at 2022-11-25T06:51:07Z")
    for figure in ["52931.62675", "15:02:31"] { #expect(table.stdout.contains(figure)) }
  }

  /// Sol 1000 of Perseverance began 2023-12-12T16:11:39Z, and 2021-05-31 (UTC) holds sol 99
  /// until 22:23:00, then sol 100.
  @Test func aSolsStartAndADaysSols() async throws {
    let sol = await CapturedRun.run("clock perseverance --sol 1000 --json")
    let span = try #require(try Self.json(sol) as? [String: Any])
    let start = try #require((span["start_utc"] as? String).flatMap(TimeText.secondsSince1970))
    #expect(abs(start - TimeText.secondsSince1970("2023-12-12T16:11:39Z")!) <= 2)
    let day = await CapturedRun.run("clock perseverance --date 2021-05-31 --json")
    let parts = try #require(try Self.json(day) as? [[String: Any]])
    #expect(parts.map { $0["sol"] as? Int } == [99, 100])
    let change = try #require((parts[1]["start_utc"] as? String).flatMap(TimeText.secondsSince1970))
    #expect(abs(change - TimeText.secondsSince1970("2021-05-31T22:23:00Z")!) <= 2)
    #expect(parts[0]["end_utc"] as? String == parts[1]["start_utc"] as? String)
  }

  /// Every mission by default, the ended ones with their last sol.
  @Test func everyMissionByDefault() async throws {
    let run = await CapturedRun.run("clock --json")
    let rows = try #require(try Self.json(run) as? [[String: Any]])
    #expect(rows.compactMap { $0["rover"] as? String } == MissionClock.all.map(\.name))
    let spirit = try #require(rows.first { $0["rover"] as? String == "Spirit" })
    #expect(spirit["status"] as? String == "ended")
    #expect(spirit["last_sol"] as? Int == 2210)
  }

  /// The status is the mission's at the moment read: `--at` may be before a landing, or in a
  /// mission that has ended since.
  @Test func theStatusIsAtTheMomentRead() async throws {
    func statuses(at time: String) async throws -> [String: String] {
      let run = await CapturedRun.run("clock --at \(time) --json")
      let rows = try #require(try Self.json(run) as? [[String: Any]])
      return Dictionary(
        uniqueKeysWithValues: rows.map {
          ($0["rover"] as? String ?? "", $0["status"] as? String ?? "")
        })
    }
    let early = try await statuses(at: "2004-06-01T00:00:00Z")
    #expect(early["Spirit"] == "active" && early["Opportunity"] == "active")
    #expect(early["Curiosity"] == "not landed" && early["Perseverance"] == "not landed")
    let later = try await statuses(at: "2020-01-01T00:00:00Z")
    #expect(later["Spirit"] == "ended" && later["Curiosity"] == "active")
    #expect(later["Perseverance"] == "not landed" && later["Ingenuity"] == "not landed")
    // Landed on its sol 0 (Spirit counts from 1): the day of the landing is active.
    let landing = try await statuses(at: "2021-02-18T21:00:00Z")
    #expect(landing["Perseverance"] == "active")
    let table = await CapturedRun.run("clock spirit opportunity --at 2012-01-01")
    #expect(table.stdout.contains("ended, last sol 2210"))
    #expect(!table.stdout.contains("ended, last sol 5111"), "Opportunity ran until 2018")
  }

  @Test(arguments: [
    ("clock marz", "Unknown rover 'marz'."),
    ("clock perseverence", "Did you mean 'perseverance'?"),
    ("clock --at noon", "The value 'noon' is invalid for '--at <time>'"),
    ("clock --sol 5", "'--sol' is of one rover"),
    ("clock perseverance --date 2021-02-30", "The value '2021-02-30' is invalid for '--date"),
    (
      "photos spirit --sol today",
      "Spirit's mission has ended: it has no today; its last sol was 2210"
    ),
    ("photos opportunity --sol yesterday", "its last sol was 5111"),
    ("photos perseverance --sol today-x", "The value 'today-x' is invalid for '--sol <sol>'"),
  ])
  func badInputIsAUsageError(_ line: String, _ message: String) async {
    let run = await CapturedRun.run(line)
    #expect(run.code == .usage)
    #expect(run.stderr.contains(message))
    #expect(run.stdout.isEmpty)
  }

  /// `--sol yesterday` asks for the sol before the one it is now by the mission's clock: the
  /// request names it (a refused connection, so nothing is fetched).
  @Test func yesterdayIsTheSolBeforeNowByTheMissionsClock() async throws {
    for _ in 0..<3 {
      let before = MissionClock.perseverance.sol(atSecondsSince1970: POSIX.secondsSince1970Now())
      let run = try await CapturedRun.rovers(
        ["photos", "perseverance", "--sol", "yesterday", "--source", "api", "--retries", "0"],
        base: "http://127.0.0.1:9/api/v1")
      let after = MissionClock.perseverance.sol(atSecondsSince1970: POSIX.secondsSince1970Now())
      // A sol that changed during the run is asked again.
      guard before == after else { continue }
      #expect(run.code == .unavailable)
      #expect(run.stderr.contains("sol=\(before - 1)&"), "\(run.stderr)")
      return
    }
    Issue.record("the sol kept changing")
  }
}
