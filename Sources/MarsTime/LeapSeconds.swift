/// TT − UTC: 32.184 s plus the leap seconds TAI − UTC had reached, from the IERS table. A
/// table that misses a leap second puts every Mars time off by a second; one left out
/// altogether, by 69 s.
public enum LeapSeconds {
  /// When TAI − UTC became each value, in seconds since 1970-01-01 UTC.
  static let steps: [(since: Double, seconds: Double)] = [
    (63_072_000, 10), (78_796_800, 11), (94_694_400, 12), (126_230_400, 13),
    (157_766_400, 14), (189_302_400, 15), (220_924_800, 16), (252_460_800, 17),
    (283_996_800, 18), (315_532_800, 19), (362_793_600, 20), (394_329_600, 21),
    (425_865_600, 22), (489_024_000, 23), (567_993_600, 24), (631_152_000, 25),
    (662_688_000, 26), (709_948_800, 27), (741_484_800, 28), (773_020_800, 29),
    (820_454_400, 30), (867_715_200, 31), (915_148_800, 32), (1_136_073_600, 33),
    (1_230_768_000, 34), (1_341_100_800, 35), (1_435_708_800, 36), (1_483_228_800, 37),
  ]

  /// TT − UTC at a moment, in seconds. Before 1972, when UTC had no whole leap seconds, the
  /// 1972 value stands in: it matters only for the start of Mars year 1, to minutes.
  public static func terrestrialMinusUTC(atSecondsSince1970 seconds: Double) -> Double {
    let leap = steps.last { $0.since <= seconds }?.seconds ?? steps[0].seconds
    return 32.184 + leap
  }
}
