import Foundation

/// A folder for one test, removed with the test's suite instance, whether the test passed or
/// failed; in memory (`/dev/shm`) where the machine has one, so that the file layer's syncs to
/// disk do not set the suite's pace.
final class ScratchFolder: Sendable {
  let url: URL

  /// `<tmp>/<prefix>-<UUID>`, created when `create` says so.
  init(_ prefix: String, create: Bool = false) throws {
    url = Self.root.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    if create {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// `/dev/shm` when it is a folder this process may write, else the system's temporary one.
  static let root: URL = {
    let memory = URL(fileURLWithPath: "/dev/shm")
    return FileManager.default.isWritableFile(atPath: memory.path)
      ? memory : FileManager.default.temporaryDirectory
  }()
}
