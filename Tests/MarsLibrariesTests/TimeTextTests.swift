import MarsTime
import Testing

/// RFC 3339 times and dates read as seconds since 1970: every form the feeds and users write,
/// and the near misses that are no moment.
@Suite struct TimeTextTests {
  /// 2021-05-31T22:23:00Z, as Python's `calendar.timegm` gives it.
  static let moment = 1_622_499_780.0

  @Test func everyFormOfOneMomentReadsAsIt() {
    let forms: [(String, Double)] = [
      ("2021-05-31T22:23:00Z", Self.moment),
      ("2021-05-31t22:23:00z", Self.moment),
      ("2021-05-31 22:23:00Z", Self.moment),
      ("2021-06-01T00:23:00+02:00", Self.moment),
      ("2021-05-31T17:23:00-05:00", Self.moment),
      ("2021-05-31", 1_622_419_200),
      ("2021-05-31T22:23:00.5Z", Self.moment + 0.5),
    ]
    for (text, seconds) in forms {
      #expect(TimeText.secondsSince1970(text) == seconds, "\(text)")
    }
  }

  @Test func fractionsRoundAsTheirDecimalsRead() {
    for digits in ["365", "123456789012345", "12345678901234567890", "000001", "9"] {
      let read = TimeText.secondsSince1970("2021-05-31T22:23:00.\(digits)Z")
      #expect(read == Self.moment + Double("0." + digits)!, "\(digits)")
    }
  }

  @Test func nearMissesAreNoMoment() {
    for text in [
      "", "2021-05-3", "2021-5-31", "2021-02-30", "2021-02-30T00:00:00Z", "2021-05-31T22:23:00",
      "2021-05-31T22:23Z", "2021-05-31T22:23:00.Z", "2021-05-31T22:23:00Zx",
      "2021-05-31T22:23:00+2:00", "2021-05-31T22:23:00+24:00", "2021-05-31T22:23:00+02:60",
      "2021-05-31X22:23:00Z", "+021-05-31", "٢٠٢١-05-31", "2021-05-31T22:23:00.٣Z",
    ] {
      #expect(TimeText.secondsSince1970(text) == nil, "\(text)")
    }
  }
}
