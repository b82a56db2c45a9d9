/// A rover's mission summary and its photo count for every sol that has photos.
public struct PhotoManifest: Codable, Sendable, Hashable {
  /// The rover's name, such as `Curiosity`.
  public var name: String
  /// The landing day on Mars, `YYYY-MM-DD`.
  public var landingDate: String
  /// The launch day from Earth, `YYYY-MM-DD`.
  public var launchDate: String
  /// `active` or `complete`.
  public var status: String
  /// The last sol with photos.
  public var maxSol: Int
  /// The Earth day of the last sol with photos.
  public var maxDate: String
  /// How many photos the rover has taken in all.
  public var totalPhotos: Int
  /// One entry per sol with photos, sorted by sol; sols without photos are absent.
  public var photos: [ManifestEntry]
  /// Why the entries cover only some sols, when a source cannot count them all (NASA's feeds
  /// have no manifest); never part of the JSON.
  public var coverage: String?

  /// Creates a manifest.
  public init(
    name: String, landingDate: String, launchDate: String, status: String, maxSol: Int,
    maxDate: String, totalPhotos: Int, photos: [ManifestEntry]
  ) {
    self.name = name
    self.landingDate = landingDate
    self.launchDate = launchDate
    self.status = status
    self.maxSol = maxSol
    self.maxDate = maxDate
    self.totalPhotos = totalPhotos
    self.photos = photos
  }

  enum CodingKeys: String, CodingKey {
    case name, status, photos
    case landingDate = "landing_date"
    case launchDate = "launch_date"
    case maxSol = "max_sol"
    case maxDate = "max_date"
    case totalPhotos = "total_photos"
  }

  /// The entry for one sol, if the rover took photos that day.
  public func entry(forSol sol: Int) -> ManifestEntry? {
    // Entries are sorted by sol, so a binary search keeps this cheap on 4,000-sol manifests.
    var low = 0
    var high = photos.count
    while low < high {
      let middle = (low + high) / 2
      if photos[middle].sol < sol { low = middle + 1 } else { high = middle }
    }
    return low < photos.count && photos[low].sol == sol ? photos[low] : nil
  }

  /// The entry for one Earth day, if the rover took photos that day.
  public func entry(forEarthDate date: String) -> ManifestEntry? {
    photos.first { $0.earthDate == date }
  }
}
