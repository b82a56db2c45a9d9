import MarsFetching
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What the gallery's feed has announced, kept beside it as `.rovers-feed.json`: the entries
/// the feed shows (newest first, the last ``kept``), the sols announced so far (a run that
/// adds to one gets an entry of its own, so that a reader shows it and never shows an entry
/// twice), and the start of every id, made once for the folder.
public struct FeedLog: Codable, Sendable, Equatable {
  /// What every id of this gallery starts with: `tag:localhost,2026-11-26:rovers-1a2b3c4d/`.
  public var idPrefix: String
  /// The sols announced, as `folder/sol`.
  public var announced: Set<String>
  /// The feed's entries, newest first.
  public var entries: [FeedEntry]

  /// The file, in the gallery's folder.
  public static let name = ".rovers-feed.json"
  /// How many entries the feed keeps.
  public static let kept = 100
  /// The largest log read: a hundred entries and a mission's sols are far smaller.
  static let readLimit = 16 * 1_048_576

  /// A log for a new feed: the ids' prefix made from `host` (the gallery's address, when one
  /// is set, else `localhost`), the day, and a random name, so that two galleries' ids never
  /// meet in one reader.
  public init(host: String?, now: Date) {
    let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
    let day = String(RFC3339.string(now).prefix(10))
    idPrefix = "tag:\(host ?? "localhost"),\(day):rovers-\(random)/"
    announced = []
    entries = []
  }

  /// The log in `folder`, or `nil` when there is none or it cannot be read (a new one is then
  /// started: a reader may show a sol again, nothing worse).
  public static func read(in folder: URL) -> FeedLog? {
    let path = folder.appendingPathComponent(name).path
    guard let bytes = POSIX.readStart(ofFile: path, upTo: readLimit + 1),
      bytes.count <= readLimit
    else { return nil }
    return try? JSONDecoder().decode(FeedLog.self, from: Data(bytes))
  }

  /// Writes the log whole, or not at all.
  func write(in folder: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    try AtomicFile.write(
      try encoder.encode(self), to: folder.appendingPathComponent(Self.name), durable: false)
  }

  /// Adds an entry for each sol of `additions`, at `now`: the first for a sol has the sol's
  /// id, a later one the sol's id and the run's time.
  public mutating func add(_ additions: [FeedAddition], at now: Date) {
    let time = RFC3339.string(now)
    var added: [FeedEntry] = []
    // Newest sols first, rover by rover.
    for addition in additions.sorted(by: { ($0.sol, $0.folder) > ($1.sol, $1.folder) })
    where addition.count > 0 {
      let key = "\(addition.folder)/\(addition.sol)"
      var id = "\(idPrefix)\(addition.folder)/sol/\(addition.sol)"
      if announced.contains(key) {
        id += "/" + time.filter { $0.isNumber }
        // Two runs within a second: still two ids.
        let taken = Set(entries.map(\.id))
        var candidate = id
        var number = 2
        while taken.contains(candidate) {
          candidate = "\(id)-\(number)"
          number += 1
        }
        id = candidate
      }
      announced.insert(key)
      let cameras = addition.cameraCounts.map {
        FeedEntry.CameraCount(camera: $0.key, count: $0.value)
      }.sorted { ($0.count, $1.camera) > ($1.count, $0.camera) }
      added.append(
        FeedEntry(
          id: id, rover: addition.rover, folder: addition.folder, sol: addition.sol,
          updated: time, count: addition.count, cameras: cameras,
          photos: addition.photos.map(\.shown)))
    }
    entries = Array((added + entries).prefix(Self.kept))
  }
}

/// The photos one run saved for one rover's sol, for the feed.
public struct FeedAddition: Sendable {
  /// A saved photo.
  public struct Saved: Sendable {
    /// Its camera.
    public var camera: String
    /// How the feed shows it.
    public var shown: FeedEntry.Photo

    /// A saved photo of `camera`.
    public init(camera: String, shown: FeedEntry.Photo) {
      self.camera = camera
      self.shown = shown
    }
  }

  /// The rover as people write it.
  public var rover: String
  /// Its folder in the gallery.
  public var folder: String
  /// The sol.
  public var sol: Int
  /// The first photos saved, in the order they were listed: as many as an entry shows
  /// (``FeedEntry/shownPhotos``), so that a sol of thousands is not held photo by photo.
  public private(set) var photos: [Saved] = []
  /// How many photos of each camera were saved.
  public private(set) var cameraCounts: [String: Int] = [:]
  /// How many photos were saved.
  public private(set) var count = 0

  /// The photos a run saved for a sol.
  public init(rover: String, folder: String, sol: Int, photos: [Saved] = []) {
    self.rover = rover
    self.folder = folder
    self.sol = sol
    for photo in photos { add(photo) }
  }

  /// Counts one more saved photo, kept when the entry shows it.
  public mutating func add(_ photo: Saved) {
    count += 1
    cameraCounts[photo.camera, default: 0] += 1
    if photos.count < FeedEntry.shownPhotos { photos.append(photo) }
  }
}
