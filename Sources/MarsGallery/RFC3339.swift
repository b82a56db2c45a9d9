#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Times as Atom writes them (RFC 3339, in UTC: `2026-11-26T09:05:00Z`), by the calendar's
/// arithmetic alone: no formatter, no locale.
enum RFC3339 {
  /// `date` in UTC, to the second.
  static func string(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let time = seconds - days * 86_400
    let (year, month, day) = civil(days)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yyyy = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return "\(yyyy)-\(two(month))-\(two(day))T\(two(time / 3600)):\(two(time / 60 % 60))"
      + ":\(two(time % 60))Z"
  }

  /// The Gregorian date of a day counted from 1970-01-01 (Howard Hinnant's algorithm).
  static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
