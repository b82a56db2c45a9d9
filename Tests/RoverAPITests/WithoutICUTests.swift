import Foundation
import PlainText
import SystemInterface
import Testing

@testable import RoverAPI

/// The project's own stand-ins for Foundation's ICU-bound calls give Foundation's answers: the
/// tests still have Foundation, the binary no more.
@Suite(.timeLimit(.minutes(3))) struct WithoutICUTests {
  @Test(arguments: [0.05, 0.125, 0.375, 1.25, 2.5, -4496.4, 99.95, 1e-7, 123_456.789, -0.0004])
  func fixedPointNumbersAreStringFormatsOwn(_ value: Double) {
    for places in 0...4 {
      #expect(
        POSIX.fixed(value, places: places) == String(format: "%.\(places)f", value),
        "\(value) to \(places) places")
    }
  }

  @Test func utcTimesAreTheCalendarsOwn() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    for seconds in [0.0, 951_782_400, 1_445_412_480, 1_785_000_000.9, -86_401, 4_102_444_800] {
      let time = try #require(POSIX.utc(secondsSince1970: seconds))
      let parts = calendar.dateComponents(
        [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: seconds))
      #expect(
        [time.year, time.month, time.day, time.hour, time.minute, time.second]
          == [parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second],
        "\(seconds)")
      #expect(POSIX.secondsSince1970(utc: time) == seconds.rounded(.down))
    }
    #expect(POSIX.utc(secondsSince1970: .nan) == nil)
    #expect(
      POSIX.secondsSince1970(
        utc: POSIX.CivilTime(year: 2015, month: 13, day: 1, hour: 0, minute: 0, second: 0))
        == nil)
  }

  @Test func httpDatesAreReadAsTheFormatterReadThem() {
    let date = RetryAfter.httpDate("Wed, 21 Oct 2015 07:28:00 GMT")
    #expect(date == Date(timeIntervalSince1970: 1_445_412_480))
    for bad in [
      "Wed, 21 Oct 2015 07:28 GMT", "21 Oct 2015 07:28:00 GMT", "Wed, 21 Foo 2015 07:28:00 GMT",
      "Wed, 32 Oct 2015 07:28:00 GMT", "Wed, 21 Oct 2015 25:28:00 GMT", "",
    ] {
      #expect(RetryAfter.httpDate(bad) == nil, "\(bad)")
    }
  }

  @Test(arguments: [
    "curiosity", "Spirit Rover/../x", "é ü 火星", "a+b&c=d?e#f", "~-._", "100%", "\u{1F680}",
  ])
  func percentEncodingIsFoundationsOwn(_ text: String) {
    var unreserved = CharacterSet()
    unreserved.insert(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
    #expect(
      PercentEncoding.encode(text, keeping: .unreserved)
        == text.addingPercentEncoding(withAllowedCharacters: unreserved))
    #expect(
      PercentEncoding.encode(text, keeping: .pathCharacters)
        == text.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
  }

  @Test(arguments: [
    "  key = value \t", "\u{00A0}x\u{2003}", "\n line \n", "", "   ", "plain", "a b",
  ])
  func trimmingIsFoundationsOwn(_ text: String) {
    #expect(text.trimmingSpaces() == text.trimmingCharacters(in: .whitespaces))
    #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
  }
}
