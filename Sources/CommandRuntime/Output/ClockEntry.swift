import MarsTime
import PlainText
import SystemInterface

/// One mission's clock in `rovers clock`'s output: its sol and local times, Mars's time and
/// season, and whether the mission had landed, ran or had ended then (an ended one's last sol).
package struct ClockEntry: JSONPrintable, Sendable {
  package var reading: MarsClockReading

  /// The entry of a reading.
  package init(_ reading: MarsClockReading) { self.reading = reading }

  /// The fields, as `--fields` and the CSV header name them.
  package static let fields: [Records.Field] = [
    .init("rover"), .init("sol", alignRight: true), .init("lmst", "LMST"),
    .init("ltst", "LTST"), .init("msd", "MSD", alignRight: true), .init("mtc", "MTC"),
    .init("ls", "LS", alignRight: true), .init("mars_year", "MY", alignRight: true),
    .init("season"), .init("status", colors: ["active": "32"]), .init("last_sol", alignRight: true),
    .init("utc", "UTC", rank: -1),
  ]

  /// The mission at the moment read, which `--at` may put before its landing or after its
  /// end: not landed yet (a sol before its first), active, or ended.
  private var status: String {
    let clock = reading.clock
    if reading.sol < clock.firstSol { return "not landed" }
    if let end = clock.endedAt, reading.secondsSince1970 > end { return "ended" }
    return "active"
  }

  /// The status as the table shows it: an ended mission's with its last sol.
  private var statusText: String {
    guard status == "ended", let last = reading.clock.lastSol else { return status }
    return "ended, last sol \(last)"
  }

  private var msd: String { MarsClockReading.figureText(reading.marsSolDate) }
  private var ls: String { MarsClockReading.figureText(reading.solarLongitude, wrapsAt: 360) }

  /// The rows of `entries`.
  package static func records(_ entries: [ClockEntry]) -> Records {
    Records(
      fields, entries,
      table: ["rover", "sol", "lmst", "ltst", "msd", "mtc", "ls", "mars_year", "season", "status"]
    ) { entry in
      let reading = entry.reading
      return [
        .text(reading.clock.name), .number(reading.sol),
        .text(MarsClockReading.clockText(reading.localMeanSolarTime)),
        .text(MarsClockReading.clockText(reading.localTrueSolarTime)), .text(entry.msd),
        .text(MarsClockReading.clockText(reading.coordinatedMarsTime)), .text(entry.ls),
        .number(reading.marsYear), .text(reading.season),
        .text(entry.statusText),
        .number(reading.clock.lastSol), .text(TimeText.utc(reading.secondsSince1970)),
      ]
    }
  }

  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("last_sol", reading.clock.lastSol)
      json.member("lmst", MarsClockReading.clockText(reading.localMeanSolarTime))
      json.member("ls", Double(ls))
      json.member("ltst", MarsClockReading.clockText(reading.localTrueSolarTime))
      json.member("mars_year", reading.marsYear)
      json.member("msd", Double(msd))
      json.member("mtc", MarsClockReading.clockText(reading.coordinatedMarsTime))
      json.member("rover", reading.clock.name)
      json.member("season", reading.season)
      json.member("sol", reading.sol)
      json.member("status", status)
      json.member("utc", TimeText.utc(reading.secondsSince1970))
    }
  }
}

/// One sol of a mission in `rovers clock --sol` or `--date`: when it begins and ends (or the
/// part of it a UTC day holds), in UTC and in the local zone.
package struct SolSpanEntry: JSONPrintable, Sendable {
  package var rover: String
  package var sol: Int
  /// Seconds since 1970 UTC.
  package var start: Double
  package var end: Double

  /// The span of `sol` of `rover` from `start` to `end`.
  package init(rover: String, sol: Int, start: Double, end: Double) {
    (self.rover, self.sol, self.start, self.end) = (rover, sol, start, end)
  }

  /// When `sol` of the mission begins and ends.
  package static func sol(_ sol: Int, of clock: MissionClock) -> SolSpanEntry {
    SolSpanEntry(
      rover: clock.name, sol: sol, start: clock.start(ofSol: sol), end: clock.start(ofSol: sol + 1))
  }

  /// The parts of the mission's sols the UTC day from `dayStart` holds, in order.
  package static func day(startingAt dayStart: Double, of clock: MissionClock) -> [SolSpanEntry] {
    let sols = clock.sols(overlappingDayStartingAt: dayStart)
    return sols.enumerated().map { index, part in
      SolSpanEntry(
        rover: clock.name, sol: part.sol, start: part.from,
        end: index + 1 < sols.count ? sols[index + 1].from : dayStart + 86400)
    }
  }

  /// The fields, as `--fields` and the CSV header name them.
  package static let fields: [Records.Field] = [
    .init("rover"), .init("sol", alignRight: true), .init("start_utc", "START (UTC)"),
    .init("end_utc", "END (UTC)"), .init("start_local", "START (LOCAL)"),
    .init("end_local", "END (LOCAL)"),
  ]

  /// The rows of `entries`.
  package static func records(_ entries: [SolSpanEntry]) -> Records {
    Records(fields, entries) { entry in
      [
        .text(entry.rover), .number(entry.sol), .text(TimeText.utc(entry.start)),
        .text(TimeText.utc(entry.end)), .text(TimeText.local(entry.start)),
        .text(TimeText.local(entry.end)),
      ]
    }
  }

  package func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("end_local", TimeText.local(end))
      json.member("end_utc", TimeText.utc(end))
      json.member("rover", rover)
      json.member("sol", sol)
      json.member("start_local", TimeText.local(start))
      json.member("start_utc", TimeText.utc(start))
    }
  }
}
