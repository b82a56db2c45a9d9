import Foundation

/// NASA's raw-image feeds as Fixtures/nasa/ holds them: each sol's records, loaded once.
final class FeedStore: @unchecked Sendable {
  // Unchecked: every property is a `let` filled in `init` and only read after.
  /// Perseverance's records by sol, every sample type.
  let mars2020: [Int: [[String: Any]]]
  /// Curiosity's items by sol, every sample type.
  let msl: [Int: [[String: Any]]]

  init(directory: String) throws {
    let nasa = URL(fileURLWithPath: directory).appendingPathComponent("nasa")
    mars2020 = try Self.sols(in: nasa.appendingPathComponent("mars2020"), root: "images")
    msl = try Self.sols(in: nasa.appendingPathComponent("msl"), root: "items")
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
