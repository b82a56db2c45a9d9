import RoverAPI

/// Why a day came back without photos, when the reason is that it lies outside what the
/// rover has: one line on stderr, so an empty stdout is not mistaken for a quiet day.
///
/// `Curiosity has photos from sol 0 to 2540 (2012-08-06 to 2019-09-28)`.
public struct EmptyAnswer: Sendable {
  /// The rover, as asked for.
  public var rover: String
  /// Where to ask for the rover's range.
  public var archive: any PhotoArchive

  /// Creates the explanation of an empty answer about `rover`.
  public init(rover: String, archive: any PhotoArchive) {
    self.rover = rover
    self.archive = archive
  }

  /// The range line when `day` lies past the rover's mission, else `nil`. Asking costs one
  /// request, usually answered by the cache, and only when the answer was empty.
  public func explain(_ day: PhotoDay) async -> String? {
    guard let details = try? await archive.fetchRover(rover) else { return nil }
    let outside =
      switch day {
      case .sol(let sol): sol > details.maxSol
      case .earthDate(let date):
        date.description < details.landingDate || date.description > details.maxDate
      }
    return outside
      ? Self.range(
        of: details.name, maxSol: details.maxSol, landed: details.landingDate,
        maxDate: details.maxDate) : nil
  }

  /// The range line when the days asked for start past the rover's mission, else `nil`.
  public func explain(_ days: PhotoQuery.Day) async -> String? {
    switch days {
    case .day(let day): await explain(day)
    case .latest: nil
    case .sols(let range): await explain(.sol(range.lowerBound))
    case .earthDates(let range): await explain(.earthDate(range.lowerBound))
    }
  }

  /// `Curiosity has photos from sol 0 to 2540 (2012-08-06 to 2019-09-28)`.
  public static func range(of rover: String, maxSol: Int, landed: String, maxDate: String)
    -> String
  {
    "\(rover) has photos from sol 0 to \(maxSol) (\(landed) to \(maxDate))"
  }

  /// For a page past the last: how many pages the day has, or the range line when the day
  /// itself is outside the mission.
  public func explain(_ day: PhotoDay, page: Int, cameras: [String]) async -> String? {
    if let outside = await explain(day) { return outside }
    guard
      let all = try? await archive.fetchPhotos(rover: rover, on: day, cameras: cameras),
      !all.isEmpty
    else { return nil }
    let pages = (all.count + Self.pageSize - 1) / Self.pageSize
    return "\(all[0].rover.name) has \(all.count) photos on \(day): pages 1 to \(pages)"
  }

  /// Photos per page of `--page`, as the API pages them.
  public static let pageSize = 25
}
