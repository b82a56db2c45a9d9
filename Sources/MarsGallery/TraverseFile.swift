import MarsFetching
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The rover's traverse as `download` and `sync` last fetched it, kept in
/// `DIR/<rover>/.rovers-traverse.json` for the gallery's map and places, which are drawn with
/// no request. It is written in the shape of NASA's own waypoint files (a GeoJSON feature
/// collection, each point's `properties` only), so the scanner that reads NASA's reads it
/// back in one pass: a mission's ten thousand points in milliseconds.
public enum TraverseFile {
  static let name = ".rovers-traverse.json"

  /// The traverse kept in a rover's `folder` (named by the folder: the pages name the rover as
  /// its records spell it); `nil` without one, or one that does not decode (the map and places
  /// are then left out, and the next run writes it again).
  public static func read(in folder: URL) -> Traverse? {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path),
      let file = try? WaypointFile.scanning(data)
    else { return nil }
    return Traverse(rover: folder.lastPathComponent, file: file)
  }

  /// Keeps `traverse` in `folder`, atomically; an unchanged traverse is not written again, so a
  /// nightly run that drove nowhere touches nothing.
  public static func write(_ traverse: Traverse, into folder: URL) throws {
    let data = Data(encoded(traverse).utf8)
    let file = folder.appendingPathComponent(name)
    guard FileManager.default.contents(atPath: file.path) != data else { return }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try AtomicFile.write(data, to: file, durable: false)
  }

  /// The traverse as NASA's files have it: one feature a line, its properties by NASA's names.
  static func encoded(_ traverse: Traverse) -> String {
    var text = "{\"type\":\"FeatureCollection\",\"features\":[\n"
    text.reserveCapacity(40 + traverse.waypoints.count * 140)
    for (index, point) in traverse.waypoints.enumerated() {
      text += index == 0 ? "" : ",\n"
      text += "{\"type\":\"Feature\",\"properties\":{\"sol\":\(point.sol),\"site\":\(point.site)"
      text += ",\"drive\":\(point.drive),\"lat\":\(point.latitude),\"lon\":\(point.longitude)"
      if let elevation = point.elevation { text += ",\"elev_geoid\":\(elevation)" }
      if let distance = point.distance { text += ",\"dist_total_m\":\(distance)" }
      text += "}}"
    }
    return text + "\n]}\n"
  }
}
