import MarsFetching
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The folders a run writes photos to, each made if missing and cleared of left-over
/// temporary files once: a run never walks a mirror of a whole mission, and never looks again
/// at a folder it has seen.
final class PreparedFolders: Sendable {
  /// Each folder seen, with whether this run made it.
  private let seen = Mutex<[String: Bool]>([:])

  /// Makes `folder` if it is missing and sweeps it the first time; returns whether this run
  /// made it, in which case nothing was in it but what the run put there.
  func prepare(_ folder: String) throws -> Bool {
    if let made = seen.withLock({ $0[folder] }) { return made }
    let made = try Directories.create(URL(fileURLWithPath: folder))
    if !made { TemporaryFile.sweep(URL(fileURLWithPath: folder)) }
    // Two downloads may prepare the same folder at once: the one that made it says so.
    return seen.withLock { seen in
      let known = (seen[folder] ?? false) || made
      seen[folder] = known
      return known
    }
  }
}
