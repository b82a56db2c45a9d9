import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Times as Atom writes them (RFC 3339, in UTC: `2026-11-26T09:05:00Z`), from the C library's
/// calendar: no formatter, no locale.
enum RFC3339 {
  /// `date` in UTC, to the second.
  static func string(_ date: Date) -> String {
    let time =
      POSIX.utc(secondsSince1970: date.timeIntervalSince1970)
      ?? POSIX.CivilTime(year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0)
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    let yyyy =
      String(repeating: "0", count: max(0, 4 - String(time.year).count)) + String(time.year)
    return "\(yyyy)-\(two(time.month))-\(two(time.day))T\(two(time.hour)):\(two(time.minute))"
      + ":\(two(time.second))Z"
  }
}
