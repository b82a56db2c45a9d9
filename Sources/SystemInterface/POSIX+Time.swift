#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

extension POSIX {
  /// A moment as a calendar and a clock show it.
  public struct CivilTime: Sendable, Hashable {
    /// The year, e.g. 2026.
    public var year: Int
    /// 1 to 12.
    public var month: Int
    /// 1 to 31.
    public var day: Int
    /// 0 to 23.
    public var hour: Int
    /// 0 to 59.
    public var minute: Int
    /// 0 to 60 (a leap second).
    public var second: Int

    /// A moment given field by field.
    public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
      (self.year, self.month, self.day) = (year, month, day)
      (self.hour, self.minute, self.second) = (hour, minute, second)
    }

    init(_ parts: tm) {
      self.init(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday),
        hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }
  }

  /// The moment `seconds` after 1970-01-01T00:00:00Z in UTC (`gmtime_r`); `nil` past the
  /// years the C library counts.
  public static func utc(secondsSince1970 seconds: Double) -> CivilTime? {
    guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
    var time = time_t(seconds.rounded(.down))
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return nil }
    return CivilTime(parts)
  }

  /// Seconds since 1970-01-01T00:00:00Z of a moment given in UTC (`timegm`); `nil` for fields
  /// out of their ranges.
  public static func secondsSince1970(utc time: CivilTime) -> Double? {
    guard (1...12).contains(time.month), (1...31).contains(time.day),
      (0...23).contains(time.hour), (0...59).contains(time.minute), (0...60).contains(time.second),
      (1...9999).contains(time.year)
    else { return nil }
    var parts = tm()
    parts.tm_year = Int32(time.year - 1900)
    parts.tm_mon = Int32(time.month - 1)
    parts.tm_mday = Int32(time.day)
    parts.tm_hour = Int32(time.hour)
    parts.tm_min = Int32(time.minute)
    parts.tm_sec = Int32(time.second)
    return Double(timegm(&parts))
  }
}

extension POSIX {
  /// The moment `seconds` after 1970-01-01T00:00:00Z in the local time zone (`localtime_r`,
  /// which reads `TZ`), with the zone's offset east of UTC in seconds and its abbreviation;
  /// `nil` past the years the C library counts.
  public static func local(secondsSince1970 seconds: Double) -> (
    time: CivilTime, offset: Int, zone: String
  )? {
    guard seconds.isFinite, abs(seconds) < 1e15 else { return nil }
    var time = time_t(seconds.rounded(.down))
    var parts = tm()
    guard localtime_r(&time, &parts) != nil else { return nil }
    let zone = parts.tm_zone.map { String(cString: $0) } ?? ""
    return (CivilTime(parts), Int(parts.tm_gmtoff), zone)
  }
}

extension POSIX {
  /// Now, in seconds since 1970-01-01T00:00:00Z (the real-time clock).
  public static func secondsSince1970Now() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
