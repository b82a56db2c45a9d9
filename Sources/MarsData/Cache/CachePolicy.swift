import Foundation
import RoverAPI

/// How long an answer may be kept, from what it says once decoded: the mission of a finished
/// rover does not change, an active rover's does, and a sol before the last one is over.
public enum CachePolicy {
  /// Thirty days: rovers whose mission is complete, and sols that are over.
  public static let long: TimeInterval = 30 * 86_400
  /// One hour: anything about a rover still at work.
  public static let short: TimeInterval = 3_600

  /// The lifetime of `value`, the decoded answer to `key`, or `nil` when it must not be kept.
  /// `lastSol` says a rover's last sol (lower-cased name), if known.
  static func lifetime(of value: any Sendable, for key: AnswerKey, lastSol: (String) -> Int?)
    -> TimeInterval?
  {
    switch value {
    case let rovers as [Rover]:
      guard !rovers.isEmpty else { return nil }
      return rovers.allSatisfy { $0.status == "complete" } ? long : short
    case let rover as Rover:
      return lifetime(status: rover.status)
    case let manifest as PhotoManifest:
      return lifetime(status: manifest.status)
    case is PhotoPage:
      // Only a sol the rover has finished: its last sol may still be filling up.
      let parts = key.path.split(separator: "/")
      guard parts.count == 3, parts[0] == "rovers", parts[2] == "photos",
        let sol = key.query["sol"].flatMap(Int.init), let last = lastSol(parts[1].lowercased()),
        sol < last
      else { return nil }
      return long
    default:
      return nil
    }
  }

  /// What an answer says of rovers' last sols, by lower-cased name.
  static func lastSols(in value: any Sendable) -> [String: Int] {
    switch value {
    case let rovers as [Rover]:
      Dictionary(rovers.map { ($0.name.lowercased(), $0.maxSol) }, uniquingKeysWith: max)
    case let rover as Rover: [rover.name.lowercased(): rover.maxSol]
    case let manifest as PhotoManifest: [manifest.name.lowercased(): manifest.maxSol]
    default: [:]
    }
  }

  private static func lifetime(status: String) -> TimeInterval? {
    switch status {
    case "complete": long
    case "active": short
    default: nil
    }
  }
}
