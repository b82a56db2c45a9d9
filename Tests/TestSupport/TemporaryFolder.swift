import Foundation

/// A folder for one test, removed with its owner whether the test passed or failed.
///
/// It lives in memory (`/dev/shm`) where the machine has one: the tool syncs every file it
/// writes to disk, and on a real disk those syncs, not the code under test, would set the
/// suite's pace. A test that writes more than memory should hold asks for the disk. Every
/// name starts `rovers-tests-`, which `make test` looks for afterwards: a folder left behind
/// fails the run.
public final class TemporaryFolder: Sendable {
  /// The folder.
  public let url: URL

  /// `rovers-tests-<label>-<UUID>`, made now unless `create` is false (a test of code that
  /// makes the folder itself).
  public init(_ label: String = "folder", onDisk: Bool = false, create: Bool = true) throws {
    url = (onDisk ? FileManager.default.temporaryDirectory : Self.root)
      .appendingPathComponent("rovers-tests-\(label)-\(UUID().uuidString)")
    if create {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A path inside the folder.
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// `/dev/shm` when it is a folder this process may write, else the system's temporary one.
  public static let root: URL = {
    let memory = URL(fileURLWithPath: "/dev/shm")
    return FileManager.default.isWritableFile(atPath: memory.path)
      ? memory : FileManager.default.temporaryDirectory
  }()
}
