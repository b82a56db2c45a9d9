import MarsFetching
import MarsTime
import RoverAPI
import Synchronization
import SystemInterface

/// Earth days asked of a mission as the sols they overlap by its own clock, not by the API's
/// `earth_date`, which is the landing day plus whole sols, truncated: Perseverance's
/// 2021-05-31 is sol 99 until 22:23 UTC and sol 100 after, where the API says sol 100 alone.
package enum EarthDays {
  /// `day` with its Earth days turned into the sols they overlap (a sol alone when they overlap
  /// one), up to today's sol or an ended mission's last; `day` as it was for a rover without a
  /// clock, or days that hold none of the mission's sols (the archive then says what it has).
  package static func bySols(_ day: PhotoQuery.Day, rover: String) -> PhotoQuery.Day {
    let dates: ClosedRange<EarthDate>
    switch day {
    case .day(.earthDate(let date)): dates = date...date
    case .earthDates(let range): dates = range
    default: return day
    }
    guard let sols = sols(overlapping: dates, of: rover) else { return day }
    return sols.count == 1 ? .day(.sol(sols.lowerBound)) : .sols(sols)
  }

  /// The sols of `rover`'s mission that the UTC days `dates` overlap, up to now (or its end);
  /// `nil` when they overlap none of them.
  package static func sols(overlapping dates: ClosedRange<EarthDate>, of rover: String)
    -> ClosedRange<Int>?
  {
    guard let clock = MissionClock.named(rover), let start = midnight(dates.lowerBound) else {
      return nil
    }
    let now = clock.endedAt ?? POSIX.secondsSince1970Now()
    let end = min(midnight(dates.upperBound).map { $0 + 86400 - 0.001 } ?? now, now)
    let first = max(clock.firstSol, clock.sol(atSecondsSince1970: start))
    let last = clock.sol(atSecondsSince1970: end)
    return first <= last ? first...last : nil
  }

  /// The Earth day a table shows for a photo: the UTC day it was taken, when it carries its
  /// own time (NASA's records); else, where the API's `earth_date` is not the clock's day of
  /// its sol, the clock's.
  package static func shownDay(_ photo: Photo) -> String {
    clockDay(differingFrom: photo)?.day ?? photo.earthDate
  }

  /// When the photo's sol began by the mission's clock, `2021-05-30T21:43:00Z`, for a photo
  /// whose `earth_date` (the API's, kept in its JSON) is not the clock's day of its sol; `nil`
  /// where they agree or the photo carries its own time.
  package static func solStart(differingFrom photo: Photo) -> String? {
    clockDay(differingFrom: photo).map { TimeText.utc($0.start) }
  }

  /// The last sol's answer: a list's photos come a sol at a time.
  private static let lastAnswer = Mutex<(rover: String, sol: Int, day: String, start: Double)?>(nil)

  /// A sol's day by its mission's clock (the UTC day its local noon falls on: the day most of
  /// its daylight, and most of its photos, belong to) and its start, when the photo has no time
  /// of its own and its `earth_date` is another day.
  private static func clockDay(differingFrom photo: Photo) -> (day: String, start: Double)? {
    // A record's own time (or its Mars time, which NASA's records carry with it) decides.
    guard photo.details.capture.dateTaken == nil, photo.details.marsTime == nil else {
      return nil
    }
    let rover = photo.rover.name
    let known = lastAnswer.withLock { last in
      last.flatMap { $0.rover == rover && $0.sol == photo.sol ? ($0.day, $0.start) : nil }
    }
    guard let (day, start) = known ?? clockDay(ofSol: photo.sol, rover: rover) else { return nil }
    if known == nil { lastAnswer.withLock { $0 = (rover, photo.sol, day, start) } }
    return day == photo.earthDate ? nil : (day, start)
  }

  /// A sol's UTC day by the clock and its start; `nil` for a rover without a clock.
  private static func clockDay(ofSol sol: Int, rover: String) -> (day: String, start: Double)? {
    guard let clock = MissionClock.named(rover) else { return nil }
    let start = clock.start(ofSol: sol)
    let noon = (start + clock.start(ofSol: sol + 1)) / 2
    return (String(TimeText.utc(noon).prefix(10)), start)
  }

  /// The first moment of a UTC day, in seconds since 1970.
  private static func midnight(_ date: EarthDate) -> Double? {
    POSIX.secondsSince1970(
      utc: POSIX.CivilTime(
        year: date.year, month: date.month, day: date.day, hour: 0, minute: 0, second: 0))
  }
}
