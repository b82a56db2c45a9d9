import Foundation

/// How long an answer may be kept, from what it says: the mission of a finished rover does
/// not change, an active rover's does, and a sol before the last one is over.
public enum CachePolicy {
  /// Thirty days: rovers whose mission is complete, and sols that are over.
  public static let long: TimeInterval = 30 * 86_400
  /// One hour: anything about a rover still at work.
  public static let short: TimeInterval = 3_600

  /// The lifetime of a 200 answer to `path` (below the base, such as `manifests/spirit`) with
  /// `query`, or `nil` when it must not be kept. `lastSol` says a rover's last sol, if known.
  static func lifetime(
    path: String, query: [String: String], body: Data, lastSol: (String) -> Int?
  ) -> TimeInterval? {
    let parts = path.split(separator: "/").map(String.init)
    switch (parts.first, parts.count) {
    case ("rovers", 1):
      let statuses = statusList(body, root: "rovers")
      return statuses.isEmpty ? nil : statuses.allSatisfy { $0 == "complete" } ? long : short
    case ("rovers", 2):
      return lifetime(status: status(body, root: "rover"))
    case ("manifests", 2):
      return lifetime(status: status(body, root: "photo_manifest"))
    case ("rovers", 3) where parts[2] == "photos":
      // Only a sol the rover has finished: its last sol may still be filling up.
      guard let sol = query["sol"].flatMap(Int.init), let last = lastSol(parts[1].lowercased()),
        sol < last
      else { return nil }
      return long
    default:
      return nil
    }
  }

  private static func lifetime(status: String?) -> TimeInterval? {
    switch status {
    case "complete": long
    case "active": short
    default: nil
    }
  }

  private static func status(_ body: Data, root: String) -> String? {
    let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    return (object?[root] as? [String: Any])?["status"] as? String
  }

  private static func statusList(_ body: Data, root: String) -> [String] {
    let object = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    return ((object?[root] as? [[String: Any]]) ?? []).compactMap { $0["status"] as? String }
  }
}
