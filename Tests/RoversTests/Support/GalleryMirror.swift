import Foundation
import TestSupport

/// The mirror the gallery tests read: Perseverance's sols 0, 100 and 1042 and Curiosity's 1000,
/// downloaded by `rovers download`, then `rovers gallery`; about a thousand photos.
///
/// It is made once a run and written out for each test that asks: five tests read it, and
/// making it took a second and a half of the two cores each time. It is kept as its files'
/// bytes (11 MB), not as a folder, so that nothing of it outlives the run.
enum GalleryMirror {
  /// A `rovers` run the mirror needed failed.
  struct MakingFailed: Error, CustomStringConvertible {
    var description: String
  }

  /// Every file of the made mirror, by its path inside it.
  private static let files = Task { try await make() }

  /// Writes the mirror into `folder`, which may not exist yet.
  static func write(to folder: URL) async throws {
    for (path, bytes) in try await files.value {
      let file = folder.appendingPathComponent(path)
      try FileManager.default.createDirectory(
        at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
      try bytes.write(to: file)
    }
  }

  private static func make() async throws -> [String: Data] {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder()
    let mirror = folder.url.appendingPathComponent("mars")
    for (rover, sol) in [
      ("perseverance", 0), ("perseverance", 100), ("perseverance", 1042), ("curiosity", 1000),
    ] {
      let run = try await CapturedRun.rovers(
        ["download", rover, "--sol", String(sol), "-o", mirror.path, "-q"], base: server.baseURL)
      guard run.status == 0 else { throw MakingFailed(description: "download: \(run.stderr)") }
    }
    let gallery = try await CapturedRun.rovers(["gallery", mirror.path], base: server.baseURL)
    guard gallery.status == 0,
      gallery.stdout == mirror.appendingPathComponent("index.html").path + "\n"
    else { throw MakingFailed(description: "gallery: \(gallery.stdout)\(gallery.stderr)") }
    var files: [String: Data] = [:]
    let walker = FileManager.default.enumerator(
      at: mirror, includingPropertiesForKeys: [.isRegularFileKey])
    while let file = walker?.nextObject() as? URL {
      guard try file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else {
        continue
      }
      let path = String(
        file.standardizedFileURL.path.dropFirst(mirror.standardizedFileURL.path.count + 1))
      files[path] = try Data(contentsOf: file)
    }
    return files
  }
}
