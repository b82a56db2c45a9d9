import Foundation
import Synchronization

/// The sync state while a run changes it: each sol's photos are counted off as their
/// downloads end, and the state is saved as soon as a sol is done, so an interrupted run
/// keeps every finished sol.
final class SyncLedger: Sendable {
  struct SolKey: Hashable, Sendable {
    var rover: String
    var sol: Int
  }

  private struct Pending {
    var remaining: Int
    var manifestCount: Int
    var failed = false
  }

  private struct Books {
    var state: SyncState
    var pending: [SolKey: Pending] = [:]
    var saveError: FileSystemError?
  }

  private let books: Mutex<Books>
  private let file: SyncStateFile
  private let cameras: [String]

  init(state: SyncState, file: SyncStateFile, cameras: [String]) {
    books = Mutex(Books(state: state))
    self.file = file
    self.cameras = cameras
  }

  /// The first error met while saving, if any.
  var saveError: FileSystemError? { books.withLock { $0.saveError } }

  var state: SyncState { books.withLock { $0.state } }

  /// Sets where a rover's mirror starts.
  func setStart(_ sol: Int, rover: String) {
    books.withLock { books in
      books.state.rovers[rover, default: .init(startSol: sol)].startSol = sol
    }
  }

  /// Starts counting a sol's new photos; a sol with none is done at once.
  func begin(_ key: SolKey, newPhotos: Int, manifestCount: Int) {
    books.withLock { books in
      books.pending[key] = Pending(remaining: newPhotos, manifestCount: manifestCount)
      if newPhotos == 0 { finish(key, in: &books) }
    }
  }

  /// Counts one download off its sol.
  func record(_ result: DownloadResult, for key: SolKey) {
    books.withLock { books in
      guard var pending = books.pending[key] else { return }
      if result.isOnDisk {
        books.state.rovers[key.rover]?.sols[String(key.sol), default: .init()].photoIDs.append(
          result.download.photo.id)
      } else {
        pending.failed = true
      }
      pending.remaining -= 1
      books.pending[key] = pending
      if pending.remaining == 0 { finish(key, in: &books) }
    }
  }

  /// Marks the sol complete unless a photo failed (it is looked at again next run), and saves.
  private func finish(_ key: SolKey, in books: inout Books) {
    guard let pending = books.pending.removeValue(forKey: key) else { return }
    var record = books.state.rovers[key.rover]?.sols[String(key.sol)] ?? .init()
    record.cameras = cameras
    record.completeAt = pending.failed ? nil : pending.manifestCount
    books.state.rovers[key.rover]?.sols[String(key.sol)] = record
    do {
      try file.save(books.state)
    } catch let error as FileSystemError {
      books.saveError = books.saveError ?? error
    } catch {
      books.saveError = books.saveError ?? FileSystemError(path: file.url.path, reason: "\(error)")
    }
  }
}
