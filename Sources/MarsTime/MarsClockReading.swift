import SystemInterface

/// What a mission's clock reads at a moment: its sol and local times, and Mars's own time
/// and season, from ``MissionClock`` and ``Mars24`` together.
public struct MarsClockReading: Sendable, Hashable {
  /// The clock read.
  public let clock: MissionClock
  /// The moment, in seconds since 1970 UTC.
  public let secondsSince1970: Double
  /// The mission's sol.
  public let sol: Int
  /// The mission's local mean solar time, in hours.
  public let localMeanSolarTime: Double
  /// The local true solar time at the clock's longitude, in hours: where the Sun is.
  public let localTrueSolarTime: Double
  /// The Mars Sol Date.
  public let marsSolDate: Double
  /// Coordinated Mars time, in hours.
  public let coordinatedMarsTime: Double
  /// The solar longitude Ls, in degrees.
  public let solarLongitude: Double
  /// The Mars year (year 1 began at Ls 0 in April 1955).
  public let marsYear: Int
  /// The season at the site.
  public let season: String

  /// The clock at a moment.
  public init(_ clock: MissionClock, atSecondsSince1970 seconds: Double) {
    let mars = Mars24(secondsSince1970: seconds)
    self.clock = clock
    secondsSince1970 = seconds
    sol = clock.sol(atSecondsSince1970: seconds)
    localMeanSolarTime = clock.localMeanSolarTime(atSecondsSince1970: seconds)
    localTrueSolarTime = Mars24.hours(localMeanSolarTime + mars.equationOfTime / 15)
    marsSolDate = mars.marsSolDate
    coordinatedMarsTime = mars.coordinatedMarsTime
    solarLongitude = mars.solarLongitude
    marsYear = MarsYear.number(of: mars)
    season = clock.season(solarLongitude: mars.solarLongitude)
  }

  /// A figure to five decimals, rounded as Mars24 prints it (MSD 46215.548557 reads
  /// 46215.54856). A figure that wraps at `wrapsAt` (Ls at 360) and lies within half a digit
  /// of it reads as its last digit before (359.99999): the year has not turned, so the text
  /// must not say 360 or 0.
  public static func figureText(_ value: Double, wrapsAt: Double? = nil) -> String {
    var rounded = (value * 100_000).rounded() / 100_000
    if let wrapsAt, rounded >= wrapsAt { rounded = wrapsAt - 0.000_01 }
    return POSIX.fixed(rounded, places: 5)
  }

  /// Hours as `HH:MM:SS`, rounded to the nearest second as Mars24 prints its clocks (MTC
  /// 15.0418 h reads 15:02:31). Half a second before midnight reads 23:59:59: the sol has not
  /// turned.
  public static func clockText(_ hours: Double) -> String {
    let seconds = min(Int((hours * 3600).rounded()), 86399)
    let parts = [seconds / 3600, seconds / 60 % 60, seconds % 60]
    return parts.map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
  }
}

/// The Mars year, counted as the Mars Climate Database counts it: year 1 began at Ls 0 on
/// 1955-04-11.
enum MarsYear {
  /// The Mars Sol Date when year 1 began (Ls 0, 1955-04-11), to within a sol.
  static let firstSpring = Mars24(secondsSince1970: -464_745_600).marsSolDate
  /// A Mars year in sols: 686.9725 days.
  static let length = 686.9725 / Mars24.solInDays

  /// The year of a moment: counted in mean years, then set right by Ls near a year's turn.
  static func number(of mars: Mars24) -> Int {
    let years = (mars.marsSolDate - firstSpring) / length
    var year = Int(years.rounded(.down)) + 1
    let into = years - years.rounded(.down)
    if mars.solarLongitude > 270, into < 0.25 { year -= 1 }
    if mars.solarLongitude < 90, into > 0.75 { year += 1 }
    return year
  }
}
