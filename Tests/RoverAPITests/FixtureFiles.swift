import Foundation
import TestSupport

/// Paths to the package's fixtures, found from this file's own location.
enum FixtureFiles {
  static let root = PackagePaths.fixtures

  /// The shared recordings beside the clone, when the checkout has them (CI does).
  static let sharedRealAPI = PackagePaths.shared.appendingPathComponent("real-api")

  static func data(_ relativePath: String) throws -> Data {
    try Data(contentsOf: root.appendingPathComponent(relativePath))
  }

  /// Every `.json` file below `folder`, sorted by path.
  static func jsonFiles(in folder: URL) -> [URL] {
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
    let urls = (enumerator?.allObjects as? [URL]) ?? []
    return urls.filter { $0.pathExtension == "json" }.sorted { $0.path < $1.path }
  }
}
