/// One sol of a photo manifest: how many photos the rover took that day and with which cameras.
public struct ManifestEntry: Codable, Sendable, Hashable {
  /// The Martian day, counted from landing.
  public var sol: Int
  /// The Earth day of that sol, `YYYY-MM-DD`.
  public var earthDate: String
  /// How many photos were taken on that sol.
  public var totalPhotos: Int
  /// The names of the cameras used on that sol.
  public var cameras: [String]

  /// Creates a manifest entry.
  public init(sol: Int, earthDate: String, totalPhotos: Int, cameras: [String]) {
    self.sol = sol
    self.earthDate = earthDate
    self.totalPhotos = totalPhotos
    self.cameras = cameras
  }

  enum CodingKeys: String, CodingKey {
    case sol, cameras
    case earthDate = "earth_date"
    case totalPhotos = "total_photos"
  }
}
