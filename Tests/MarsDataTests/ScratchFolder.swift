import Foundation

/// A folder of the system's temporary directory for one test, removed with the test's suite
/// instance, whether the test passed or failed.
final class ScratchFolder: Sendable {
  let url: URL

  /// `<tmp>/<prefix>-<UUID>`, created when `create` says so.
  init(_ prefix: String, create: Bool = false) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "\(prefix)-\(UUID().uuidString)")
    if create {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
  }

  deinit { try? FileManager.default.removeItem(at: url) }
}
