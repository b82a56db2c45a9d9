/// Where on Mars a photo was taken, from the rover's traverse: the waypoint it was taken at.
public struct PhotoPlace: Codable, Sendable, Hashable {
  /// Planetocentric latitude, degrees north.
  public var latitude: Double
  /// Longitude, degrees east, as NASA gives it.
  public var longitude: Double
  /// Elevation against the geoid, metres; `nil` when the waypoint file has none.
  public var elevation: Double?
  /// How the place was found: a waypoint of the photo's own site and drive is exact; the last
  /// one before it, or the rover's place on the photo's sol, is approximate.
  public var isExact: Bool

  /// A place.
  public init(latitude: Double, longitude: Double, elevation: Double? = nil, isExact: Bool) {
    self.latitude = latitude
    self.longitude = longitude
    self.elevation = elevation
    self.isExact = isExact
  }

  /// The JSON names: `lat` and `lon` as NASA's waypoint files have them.
  public enum CodingKeys: String, CodingKey, Sendable {
    case latitude = "lat"
    case longitude = "lon"
    case elevation
    case isExact = "exact"
  }

  /// Reads a place kept in a record; one that is not a place on Mars is an error, so that the
  /// photo's other details are kept without it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    latitude = try container.decode(Double.self, forKey: .latitude)
    longitude = try container.decode(Double.self, forKey: .longitude)
    elevation = try container.decodeIfPresent(Double.self, forKey: .elevation)
    isExact = (try? container.decodeIfPresent(Bool.self, forKey: .isExact)) ?? false
    guard Self.isOnMars(latitude: latitude, longitude: longitude, elevation: elevation) else {
      throw DecodingError.dataCorruptedError(
        forKey: .latitude, in: container, debugDescription: "not a place on Mars")
    }
  }

  /// Whether the numbers are a place on Mars, as a kept place must be to be read.
  static func isOnMars(latitude: Double, longitude: Double, elevation: Double?) -> Bool {
    abs(latitude) <= 90 && abs(longitude) <= 360 && (elevation.map(\.isFinite) ?? true)
  }
}
