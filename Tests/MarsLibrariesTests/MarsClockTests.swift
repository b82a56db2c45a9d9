import Foundation
import MarsTime
import SystemInterface
import TestSupport
import Testing

/// Mars24 against NASA GISS's worked example, and the missions' clocks against the missions'
/// own: their kernels' midnights and every real record NASA's feeds gave.
@Suite struct MarsClockTests {
  /// Seconds since 1970 of a UTC moment written `2000-01-06T00:00:00` (fractions allowed).
  static func utc(_ text: String) -> Double {
    let parts = text.split(whereSeparator: { "-T:Z".contains($0) }).map { Double($0)! }
    let whole = POSIX.secondsSince1970(
      utc: POSIX.CivilTime(
        year: Int(parts[0]), month: Int(parts[1]), day: Int(parts[2]), hour: Int(parts[3]),
        minute: Int(parts[4]), second: Int(parts[5].rounded(.down))))!
    return whole + parts[5] - parts[5].rounded(.down)
  }

  /// Hours of a clock written `08:20:47.365`.
  static func hours(_ text: Substring) -> Double {
    let parts = text.split(separator: ":").map { Double($0)! }
    return parts[0] + parts[1] / 60 + parts[2] / 3600
  }

  /// GISS's first example, 2000-01-06T00:00:00 UTC at the prime meridian: every step to its
  /// printed digits, give or take one in the last (GISS's own sums round: its Ls is 0.00001
  /// below the sum of its printed αFMS and ν − M).
  @Test func mars24ReproducesGISSsFirstExample() {
    let mars = Mars24(secondsSince1970: Self.utc("2000-01-06T00:00:00"))
    let printed: [(Double, Double)] = [
      (mars.julianDateTT, 2_451_549.50074), (mars.meanAnomaly, 21.74558),
      (mars.fictitiousMeanSun, 272.74566), (mars.perturbers, 0.00142),
      (mars.equationOfCenter, 4.44193), (mars.solarLongitude, 277.18758),
      (mars.equationOfTime, -5.18774), (mars.marsSolDate, 44795.99976),
      (mars.coordinatedMarsTime, 23.99425), (mars.localTrueSolarTime(eastLongitude: 0), 23.64840),
    ]
    for (value, expected) in printed { #expect(abs(value - expected) <= 0.000_011) }
  }

  /// The kernels' and the fitted clocks' midnights, and the MARSTIME examples.
  @Test func solsBeginWhereTheMissionsSay() {
    let perseverance = MissionClock.perseverance
    #expect(abs(perseverance.start(ofSol: 0) - Self.utc("2021-02-18T04:24:15.806")) < 1)
    #expect(abs(perseverance.start(ofSol: 1) - Self.utc("2021-02-19T05:03:51.05")) < 1)
    #expect(abs(perseverance.start(ofSol: 1000) - Self.utc("2023-12-12T16:11:39")) < 2)
    #expect(abs(MissionClock.curiosity.start(ofSol: 1) - Self.utc("2012-08-06T14:29:35")) < 1)
    #expect(abs(MissionClock.insight.start(ofSol: 0) - Self.utc("2018-11-26T05:10:50.336")) < 1)
    // The MER clocks are given to 0.0001 sol, 8.9 s: within half of that.
    #expect(abs(MissionClock.spirit.start(ofSol: 1) - Self.utc("2004-01-03T13:36:16")) < 4.5)
    #expect(abs(MissionClock.opportunity.start(ofSol: 1) - Self.utc("2004-01-24T15:09:00")) < 4.5)
    // A UTC day overlaps two sols: Perseverance's 2021-05-31 is sol 99, then 100 from 22:23.
    let day = perseverance.sols(overlappingDayStartingAt: Self.utc("2021-05-31T00:00:00"))
    #expect(day.map(\.sol) == [99, 100])
    #expect(abs(day[1].from - Self.utc("2021-05-31T22:23:00")) < 2)
  }

  /// Every real record gives its own sol and local time: the clock's sol equals it, and its
  /// LMST is within 2 s.
  @Test func everyRealRecordAgreesWithItsMissionsClock() throws {
    // The repository's copy of ../shared/real-nasa: a clone has no `shared` beside it.
    let folder = PackagePaths.fixtures.appendingPathComponent("real-nasa")
    var checked = 0
    for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    where name.hasSuffix(".json") {
      let data = try Data(contentsOf: folder.appendingPathComponent(name))
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
      let items = (object["images"] ?? object["items"]) as? [[String: Any]] ?? []
      let clock =
        name.hasPrefix("m20")
        ? MissionClock.perseverance
        : name.hasPrefix("msl") ? MissionClock.curiosity : MissionClock.insight
      for item in items {
        let extended = item["extended"] as? [String: Any] ?? [:]
        guard let taken = (item["date_taken_utc"] ?? item["date_taken"]) as? String else {
          continue
        }
        let mars = (item["date_taken_mars"] ?? extended["lmst"]) as? String
        let (sol, lmst): (Int, Double)
        if let mars, let mark = mars.lastIndex(of: "M") {
          sol = Int(mars.dropFirst(4).prefix { $0 != "M" })!
          lmst = Self.hours(mars[mars.index(after: mark)...])
        } else if let local = extended["localtime"] as? String, let number = item["sol"] as? Int {
          (sol, lmst) = (number, Self.hours(Substring(local)))
        } else {
          continue
        }
        let moment = Self.utc(taken)
        #expect(clock.sol(atSecondsSince1970: moment) == sol, "\(name): \(taken)")
        var difference = abs(clock.localMeanSolarTime(atSecondsSince1970: moment) - lmst) * 3600
        difference = min(difference, 86400 - difference)
        #expect(difference <= 2, "\(name): \(taken) is \(difference) s off")
        checked += 1
      }
    }
    #expect(checked >= 20)
  }

  /// An ended mission's last sol is the sol of its last day; a running one has none.
  @Test func endedMissionsKeepTheirLastSol() {
    #expect(MissionClock.spirit.lastSol == 2210)
    #expect(MissionClock.opportunity.lastSol == 5111)
    #expect(MissionClock.perseverance.lastSol == nil)
    #expect(MissionClock.named("PERSEVERANCE") == .perseverance)
    #expect(MissionClock.named("marz") == nil)
  }
}
