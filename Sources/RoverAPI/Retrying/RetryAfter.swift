import PlainText
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads a `Retry-After` header: a number of seconds, or an HTTP date.
enum RetryAfter {
  static func seconds(from value: String, now: Date) -> Double? {
    let text = value.trimmingSpaces()
    if let seconds = Double(text) { return seconds >= 0 && seconds.isFinite ? seconds : nil }
    guard let date = httpDate(text) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }

  private static let months = [
    "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
  ]

  /// IMF-fixdate, the form HTTP/1.1 servers send: `Wed, 21 Oct 2015 07:28:00 GMT`. The day's
  /// name is not checked against the date, as HTTP asks of a recipient.
  static func httpDate(_ text: String) -> Date? {
    let words = text.split(separator: " ", omittingEmptySubsequences: true)
    guard words.count == 6, words[0].hasSuffix(","), words[5] == "GMT" || words[5] == "UTC",
      let day = Int(words[1]), words[1].count <= 2,
      let month = months.firstIndex(of: words[2].lowercased()),
      let year = Int(words[3]), words[3].count == 4
    else { return nil }
    let clock = words[4].split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }),
      let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2])
    else { return nil }
    let time = POSIX.CivilTime(
      year: year, month: month + 1, day: day, hour: hour, minute: minute, second: second)
    return POSIX.secondsSince1970(utc: time).map(Date.init(timeIntervalSince1970:))
  }
}
