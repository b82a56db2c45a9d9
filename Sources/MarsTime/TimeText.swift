import SystemInterface

/// Moments written as text: RFC 3339 (`2021-05-31T22:23:00Z`, `…+02:00`, fractions allowed) or a
/// date alone (its midnight, UTC), and back.
public enum TimeText {
  /// Seconds since 1970 of `text`, or `nil` when it is no such moment.
  public static func secondsSince1970(_ text: String) -> Double? {
    let characters = Array(text.uppercased())
    guard characters.count >= 10 else { return nil }
    let date = String(characters[0..<10])
    let dateParts = date.split(separator: "-", omittingEmptySubsequences: false)
    guard dateParts.count == 3, dateParts.map(\.count) == [4, 2, 2],
      let year = Int(dateParts[0]), let month = Int(dateParts[1]), let day = Int(dateParts[2])
    else { return nil }
    var hour = 0
    var minute = 0
    var second = 0.0
    var offset = 0.0
    if characters.count > 10 {
      guard characters[10] == "T" || characters[10] == " ", characters.count >= 19 else {
        return nil
      }
      let clock = String(characters[11..<19]).split(separator: ":")
      guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let h = Int(clock[0]),
        let m = Int(clock[1]), let s = Int(clock[2])
      else { return nil }
      (hour, minute, second) = (h, m, Double(s))
      var rest = characters[19...]
      if rest.first == "." {
        let digits = rest.dropFirst().prefix { $0.isNumber }
        guard !digits.isEmpty, let fraction = Double("0." + String(digits)) else { return nil }
        second += fraction
        rest = rest.dropFirst(1 + digits.count)
      }
      switch rest.first {
      case "Z" where rest.count == 1: offset = 0
      case "+", "-":
        let zone = String(rest.dropFirst()).split(separator: ":")
        guard rest.count == 6, zone.count == 2, let h = Int(zone[0]), let m = Int(zone[1]),
          h < 24, m < 60
        else { return nil }
        offset = Double(h * 3600 + m * 60) * (rest.first == "-" ? -1 : 1)
      default: return nil
      }
    }
    let civil = POSIX.CivilTime(
      year: year, month: month, day: day, hour: hour, minute: minute, second: 0)
    guard let whole = POSIX.secondsSince1970(utc: civil),
      POSIX.utc(secondsSince1970: whole).map({ $0.day == day && $0.month == month }) == true,
      second < 61
    else { return nil }
    return whole + second - offset
  }

  /// `2021-05-31T22:23:00Z`, the seconds truncated.
  public static func utc(_ seconds: Double) -> String {
    guard let time = POSIX.utc(secondsSince1970: seconds) else { return "?" }
    return civil(time) + "Z"
  }

  /// The moment in the local time zone (`TZ`): `2021-06-01T00:23:00+02:00`.
  public static func local(_ seconds: Double) -> String {
    guard let (time, offset, _) = POSIX.local(secondsSince1970: seconds) else { return "?" }
    let sign = offset < 0 ? "-" : "+"
    let minutes = abs(offset) / 60
    return civil(time) + sign + two(minutes / 60) + ":" + two(minutes % 60)
  }

  private static func civil(_ time: POSIX.CivilTime) -> String {
    let year = String(time.year)
    let padded = String(repeating: "0", count: max(0, 4 - year.count)) + year
    return padded + "-" + two(time.month) + "-" + two(time.day) + "T" + two(time.hour) + ":"
      + two(time.minute) + ":" + two(time.second)
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
