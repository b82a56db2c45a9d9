/// One point of a rover's traverse as NASA's "Where is the rover" maps publish it: where the
/// rover stood at the end of a drive, by its position counters (site and drive, the `RMC`).
public struct Waypoint: Codable, Sendable, Hashable {
  /// The sol the rover got there.
  public var sol: Int
  /// The site counter: the same as the `site` of every photo taken there.
  public var site: Int
  /// The drive counter within the site.
  public var drive: Int
  /// Planetocentric latitude, degrees north.
  public var latitude: Double
  /// Longitude, degrees east, as NASA gives it.
  public var longitude: Double
  /// Elevation against the geoid, metres; `nil` when the file has none.
  public var elevation: Double?
  /// Metres driven from landing to here; `nil` when the file has none.
  public var distance: Double?

  /// The names a waypoint is kept under beside the photos (`.rovers-traverse.json`): NASA's
  /// own, where it has one.
  enum CodingKeys: String, CodingKey {
    case sol, site, drive, elevation
    case latitude = "lat"
    case longitude = "lon"
    case distance = "dist_total_m"
  }

  /// A waypoint.
  public init(
    sol: Int, site: Int, drive: Int, latitude: Double, longitude: Double,
    elevation: Double? = nil, distance: Double? = nil
  ) {
    self.sol = sol
    self.site = site
    self.drive = drive
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.distance = distance
  }
}

/// A waypoint file: its points in the file's order, and what it left out.
public struct WaypointFile: Sendable, Hashable {
  /// The points that have a sol, a site and drive, and a place.
  public var waypoints: [Waypoint]
  /// Points left out for lack of a sol, site and drive, or a place.
  public var skipped: Int
  /// Fields no point had, of those a place is told with (`elev_geoid`, `dist_total_m`): field
  /// names have varied between years, so what is missing is said, not guessed.
  public var missingFields: [String]

  /// A file.
  public init(waypoints: [Waypoint], skipped: Int = 0, missingFields: [String] = []) {
    self.waypoints = waypoints
    self.skipped = skipped
    self.missingFields = missingFields
  }
}
