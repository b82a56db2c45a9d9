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
    // Byte by byte: every record of NASA's feeds is dated by it, and splitting it into
    // substrings of characters cost a catalogue sync a thirtieth of its time.
    var (year, month, day) = (0, 0, 0)
    var position = 0
    for byte in text.utf8 {
      switch position {
      case 4, 7:
        guard byte == UInt8(ascii: "-") else { return nil }
      case 0..<10:
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        let digit = Int(byte - UInt8(ascii: "0"))
        switch position {
        case ..<4: year = year * 10 + digit
        case ..<7: month = month * 10 + digit
        default: day = day * 10 + digit
        }
      default:
        return nil
      }
      position += 1
    }
    guard position == 10, (1...12).contains(month), day >= 1,
      day <= Self.daysIn(month: month, year: year)
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
