import MarsFetching
import RoverAPI

/// What the front page shows of one rover.
struct GalleryRover {
  /// As it is spelled: `Perseverance`.
  var name: String
  /// Its folder in the gallery: `perseverance`.
  var folder: String
  /// The sols here, with how many photos each holds.
  var sols: [Int: Int]
  /// The Earth day of each sol here, where its photos say it.
  var dates: [Int: String] = [:]
  /// The mission's sols, as the last manifest recorded in the folder said; empty without one.
  var manifest: [ManifestEntry]
  /// The first photos of the latest sol, relative to the front page.
  var strip: [PhotoTile]
  /// The traverse `download` or `sync` kept in the folder; `nil` without one.
  var traverse: Traverse? = nil

  var photoCount: Int { sols.values.reduce(0, +) }
}

/// A rover's sols in the gallery, kept in `DIR/<rover>/.rovers-gallery.json` so that keeping
/// the front page current never lists the whole mirror.
struct GallerySummary: Codable {
  var name: String
  /// Photos per sol, by sol number.
  var sols: [String: Int]
  /// The Earth day of each sol, by sol number; absent from summaries of earlier versions.
  var dates: [String: String]?

  /// The Earth days by sol number.
  var earthDates: [Int: String] {
    Dictionary(
      (dates ?? [:]).compactMap { key, value in Int(key).map { ($0, value) } },
      uniquingKeysWith: { first, _ in first })
  }

  /// The sols as numbers.
  var counts: [Int: Int] {
    Dictionary(
      sols.compactMap { key, value in Int(key).map { ($0, value) } }, uniquingKeysWith: max)
  }
}
