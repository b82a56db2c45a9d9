#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One entry of the gallery's Atom feed: the photos one run brought to one rover's sol.
public struct FeedEntry: Codable, Sendable, Equatable {
  /// A photo the entry shows: its file, relative to the gallery's folder, and what NASA says
  /// of it.
  public struct Photo: Codable, Sendable, Equatable {
    /// The file, relative to the gallery's folder: `perseverance/1042/NAVCAM_LEFT/….jpg`.
    public var file: String
    /// The photo's title or NASA id.
    public var title: String
    /// NASA's caption, when the feeds give one.
    public var caption: String?
    /// Whom the photo is credited to.
    public var credit: String

    /// A photo of an entry.
    public init(file: String, title: String, caption: String?, credit: String?) {
      self.file = file
      self.title = title
      self.caption = caption
      self.credit = credit.flatMap { $0.isEmpty ? nil : $0 } ?? "NASA/JPL-Caltech"
    }
  }

  /// A camera and how many of the new photos it took.
  public struct CameraCount: Codable, Sendable, Equatable {
    /// The camera's name.
    public var camera: String
    /// Its new photos.
    public var count: Int
  }

  /// The entry's `tag:` URI, never changed once written.
  public var id: String
  /// The rover as people write it: `Perseverance`.
  public var rover: String
  /// The rover's folder in the gallery: `perseverance`.
  public var folder: String
  /// The sol.
  public var sol: Int
  /// When the run saved them, in UTC, as RFC 3339 writes it.
  public var updated: String
  /// How many photos the run saved for the sol.
  public var count: Int
  /// The cameras, most photos first.
  public var cameras: [CameraCount]
  /// A few of the photos, shown as thumbnails.
  public var photos: [Photo]

  /// The most photos an entry shows.
  static let shownPhotos = 6
  /// The most cameras its title names.
  static let namedCameras = 3

  /// "Perseverance, sol 1042: 49 new photos (NAVCAM_LEFT 12, FRONT_HAZCAM_LEFT_A 10, …)".
  public var title: String {
    let named = cameras.prefix(Self.namedCameras).map { "\($0.camera) \($0.count)" }
    let more = cameras.count > Self.namedCameras ? ", …" : ""
    let noun = count == 1 ? "photo" : "photos"
    return "\(rover), sol \(sol): \(count) new \(noun) (\(named.joined(separator: ", "))\(more))"
  }

  /// The cameras and their counts, most first: "NAVCAM_LEFT 12, FRONT_HAZCAM_LEFT_A 10".
  var cameraList: String {
    cameras.map { "\($0.camera) \($0.count)" }.joined(separator: ", ")
  }

  /// The sol's page, relative to the gallery's folder.
  public var page: String { "\(folder)/\(sol)/\(Gallery.indexName)" }
}
