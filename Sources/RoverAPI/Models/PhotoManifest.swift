/// A rover's mission summary and its photo count for every sol that has photos. The mission's
/// fields are its ``MissionSummary``'s, read through it: `manifest.maxSol`.
@dynamicMemberLookup
public struct PhotoManifest: Codable, Sendable, Hashable {
  /// The mission's name, dates, status and counts.
  public var mission: MissionSummary
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
    mission = MissionSummary(
      name: name, landingDate: landingDate, launchDate: launchDate, status: status,
      maxSol: maxSol, maxDate: maxDate, totalPhotos: totalPhotos)
    self.photos = photos
  }

  /// A field of the mission: `manifest.name`, `manifest.maxSol`.
  public subscript<Value>(dynamicMember field: WritableKeyPath<MissionSummary, Value>) -> Value {
    get { mission[keyPath: field] }
    set { mission[keyPath: field] = newValue }
  }

  enum CodingKeys: String, CodingKey {
    case photos
  }

  /// Reads the mission's fields and the entries from one object, as the API writes them.
  public init(from decoder: any Decoder) throws {
    mission = try MissionSummary(from: decoder)
    photos = try decoder.container(keyedBy: CodingKeys.self).decode(
      [ManifestEntry].self, forKey: .photos)
  }

  /// Writes the mission's fields and the entries as one object.
  public func encode(to encoder: any Encoder) throws {
    try mission.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(photos, forKey: .photos)
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
