import MarsFetching
import PlainText
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The rover's manifest as `download` and `sync` last saw it, kept in
/// `DIR/<rover>/.rovers-manifest.json` for the gallery's timeline: entries from each run are
/// merged in, so a manifest counted from the feeds sol by sol still adds up.
public enum RoverManifestFile {
  static let name = ".rovers-manifest.json"

  static func read(in folder: URL) -> PhotoManifest? {
    guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
    else { return nil }
    return try? JSONDecoder().decode(PhotoManifest.self, from: data)
  }

  /// Merges `manifest` into the one kept in `folder`, sol by sol, and writes it atomically.
  public static func merge(_ manifest: PhotoManifest, into folder: URL) throws {
    var merged = manifest
    if let kept = read(in: folder), kept.name.lowercased() == manifest.name.lowercased() {
      var bySol = Dictionary(kept.photos.map { ($0.sol, $0) }, uniquingKeysWith: { $1 })
      for entry in manifest.photos { bySol[entry.sol] = entry }
      merged.photos = bySol.keys.sorted().compactMap { bySol[$0] }
      merged.maxSol = max(kept.maxSol, manifest.maxSol)
    }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try AtomicFile.write(
      Data(encoded(merged)), to: folder.appendingPathComponent(name), durable: false)
  }

  /// The manifest as the file keeps it: byte for byte what `JSONEncoder` wrote for it (members
  /// sorted, slashes left alone), so files written before and after read the same, written
  /// straight from the values by the manifest's own writer: through `JSONEncoder`, merged at
  /// every download and sync into a gallery's folder, it was 1.5 CPU-s of a test run.
  static func encoded(_ manifest: PhotoManifest) -> [UInt8] {
    var json = JSONWriter(.compact, capacity: 256 + manifest.photos.count * 96)
    manifest.write(to: &json)
    return json.bytes
  }
}
