import RoverAPI

/// A rover's traverse: its waypoints in the order it reached them, and the rules that place a
/// sol or a photo on it.
public struct Traverse: Sendable, Hashable {
  /// The rover, as the feeds spell it.
  public var rover: String
  /// The waypoints by sol; those of one sol in the file's order.
  public var waypoints: [Waypoint]
  /// Fields the file had for no point (``WaypointFile/missingFields``).
  public var missingFields: [String]

  /// The traverse of `file`'s points.
  public init(rover: String, file: WaypointFile) {
    self.rover = rover
    // A stable sort: the file's order stands within a sol.
    waypoints = file.waypoints.enumerated().sorted {
      ($0.element.sol, $0.offset) < ($1.element.sol, $1.offset)
    }
    .map(\.element)
    missingFields = file.missingFields
  }

  /// Where the rover is now: the last waypoint.
  public var latest: Waypoint? { waypoints.last }

  /// Where the rover was on `sol`: its last waypoint of that sol, or the last before it;
  /// `nil` before the first.
  public func position(onSol sol: Int) -> Waypoint? {
    // The first waypoint past the sol, found by halving; the one before it is the answer.
    var low = 0
    var high = waypoints.count
    while low < high {
      let middle = (low + high) / 2
      if waypoints[middle].sol <= sol { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? nil : waypoints[low - 1]
  }

  /// Where a photo with these counters was taken: the waypoint of its site and drive, or the
  /// last of its site at or before its drive (`exact` false).
  public func place(site: Int, drive: Int) -> (waypoint: Waypoint, exact: Bool)? {
    var best: Waypoint?
    for point in waypoints where point.site == site && point.drive <= drive {
      if point.drive == drive { return (point, true) }
      if best.map({ point.drive >= $0.drive }) ?? true { best = point }
    }
    return best.map { ($0, false) }
  }
}
