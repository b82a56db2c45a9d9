import MarsFetching

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A journal's storage that reads and never writes: what `sync --dry-run` plans with, so that
/// looking leaves the folder as it was.
struct ReadOnlyStorage: SyncStateStorage {
  /// Where the journal's bytes are read from.
  var base: any SyncStateStorage

  func read() throws -> Data? { try base.read() }
  func append(_ data: Data) throws {}
  func replace(with data: Data) throws {}
  func flush() throws {}
}
