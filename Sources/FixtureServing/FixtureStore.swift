import Foundation

/// The API's data as Fixtures/api/ holds it, loaded once at start-up.
///
/// The bodies stay as parsed JSON rather than typed models so that the server answers with
/// every field the fixtures have, including the ones the client ignores.
final class FixtureStore: @unchecked Sendable {
  // Unchecked: every property is a `let` filled in `init` and never changed after, so the
  // JSON objects inside are only ever read, from any thread.
  /// The rovers, in the list's order.
  let rovers: [[String: Any]]
  /// Manifests by lower-cased rover name.
  let manifests: [String: [String: Any]]
  /// Photos by lower-cased rover name, then sol.
  let photos: [String: [Int: [[String: Any]]]]
  /// The bodies that never change, serialised once: a real server's cost of building them is
  /// not the client's, and benchmarks should not count it.
  let roversBody: Data
  /// `{"photo_manifest": …}` by lower-cased rover name.
  let manifestBodies: [String: Data]

  init(directory: String) throws {
    let api = URL(fileURLWithPath: directory).appendingPathComponent("api")
    let list = try Self.object(at: api.appendingPathComponent("rovers.json"))
    rovers = list["rovers"] as? [[String: Any]] ?? []
    var manifests: [String: [String: Any]] = [:]
    var photos: [String: [Int: [[String: Any]]]] = [:]
    let files = FileManager.default
    for rover in rovers {
      guard let name = (rover["name"] as? String)?.lowercased() else { continue }
      let manifest = api.appendingPathComponent("manifests/\(name).json")
      if files.fileExists(atPath: manifest.path) {
        manifests[name] = try Self.object(at: manifest)["photo_manifest"] as? [String: Any]
      }
      let folder = api.appendingPathComponent("photos/\(name)")
      for file in (try? files.contentsOfDirectory(atPath: folder.path)) ?? [] {
        guard file.hasSuffix(".json"), let sol = Int(file.dropLast(5)) else { continue }
        let body = try Self.object(at: folder.appendingPathComponent(file))
        photos[name, default: [:]][sol] = body["photos"] as? [[String: Any]] ?? []
      }
    }
    self.manifests = manifests
    self.photos = photos
    roversBody = ParsedJSON.data(["rovers": rovers])
    manifestBodies = manifests.mapValues { ParsedJSON.data(["photo_manifest": $0]) }
  }

  /// The rover with this name, ignoring case.
  func rover(named name: String) -> [String: Any]? {
    rovers.first { ($0["name"] as? String)?.lowercased() == name.lowercased() }
  }

  /// The photos of one sol; empty when the fixtures hold none for it.
  func photos(rover: String, sol: Int) -> [[String: Any]] {
    photos[rover.lowercased()]?[sol] ?? []
  }

  /// Every photo of the rover, by sol.
  func allPhotos(rover: String) -> [[String: Any]] {
    let bySol = photos[rover.lowercased()] ?? [:]
    return bySol.keys.sorted().flatMap { bySol[$0] ?? [] }
  }

  /// The sol whose Earth date this is, from the rover's manifest.
  func sol(rover: String, earthDate: String) -> Int? {
    let entries = manifests[rover.lowercased()]?["photos"] as? [[String: Any]] ?? []
    return entries.first { $0["earth_date"] as? String == earthDate }?["sol"] as? Int
  }

  /// The photo with this id, searched in every fixture.
  func photo(id: Int) -> [String: Any]? {
    for bySol in photos.values {
      for list in bySol.values {
        if let photo = list.first(where: { $0["id"] as? Int == id }) { return photo }
      }
    }
    return nil
  }

  private static func object(at url: URL) throws -> [String: Any] {
    let data = try Data(contentsOf: url)
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
    }
    return object
  }
}
