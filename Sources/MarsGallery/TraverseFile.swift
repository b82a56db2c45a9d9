import Foundation
import MarsData
import RoverAPI

/// The rover's traverse as `download` and `sync` last fetched it, kept in
/// `DIR/<rover>/.rovers-traverse.json` for the gallery's map, which is drawn with no request.
public enum TraverseFile {
  static let name = ".rovers-traverse.json"

  /// What the file holds.
  struct Contents: Codable {
    var rover: String
    var waypoints: [Waypoint]
  }

  /// The traverse kept in `folder`; `nil` without one, or one that does not decode (the map is
  /// then left out, and the next run writes it again).
  public static func read(in folder: URL) -> Traverse? {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
      let contents = try? JSONDecoder().decode(Contents.self, from: data)
    else { return nil }
    return Traverse(rover: contents.rover, file: WaypointFile(waypoints: contents.waypoints))
  }

  /// Keeps `traverse` in `folder`, atomically; an unchanged traverse is not written again, so a
  /// nightly run that drove nowhere touches nothing.
  public static func write(_ traverse: Traverse, into folder: URL) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let data = try encoder.encode(Contents(rover: traverse.rover, waypoints: traverse.waypoints))
    let file = folder.appendingPathComponent(name)
    guard FileManager.default.contents(atPath: file.path) != data else { return }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try AtomicFile.write(data, to: file, durable: false)
  }
}
