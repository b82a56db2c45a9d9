/// A mission's own clock: its sols and local mean solar time as the mission keeps them. Sols
/// count from the local midnight that began the first sol, at the longitude the mission's
/// clock was defined for (not always the landing site's): in Mars24's terms, the sol and its
/// fraction are the Mars Sol Date plus a fixed offset. The one type that says what sol it is;
/// everything that shows a Mars time asks it.
public struct MissionClock: Sendable, Hashable {
  /// The mission's name: `Perseverance`.
  public let name: String
  /// The first sol: 0, or 1 for Spirit and Opportunity.
  public let firstSol: Int
  /// The sol and its fraction minus the Mars Sol Date.
  let solOffset: Double
  /// The site's latitude, in degrees north: which hemisphere's season it is.
  public let latitude: Double
  /// When the mission ended: the end of the UTC day of its last contact, in seconds since
  /// 1970; `nil` while it runs.
  public let endedAt: Double?

  /// A clock whose sol and fraction are the Mars Sol Date plus `solOffset`.
  init(
    _ name: String, firstSol: Int, solOffset: Double, latitude: Double, endedAt: Double? = nil
  ) {
    self.name = name
    self.firstSol = firstSol
    self.solOffset = solOffset
    self.latitude = latitude
    self.endedAt = endedAt
  }

  /// The longitude east the clock's local mean time is the mean solar time of, in degrees:
  /// the fraction of its offset (a "hybrid" time's, for Spirit and Opportunity).
  public var eastLongitude: Double { 360 * (solOffset - solOffset.rounded(.down)) }

  /// The sol and its fraction at a moment.
  public func solAndFraction(atSecondsSince1970 seconds: Double) -> Double {
    Mars24(secondsSince1970: seconds).marsSolDate + solOffset
  }

  /// The sol at a moment (before the first sol, a number below it).
  public func sol(atSecondsSince1970 seconds: Double) -> Int {
    Int(solAndFraction(atSecondsSince1970: seconds).rounded(.down))
  }

  /// The local mean solar time at a moment, in hours: the mission's own LMST.
  public func localMeanSolarTime(atSecondsSince1970 seconds: Double) -> Double {
    let value = solAndFraction(atSecondsSince1970: seconds)
    return 24 * (value - value.rounded(.down))
  }

  /// When a sol begins (its local midnight), in seconds since 1970 UTC.
  public func start(ofSol sol: Int) -> Double {
    Mars24.secondsSince1970(marsSolDate: Double(sol) - solOffset)
  }

  /// The last sol of an ended mission; `nil` while it runs.
  public var lastSol: Int? { endedAt.map { sol(atSecondsSince1970: $0) } }

  /// The sols a UTC day (from `dayStart`, seconds since 1970, for 24 hours) overlaps, each with
  /// the moment it begins or the day's start, whichever is later.
  public func sols(overlappingDayStartingAt dayStart: Double) -> [(sol: Int, from: Double)] {
    let dayEnd = dayStart + 86400
    var sol = self.sol(atSecondsSince1970: dayStart)
    var found = [(sol: sol, from: dayStart)]
    while true {
      sol += 1
      let begins = start(ofSol: sol)
      guard begins < dayEnd else { return found }
      found.append((sol, begins))
    }
  }

  /// The season at the site: Ls 0 is the northern spring equinox, so the south has the
  /// opposite season.
  public func season(solarLongitude: Double) -> String {
    let northern = ["spring", "summer", "autumn", "winter"]
    let southern = ["autumn", "winter", "spring", "summer"]
    let quarter = min(3, max(0, Int(solarLongitude / 90)))
    return (latitude >= 0 ? northern : southern)[quarter]
  }
}

extension MissionClock {
  /// Perseverance: NAIF's `m2020_lmst_ops210303_v1.tsc`, defined at 77.4277°E in Mars24's
  /// terms (the site is 77.45089°E); sol 0 began 2021-02-18T04:24:15.8Z.
  public static let perseverance = MissionClock(
    "Perseverance", firstSol: 0, solOffset: 77.4277 / 360 - 52304, latitude: 18.4447)
  /// Curiosity: fitted to the feeds' records, Mars24's LMST at about 137.414°E; sol 0 began
  /// 2012-08-05T13:49:59Z.
  public static let curiosity = MissionClock(
    "Curiosity", firstSol: 0, solOffset: 137.414 / 360 - 49269, latitude: -4.5895)
  /// InSight: NAIF's `insight_lmst_ops181206_v1.tsc`, defined at 135.9719°E; last contact
  /// 2022-12-15.
  public static let insight = MissionClock(
    "InSight", firstSol: 0, solOffset: 135.9719 / 360 - 51511, latitude: 4.5024,
    endedAt: 1_671_148_799)
  /// Spirit's "hybrid" local time: sol = ⌊MSD − 46214.5416⌋, from sol 1; last contact
  /// 2010-03-22.
  public static let spirit = MissionClock(
    "Spirit", firstSol: 1, solOffset: -46214.5416, latitude: -14.5684, endedAt: 1_269_302_399)
  /// Opportunity: sol = ⌊MSD − 46235.0424⌋, from sol 1; last contact 2018-06-10.
  public static let opportunity = MissionClock(
    "Opportunity", firstSol: 1, solOffset: -46235.0424, latitude: -1.9462,
    endedAt: 1_528_675_199)
  /// Ingenuity flew from Perseverance, and its records carry Perseverance's sols; its last
  /// flight was 2024-01-18, and the mission ended 2024-01-25.
  public static let ingenuity = MissionClock(
    "Ingenuity", firstSol: 0, solOffset: perseverance.solOffset, latitude: perseverance.latitude,
    endedAt: 1_706_227_199)

  /// Every mission's clock, the running ones first.
  public static let all = [perseverance, curiosity, ingenuity, insight, opportunity, spirit]

  /// The clock of a mission by name, in any case; `nil` for a name no mission has.
  public static func named(_ name: String) -> MissionClock? {
    all.first { $0.name.lowercased() == name.lowercased() }
  }
}
