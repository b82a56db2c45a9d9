import Foundation

/// Reads a `Retry-After` header: a number of seconds, or an HTTP date.
enum RetryAfter {
  static func seconds(from value: String, now: Date) -> Double? {
    let text = value.trimmingCharacters(in: .whitespaces)
    if let seconds = Double(text) { return seconds >= 0 && seconds.isFinite ? seconds : nil }
    guard let date = httpDate.date(from: text) else { return nil }
    return max(0, date.timeIntervalSince(now))
  }

  /// IMF-fixdate, the form HTTP/1.1 servers send: `Wed, 21 Oct 2015 07:28:00 GMT`.
  private static let httpDate: DateFormatter = {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.timeZone = TimeZone(identifier: "GMT")
    formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
    return formatter
  }()
}
