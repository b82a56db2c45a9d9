import Foundation
import RoverAPI

/// The photos of feed files on disk, decoded and mapped as the tool maps what the feeds serve,
/// every sample type kept: what a catalogue synced from the fixture server must hold.
public enum FeedRecords {
  /// Every sample type the feeds carry.
  public static let everySampleType: Set<String> = [
    "full", "thumbnail", "subframe", "downsampled",
  ]

  /// The photos of one feed file of `rover` (`curiosity` or `perseverance`).
  public static func photos(_ data: Data, rover name: String) -> [Photo] {
    guard let rover = FeedRover.named(name) else { return [] }
    if case .mars2020 = rover.feed {
      let page = try? PerseveranceFeedPage.scan(data)
      return FeedMapping.photos(page?.images ?? [], rover: rover, keeping: everySampleType)
    }
    let page = try? CuriosityFeedPage.scan(data)
    return FeedMapping.photos(page?.items ?? [], rover: rover, keeping: everySampleType)
  }

  /// The photos of every file in `Fixtures/nasa/<folder>` (one sol each), each once.
  public static func fixturePhotos(folder: String, rover: String) -> [Photo] {
    let url = PackagePaths.fixtures.appendingPathComponent("nasa/\(folder)")
    let files = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    var byName: [String: Photo] = [:]
    for file in files.sorted() where file.hasSuffix(".json") {
      guard let data = try? Data(contentsOf: url.appendingPathComponent(file)) else { continue }
      for photo in photos(data, rover: rover) { byName[photo.nasaID] = photo }
    }
    return byName.values.sorted { $0.nasaID < $1.nasaID }
  }
}
