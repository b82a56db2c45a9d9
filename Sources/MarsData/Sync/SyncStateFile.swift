import Foundation

/// Reads and writes ``SyncState`` atomically, so a crash leaves the old state or the new one.
public struct SyncStateFile: Sendable {
  /// The file: `DIR/.rovers-sync.json`.
  public var url: URL

  /// The state file of the mirror at `folder`.
  public init(folder: URL) {
    url = folder.appendingPathComponent(".rovers-sync.json")
  }

  /// The saved state; an empty one when there is none yet. A file that cannot be read as
  /// state is set aside as `.rovers-sync.json.corrupt` and an empty state returned: the files
  /// on disk are still found and skipped, so nothing is fetched twice.
  public func load() throws -> (state: SyncState, recovered: Bool) {
    guard let data = FileManager.default.contents(atPath: url.path) else {
      return (SyncState(), false)
    }
    if let state = try? JSONDecoder().decode(SyncState.self, from: data) { return (state, false) }
    let aside = url.path + ".corrupt"
    _ = try? FileManager.default.removeItem(atPath: aside)
    guard rename(url.path, aside) == 0 else { throw FileSystemError(path: url.path, errno: errno) }
    return (SyncState(), true)
  }

  /// Saves the state through a `.part` file and a rename.
  public func save(_ state: SyncState) throws {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    _ = try AtomicFile.write(try encoder.encode(state), to: url, replacing: true)
  }
}
