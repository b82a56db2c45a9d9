import SystemInterface

/// A moment on Mars as the Mars24 algorithm reckons it (Allison & McEwen 2000, with the
/// constants of NASA GISS's 2015 revision): the Mars Sol Date, coordinated Mars time, the
/// solar longitude Ls and the equation of time, from a moment in UTC. Angles are in degrees,
/// times of day in hours.
public struct Mars24: Sendable, Hashable {
  /// The moment, in seconds since 1970-01-01T00:00:00 UTC (POSIX: no leap seconds).
  public let secondsSince1970: Double
  /// The Julian date in UT.
  public let julianDateUT: Double
  /// The Julian date in Terrestrial Time.
  public let julianDateTT: Double
  /// Days of TT since J2000.
  public let daysSinceJ2000: Double
  /// Mars's mean anomaly (B-1).
  public let meanAnomaly: Double
  /// The right ascension of the fictitious mean sun (B-2).
  public let fictitiousMeanSun: Double
  /// The perturbers' sum (B-3).
  public let perturbers: Double
  /// The equation of centre, ν − M (B-4).
  public let equationOfCenter: Double
  /// The areocentric solar longitude Ls, 0 to 360 (B-5): 0 is the northern spring equinox.
  public let solarLongitude: Double
  /// The equation of time, in degrees (C-1): true solar time minus mean.
  public let equationOfTime: Double
  /// The Mars Sol Date (C-2): mean solar days on Mars since 1873-12-29.
  public let marsSolDate: Double

  /// Sol length in Earth days, and the MSD's epoch (C-2).
  static let solInDays = 1.0274912517
  static let solDateEpoch = 2_451_549.5
  static let solDateOffset = 44796.0 - 0.0009626

  /// The seven perturbers of B-3: amplitude (degrees), period (Julian years), phase (degrees).
  static let perturberTerms: [(amplitude: Double, period: Double, phase: Double)] = [
    (0.0071, 2.2353, 49.409), (0.0057, 2.7543, 168.173), (0.0039, 1.1177, 191.837),
    (0.0037, 15.7866, 21.736), (0.0021, 2.1354, 15.704), (0.0020, 2.4694, 95.528),
    (0.0018, 32.8493, 49.095),
  ]

  /// Mars at the moment `secondsSince1970` (UTC).
  public init(secondsSince1970 seconds: Double) {
    secondsSince1970 = seconds
    julianDateUT = 2_440_587.5 + seconds / 86400
    julianDateTT =
      julianDateUT + LeapSeconds.terrestrialMinusUTC(atSecondsSince1970: seconds) / 86400
    let days = julianDateTT - 2_451_545.0
    daysSinceJ2000 = days
    meanAnomaly = 19.3871 + 0.524_020_73 * days
    fictitiousMeanSun = 270.3871 + 0.524_038_496 * days
    perturbers = Self.perturberTerms.reduce(0) { sum, term in
      sum + term.amplitude * Self.cos(0.985626 * days / term.period + term.phase)
    }
    let m = meanAnomaly
    equationOfCenter =
      (10.691 + 3.0e-7 * days) * Self.sin(m) + 0.623 * Self.sin(2 * m)
      + 0.050 * Self.sin(3 * m) + 0.005 * Self.sin(4 * m) + 0.0005 * Self.sin(5 * m) + perturbers
    solarLongitude = Self.normalized(fictitiousMeanSun + equationOfCenter)
    let ls = solarLongitude
    equationOfTime =
      2.861 * Self.sin(2 * ls) - 0.071 * Self.sin(4 * ls) + 0.002 * Self.sin(6 * ls)
      - equationOfCenter
    marsSolDate = (julianDateTT - Self.solDateEpoch) / Self.solInDays + Self.solDateOffset
  }

  /// Coordinated Mars time: mean solar time at the prime meridian, in hours (C-2).
  public var coordinatedMarsTime: Double { 24 * fraction(marsSolDate) }

  /// Local mean solar time at a longitude east, in hours (C-3).
  public func localMeanSolarTime(eastLongitude: Double) -> Double {
    Self.hours(coordinatedMarsTime + eastLongitude / 15)
  }

  /// Local true solar time at a longitude east, in hours (C-4): where the Sun actually is.
  public func localTrueSolarTime(eastLongitude: Double) -> Double {
    Self.hours(localMeanSolarTime(eastLongitude: eastLongitude) + equationOfTime / 15)
  }

  /// The Sun's declination, in degrees (D-1).
  public var solarDeclination: Double {
    Self.asin(0.42565 * Self.sin(solarLongitude)) + 0.25 * Self.sin(solarLongitude)
  }

  /// The moment (seconds since 1970, UTC) of a Mars Sol Date: C-2 turned round, then TT back
  /// to UTC, looked up again on the UTC side of a leap second.
  public static func secondsSince1970(marsSolDate: Double) -> Double {
    let julianTT = (marsSolDate - solDateOffset) * solInDays + solDateEpoch
    let terrestrial = (julianTT - 2_440_587.5) * 86400
    var utc = terrestrial - LeapSeconds.terrestrialMinusUTC(atSecondsSince1970: terrestrial)
    utc = terrestrial - LeapSeconds.terrestrialMinusUTC(atSecondsSince1970: utc)
    return utc
  }

  /// `value` within 0 ..< 360.
  static func normalized(_ value: Double) -> Double {
    let turned = value.truncatingRemainder(dividingBy: 360)
    return turned < 0 ? turned + 360 : turned
  }

  /// `value` within 0 ..< 24.
  static func hours(_ value: Double) -> Double {
    let turned = value.truncatingRemainder(dividingBy: 24)
    return turned < 0 ? turned + 24 : turned
  }

  private func fraction(_ value: Double) -> Double { value - value.rounded(.down) }

  static func sin(_ degrees: Double) -> Double { Math.sin(degrees * .pi / 180) }
  static func cos(_ degrees: Double) -> Double { Math.cos(degrees * .pi / 180) }
  static func asin(_ value: Double) -> Double { Math.asin(value) * 180 / .pi }
}
