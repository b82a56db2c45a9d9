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

  /// A Mars24 step as GISS's worked examples print it: angles that count forward (Ls, EOT)
  /// and the sol date cut at five decimals, the other steps rounded there. (That is the
  /// document's way; the clock prints its figures rounded, as the Mars24 program does.)
  static func printed(_ value: Double, cut: Bool) -> String {
    POSIX.fixed(cut ? (value * 100_000).rounded(.towardZero) / 100_000 : value, places: 5)
  }

  /// The clock's figures are rounded to their last digit as the Mars24 program prints them:
  /// Spirit's example reads MSD 46215.54856 (46215.548557), and 2022-11-25T06:51:07Z reads
  /// MSD 52931.62675 and MTC 15:02:31, the published figures. A figure that wraps stays short
  /// of its turn.
  @Test func clockFiguresAreRoundedAsMars24PrintsThem() {
    let spirit = MarsClockReading(.spirit, atSecondsSince1970: Self.utc("2004-01-03T13:46:31"))
    #expect(MarsClockReading.figureText(spirit.marsSolDate) == "46215.54856")
    let later = MarsClockReading(
      .perseverance, atSecondsSince1970: Self.utc("2022-11-25T06:51:07"))
    #expect(MarsClockReading.figureText(later.marsSolDate) == "52931.62675")
    #expect(MarsClockReading.clockText(later.coordinatedMarsTime) == "15:02:31")
    #expect(MarsClockReading.figureText(359.999_996, wrapsAt: 360) == "359.99999")
    #expect(MarsClockReading.figureText(44795.999_996) == "44796.00000")
    #expect(MarsClockReading.clockText(23.999_9) == "23:59:59")
    #expect(MarsClockReading.clockText(12.000_14) == "12:00:01")
  }

  /// GISS's first example, 2000-01-06T00:00:00 UTC at the prime meridian: every step to its
  /// printed digits. Its Ls and EOT are cut, not rounded (rounded, they would read 277.18759
  /// and -5.18775); its second example shows no step where the two differ.
  @Test func mars24ReproducesGISSsFirstExample() {
    let mars = Mars24(secondsSince1970: Self.utc("2000-01-06T00:00:00"))
    let steps: [(Double, Bool, String)] = [
      (mars.julianDateTT, false, "2451549.50074"), (mars.meanAnomaly, false, "21.74558"),
      (mars.fictitiousMeanSun, false, "272.74566"), (mars.perturbers, false, "0.00142"),
      (mars.equationOfCenter, false, "4.44193"), (mars.solarLongitude, true, "277.18758"),
      (mars.equationOfTime, true, "-5.18774"), (mars.marsSolDate, true, "44795.99976"),
      (mars.coordinatedMarsTime, false, "23.99425"),
      (mars.localTrueSolarTime(eastLongitude: 0), false, "23.64840"),
    ]
    for (value, cut, expected) in steps { #expect(Self.printed(value, cut: cut) == expected) }
    #expect(MarsClockReading.clockText(mars.coordinatedMarsTime) == "23:59:39")
  }

  /// GISS's second example: Spirit's site (184.702°W, 175.298°E) at 2004-01-03T13:46:31 UTC,
  /// the local true midnight. Its printed steps, as public re-implementations quote them:
  /// every one to its digits, by the same rule as the first.
  @Test func mars24ReproducesGISSsSpiritExample() {
    let mars = Mars24(secondsSince1970: Self.utc("2004-01-03T13:46:31"))
    let east = 360 - 184.702
    let steps: [(Double, Bool, String)] = [
      (mars.julianDateUT, false, "2453008.07397"), (mars.daysSinceJ2000, false, "1463.07471"),
      (mars.meanAnomaly.truncatingRemainder(dividingBy: 360), false, "66.06858"),
      (mars.fictitiousMeanSun.truncatingRemainder(dividingBy: 360), false, "317.09457"),
      (mars.perturbers, false, "0.01614"), (mars.equationOfCenter, false, "10.22959"),
      (mars.solarLongitude, true, "327.32416"), (mars.equationOfTime, true, "-12.77553"),
      (mars.coordinatedMarsTime, false, "13.16537"),
      (mars.localMeanSolarTime(eastLongitude: east), false, "0.85190"),
      (mars.localTrueSolarTime(eastLongitude: east), false, "0.00020"),
    ]
    for (value, cut, expected) in steps { #expect(Self.printed(value, cut: cut) == expected) }
    #expect(MarsClockReading.clockText(mars.coordinatedMarsTime) == "13:09:55")
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

  /// Every record, real (the repository's copy of ../shared/real-nasa: a clone has no
  /// `shared` beside it) and made (the fixtures' feeds), gives its own sol and local time:
  /// the clock's sol equals it, and its LMST is within 2 s.
  @Test func everyRecordAgreesWithItsMissionsClock() throws {
    let files = FileManager.default
    var sources: [(url: URL, clock: MissionClock)] = []
    let real = PackagePaths.fixtures.appendingPathComponent("real-nasa")
    for name in try files.contentsOfDirectory(atPath: real.path) where name.hasSuffix(".json") {
      let clock: MissionClock =
        name.hasPrefix("m20") ? .perseverance : name.hasPrefix("msl") ? .curiosity : .insight
      sources.append((real.appendingPathComponent(name), clock))
    }
    let feeds: [(String, MissionClock)] = [
      ("mars2020", .perseverance), ("ingenuity", .ingenuity), ("msl", .curiosity),
      ("insight", .insight),
    ]
    for (feed, clock) in feeds {
      let folder = PackagePaths.fixtures.appendingPathComponent("nasa/\(feed)")
      for name in try files.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".json") {
        sources.append((folder.appendingPathComponent(name), clock))
      }
    }
    var checked = 0
    for (url, clock) in sources.sorted(by: { $0.url.path < $1.url.path }) {
      let name = url.path
      let data = try Data(contentsOf: url)
      let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] ?? [:]
      let items = (object["images"] ?? object["items"]) as? [[String: Any]] ?? []
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
    #expect(checked >= 400)
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
