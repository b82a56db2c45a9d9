import Foundation

/// NASA's raw-image feeds as Fixtures/nasa/ holds them: each sol's records, loaded once.
final class FeedStore: @unchecked Sendable {
  // Unchecked: every property is a `let` filled in `init` and only read after.
  /// The Mars 2020 feed's records by category (`mars2020`, `ingenuity`), then by sol, every
  /// sample type.
  let categories: [String: [Int: [[String: Any]]]]
  /// The raw-image items by mission (`msl`, `insight`), then by sol, every sample type.
  let missions: [String: [Int: [[String: Any]]]]
  /// The traverse maps' waypoint files by mission (`M20`, `MSL`), served as they are.
  let waypoints: [String: Data]

  init(directory: String) throws {
    let nasa = URL(fileURLWithPath: directory).appendingPathComponent("nasa")
    var categories: [String: [Int: [[String: Any]]]] = [:]
    for category in ["mars2020", "ingenuity"] {
      categories[category] = try Self.sols(
        in: nasa.appendingPathComponent(category), root: "images")
    }
    var missions: [String: [Int: [[String: Any]]]] = [:]
    for mission in ["msl", "insight"] {
      missions[mission] = try Self.sols(in: nasa.appendingPathComponent(mission), root: "items")
    }
    self.categories = categories
    self.missions = missions
    var waypoints: [String: Data] = [:]
    let maps = nasa.appendingPathComponent("waypoints")
    for file in (try? FileManager.default.contentsOfDirectory(atPath: maps.path)) ?? []
    where file.hasSuffix("_waypoints.json") {
      waypoints[String(file.dropLast("_waypoints.json".count))] = try Data(
        contentsOf: maps.appendingPathComponent(file))
    }
    self.waypoints = waypoints
  }

  private static func sols(in folder: URL, root: String) throws -> [Int: [[String: Any]]] {
    var sols: [Int: [[String: Any]]] = [:]
    for file in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
      guard file.hasSuffix(".json"), let sol = Int(file.dropLast(5)) else { continue }
      let data = try Data(contentsOf: folder.appendingPathComponent(file))
      let body = try JSONSerialization.jsonObject(with: data) as? [String: Any]
      sols[sol] = body?[root] as? [[String: Any]] ?? []
    }
    return sols
  }
}
