/// A calendar day on Earth in the API's `YYYY-MM-DD` form, checked to be a real date.
public struct EarthDate: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The year, four digits.
  public let year: Int
  /// The month, 1 to 12.
  public let month: Int
  /// The day of the month, 1 to 31.
  public let day: Int

  /// Parses `YYYY-MM-DD`; `nil` for any other form or a day the calendar lacks (`2021-02-30`).
  public init?(_ text: String) {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
      (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The date as the API writes it.
  public var description: String {
    let digits = { (value: Int, width: Int) in
      String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
    }
    return "\(digits(year, 4))-\(digits(month, 2))-\(digits(day, 2))"
  }

  /// Orders dates by the calendar.
  public static func < (lhs: EarthDate, rhs: EarthDate) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2:
      let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
      return leap ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }
}

extension Character {
  /// Whether this is one of `0` to `9`, and not some other script's digit.
  var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
