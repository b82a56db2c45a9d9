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
  /// Each site's waypoints, as indices into ``waypoints`` in drive order: a photo is placed by
  /// halving its site's few points, not by reading them all.
  private var sites: [Int: [Int]]

  /// The traverse of `file`'s points.
  public init(rover: String, file: WaypointFile) {
    self.rover = rover
    // A stable sort: the file's order stands within a sol.
    let waypoints = file.waypoints.enumerated().sorted {
      ($0.element.sol, $0.offset) < ($1.element.sol, $1.offset)
    }
    .map(\.element)
    self.waypoints = waypoints
    missingFields = file.missingFields
    var sites: [Int: [Int]] = [:]
    for (index, point) in waypoints.enumerated() { sites[point.site, default: []].append(index) }
    // Stable again: points of equal drive stay in sol order.
    for (site, indices) in sites {
      sites[site] = indices.enumerated().sorted {
        (waypoints[$0.element].drive, $0.offset) < (waypoints[$1.element].drive, $1.offset)
      }.map(\.element)
    }
    self.sites = sites
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
  /// last of its site at or before its drive (`exact` false). A site the rover came back to
  /// answers with the visit of `sol` or the last before it, when the photo's sol is known.
  public func place(site: Int, drive: Int, sol: Int? = nil) -> (waypoint: Waypoint, exact: Bool)? {
    guard let visits = sites[site] else { return nil }
    // The last point of the site at or before the drive, found by halving the site's points,
    // which are in drive order (then sol order).
    var low = 0
    var high = visits.count
    while low < high {
      let middle = (low + high) / 2
      if waypoints[visits[middle]].drive <= drive { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return nil }
    let reached = waypoints[visits[low - 1]].drive
    // Of several points with these counters, the one of the photo's sol or the last before it.
    var chosen = low - 1
    while let sol, chosen > 0, waypoints[visits[chosen]].sol > sol,
      waypoints[visits[chosen - 1]].drive == reached
    {
      chosen -= 1
    }
    return (waypoints[visits[chosen]], reached == drive)
  }

  /// Where `photo` was taken: by its site and drive when it has them and the site is on the
  /// traverse, else where the rover was on its sol (approximate); `nil` before the first
  /// waypoint.
  public func place(of photo: Photo) -> PhotoPlace? {
    place(sol: photo.sol, site: photo.details.site, drive: photo.details.drive)
  }

  /// Where a photo of `sol` with these counters (if it has them) was taken, by the rules of
  /// ``place(of:)``.
  public func place(sol: Int, site: Int?, drive: Int?) -> PhotoPlace? {
    if let site, let drive, let (point, exact) = place(site: site, drive: drive, sol: sol) {
      return PhotoPlace(point, isExact: exact)
    }
    return position(onSol: sol).map { PhotoPlace($0, isExact: false) }
  }

  /// `photos`, each with its place (``place(of:)``) in its details.
  public func placed(_ photos: [Photo]) -> [Photo] {
    photos.map { photo in
      var photo = photo
      photo.details.place = place(of: photo)
      return photo
    }
  }
}

extension PhotoPlace {
  /// The place of `waypoint`.
  init(_ waypoint: Waypoint, isExact: Bool) {
    self.init(
      latitude: waypoint.latitude, longitude: waypoint.longitude,
      elevation: waypoint.elevation, isExact: isExact)
  }
}
