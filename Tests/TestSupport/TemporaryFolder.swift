import Foundation

/// A folder for one test, removed with its owner whether the test passed or failed.
///
/// It lives in memory (`/dev/shm`) where the machine has one: the tool syncs every file it
/// writes to disk, and on a real disk those syncs, not the code under test, would set the
/// suite's pace. A test that writes a lot says how much (`room`), and gets the disk where
/// memory could not spare it. Every name starts `rovers-tests-`, which `make test` looks for
/// afterwards: a folder left behind fails the run.
public final class TemporaryFolder: Sendable {
  /// The folder.
  public let url: URL

  /// `rovers-tests-<label>-<UUID>`, made now unless `create` is false (a test of code that
  /// makes the folder itself); on the disk when `onDisk` (a test of what the disk does), or
  /// when the test writes up to `room` bytes there and memory cannot spare them.
  public init(
    _ label: String = "folder", onDisk: Bool = false, room: Int = 0, create: Bool = true
  ) throws {
    url = (onDisk || !Self.memoryHolds(room) ? FileManager.default.temporaryDirectory : Self.root)
      .appendingPathComponent("rovers-tests-\(label)-\(UUID().uuidString)")
    if create {
      try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// A path inside the folder.
  public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

  /// Whether the memory folder can take `bytes` more: its files are memory, so it must have
  /// twice that free and the machine four times that in all, or the test would crowd out the
  /// rest of the run (or the machine). Where it cannot, the disk holds them, and its writing
  /// back, not the code under test, sets the pace: a 2 GB file written there while the suite
  /// runs cost the run 9 CPU-s, against 4 on its own.
  static func memoryHolds(_ bytes: Int) -> Bool {
    // Where there is no memory folder, `root` is the disk's and either answer is the disk.
    guard bytes > 0 else { return true }
    guard
      let free = try? FileManager.default.attributesOfFileSystem(forPath: root.path)[
        .systemFreeSize] as? Int
    else { return false }
    return free / 2 >= bytes && ProcessInfo.processInfo.physicalMemory / 4 >= UInt64(bytes)
  }

  /// `/dev/shm` when it is a folder this process may write, else the system's temporary one.
  public static let root: URL = {
    let memory = URL(fileURLWithPath: "/dev/shm")
    return FileManager.default.isWritableFile(atPath: memory.path)
      ? memory : FileManager.default.temporaryDirectory
  }()
}
