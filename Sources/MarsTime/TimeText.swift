import SystemInterface

/// Moments written as text: RFC 3339 (`2021-05-31T22:23:00Z`, `…+02:00`, fractions allowed) or a
/// date alone (its midnight, UTC), and back.
public enum TimeText {
  /// Seconds since 1970 of `text`, or `nil` when it is no such moment. Read byte by byte: a
  /// catalogue's sync reads one for each of a million photos.
  public static func secondsSince1970(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { seconds(of: $0) }
  }

  private static func seconds(of bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    /// The decimal number written in `range`, digits only.
    func number(_ range: Range<Int>) -> Int? {
      guard range.upperBound <= bytes.count else { return nil }
      var value = 0
      for index in range {
        let digit = Int(bytes[index]) - 0x30
        guard (0...9).contains(digit) else { return nil }
        value = value * 10 + digit
      }
      return value
    }
    func byte(_ index: Int, is characters: String) -> Bool {
      index < bytes.count && characters.utf8.contains(bytes[index])
    }
    guard bytes.count >= 10, let year = number(0..<4), byte(4, is: "-"),
      let month = number(5..<7), byte(7, is: "-"), let day = number(8..<10)
    else { return nil }
    var hour = 0
    var minute = 0
    var second = 0.0
    var offset = 0.0
    if bytes.count > 10 {
      guard byte(10, is: "Tt "), let h = number(11..<13), byte(13, is: ":"),
        let m = number(14..<16), byte(16, is: ":"), let s = number(17..<19)
      else { return nil }
      (hour, minute, second) = (h, m, Double(s))
      var index = 19
      if byte(index, is: ".") {
        var end = index + 1
        while end < bytes.count, (0x30...0x39).contains(bytes[end]) { end += 1 }
        guard end > index + 1, let fraction = fraction(bytes[(index + 1)..<end]) else {
          return nil
        }
        second += fraction
        index = end
      }
      if byte(index, is: "Zz"), index == bytes.count - 1 {
        offset = 0
      } else if byte(index, is: "+-"), bytes.count - index == 6,
        let h = number((index + 1)..<(index + 3)), byte(index + 3, is: ":"),
        let m = number((index + 4)..<(index + 6)), h < 24, m < 60
      {
        offset = Double(h * 3600 + m * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
      } else {
        return nil
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

  /// The value of `0.DIGITS`, rounded as the decimal reads: up to 15 digits the whole
  /// number and its power of ten are exact, so their quotient is; more are read as text.
  private static func fraction(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Double? {
    guard digits.count <= 15 else {
      return Double("0." + String(decoding: digits, as: UTF8.self))
    }
    var whole = 0
    var scale = 1.0
    for digit in digits {
      whole = whole * 10 + Int(digit - 0x30)
      scale *= 10
    }
    return Double(whole) / scale
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
