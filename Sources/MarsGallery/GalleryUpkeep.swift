import MarsFetching
import MarsMirror
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What `download` and `sync` do for the gallery after their files are on disk: record the
/// rover's manifest for the timeline, and rewrite the pages of the sols they touched when the
/// folder has a gallery (unless `--no-gallery`). Neither may fail a run whose photos are safe:
/// a problem is a warning.
package struct GalleryUpkeep {
  package var root: URL
  package var enabled: Bool
  /// `--gallery-url`: where the gallery is served, for its feed's links.
  package var baseURL: String?
  /// Told of each problem, to warn of it.
  package var warn: (any Error) -> Void

  /// The upkeep of the mirror at `root`, its pages rewritten when `enabled`.
  package init(
    root: URL, enabled: Bool, baseURL: String? = nil, warn: @escaping (any Error) -> Void
  ) {
    self.root = root
    self.enabled = enabled
    self.baseURL = baseURL
    self.warn = warn
  }

  /// Merges what a run learned of a rover's mission into the manifest kept in its folder.
  package func record(_ manifest: PhotoManifest, rover: String) {
    let folder = root.appendingPathComponent(PhotoFileLayout.roverFolder(rover))
    attempt { try RoverManifestFile.merge(manifest, into: folder) }
  }

  /// Keeps the rover's traverse in its folder for the gallery's map.
  package func record(_ traverse: Traverse, rover: String) {
    let folder = root.appendingPathComponent(PhotoFileLayout.roverFolder(rover))
    attempt { try TraverseFile.write(traverse, into: folder) }
  }

  /// Rewrites the gallery's pages of the sols the results touched, rover by rover, and adds
  /// an entry to its feed for each sol the run saved photos to.
  package func update(_ results: [DownloadResult]) {
    update(Touched(results))
  }

  /// ``update(_:)`` from what a run gathered as its downloads ended.
  package func update(_ touched: Touched) {
    guard enabled, !touched.isEmpty else { return }
    let gallery = Gallery(root: root, baseURL: baseURL)
    guard gallery.exists else { return }
    for (folder, sols) in touched.sols.sorted(by: { $0.key < $1.key }) {
      attempt { try gallery.update(rover: folder, sols: sols) }
    }
    attempt { try gallery.announce(touched.additions(named: gallery.roverName)) }
  }

  private func attempt(_ body: () throws -> Void) {
    do {
      try body()
    } catch {
      warn(error)
    }
  }
}
