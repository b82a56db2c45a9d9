import Foundation
import MarsData
import MarsGallery
import RoverAPI

/// What `download` and `sync` do for the gallery after their files are on disk: record the
/// rover's manifest for the timeline, and rewrite the pages of the sols they touched when the
/// folder has a gallery (unless `--no-gallery`). Neither may fail a run whose photos are safe:
/// a problem is a warning.
struct GalleryUpkeep {
  var root: URL
  var enabled: Bool
  var console: Console
  var quiet: Bool

  /// Merges what a run learned of a rover's mission into the manifest kept in its folder.
  func record(_ manifest: PhotoManifest, rover: String) {
    let folder = root.appendingPathComponent(PhotoFileLayout.roverFolder(rover))
    attempt { try RoverManifestFile.merge(manifest, into: folder) }
  }

  /// Keeps the rover's traverse in its folder for the gallery's map.
  func record(_ traverse: Traverse, rover: String) {
    let folder = root.appendingPathComponent(PhotoFileLayout.roverFolder(rover))
    attempt { try TraverseFile.write(traverse, into: folder) }
  }

  /// Rewrites the gallery's pages of the sols the results touched, rover by rover.
  func update(_ results: [DownloadResult]) {
    guard enabled, !results.isEmpty else { return }
    let gallery = Gallery(root: root)
    guard gallery.exists else { return }
    var sols: [String: Set<Int>] = [:]
    for result in results {
      let folder = String(result.download.relativePath.split(separator: "/").first ?? "")
      sols[folder, default: []].insert(result.download.photo.sol)
    }
    for (folder, touched) in sols.sorted(by: { $0.key < $1.key }) {
      attempt { try gallery.update(rover: folder, sols: touched) }
    }
  }

  private func attempt(_ body: () throws -> Void) {
    do {
      try body()
    } catch {
      if !quiet {
        console.diagnostic(
          "warning: the gallery could not be updated: \(ErrorReport(error).message)")
      }
    }
  }
}
