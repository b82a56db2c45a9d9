import Dispatch
import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Puts written files in place in batches: every file that finished while the last batch was
/// being synced is made durable with one `syncfs` of its file system, then given its name.
///
/// A photo must be on disk before its name appears, or a power cut could leave a real name on
/// an empty file. One `fsync` per photo did that at a cost: for thousands of small images, a
/// fifth of the kernel time of a download, and on a slow disk (an SD card) a wait of its own
/// per image. One sync for a batch costs about what one file's did. Where the system has no
/// `syncfs`, each file of the batch is synced on its own, as before.
///
/// The batch is synced on a thread that may block, its own queue's: the waiters are told
/// from there. A caller waits for its own file only, or not at all: a download run is told
/// of each file as it is placed, with no task of its own waiting for it.
package final class GroupCommit: Sendable {
  /// How files are made durable: the system's calls, or a test's.
  package struct DiskSync: Sendable {
    /// Syncs the whole file system holding a descriptor: whether it could, `nil` for no such
    /// call.
    var fileSystem: @Sendable (Int32) -> Bool?
    /// Syncs one file: whether it could.
    var file: @Sendable (Int32) -> Bool

    /// The system's `syncfs` and `fsync`.
    static let system = DiskSync(
      fileSystem: { POSIX.syncFileSystem($0) }, file: { POSIX.sync($0) })
  }

  private struct Waiting: Sendable {
    let file: TemporaryFile
    let placed: @Sendable (Result<Void, any Error>) -> Void
  }

  private struct State {
    var waiting: [Waiting] = []
    /// Whether a thread is syncing: what arrives meanwhile waits for its next batch.
    var syncing = false
    /// When the last batch began, to let a few more files join a small one.
    var lastBatch: ContinuousClock.Instant?
    /// Whether the caller has nothing more to send for now: a small batch goes at once.
    var hurried = false
    /// Whether the syncing thread waits for company for its batch: only then is it woken.
    var pausing = false
  }

  /// A batch smaller than this waits until `gathering` after the last one began, for more
  /// files to share its sync: at 1,000 photos a second, a batch of 40 instead of a few. Nothing
  /// waits for it but the photo's name; a run's end ``hurry()``s it.
  private static let fullBatch = 32
  package static let defaultGathering: Duration = .milliseconds(40)

  private let state = Mutex(State())
  private let sync: DiskSync
  /// Where batches are synced. Serial, and so given a thread of its own when it has work: a
  /// task that waits for the disk would hold one of the few threads Swift concurrency has,
  /// and a concurrent queue on Linux shares as many threads as there are cores among every
  /// group commit of the process, where one blocked in a slow `syncfs` held up the others.
  private let syncer = DispatchQueue(label: "rovers.group-commit")
  /// Ends a batch's wait for company early: signalled by ``hurry()``.
  private let wake = DispatchSemaphore(value: 0)

  /// How long after a batch began a smaller one waits for company.
  private let gathering: Duration

  /// Creates an empty group commit that makes files durable with `sync`, a small batch
  /// waiting for company until `gathering` after the last one began.
  package init(sync: DiskSync = .system, gathering: Duration = defaultGathering) {
    self.sync = sync
    self.gathering = gathering
  }

  /// How many files wait for the next batch.
  package var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Makes `file` durable and gives it its real name; throws ``FileSystemError`` when either
  /// fails, in which case the file is gone. Not cancellable: the file is written whole and
  /// waits at most for one batch.
  package func commit(_ file: TemporaryFile) async throws {
    try await withCheckedThrowingContinuation { continuation in
      commit(file) { continuation.resume(with: $0) }
    }
  }

  /// The same, returning at once: `placed` is called with the outcome, on the thread that
  /// placed the batch.
  package func commit(
    _ file: TemporaryFile, placed: @escaping @Sendable (Result<Void, any Error>) -> Void
  ) {
    let start = state.withLock { state in
      state.waiting.append(Waiting(file: file, placed: placed))
      state.hurried = false
      defer { state.syncing = true }
      return !state.syncing
    }
    if start { syncer.async { self.drain() } }
  }

  /// Tells it that nothing more is coming for now (a run's last transfer has ended): what
  /// waits goes in place without waiting for more files to share its sync, so the run's end
  /// is not held back by it.
  package func hurry() {
    let pausing = state.withLock { state in
      state.hurried = true
      return state.pausing
    }
    if pausing { wake.signal() }
  }

  /// Syncs and places batches until nothing waits.
  private func drain() {
    while true {
      let pause = state.withLock { state -> Duration in
        guard !state.waiting.isEmpty, state.waiting.count < Self.fullBatch, !state.hurried,
          let last = state.lastBatch
        else { return .zero }
        let pause = gathering - (ContinuousClock.now - last)
        state.pausing = pause > .zero
        return pause
      }
      if pause > .zero {
        _ = wake.wait(timeout: .now() + Self.seconds(pause))
        state.withLock { $0.pausing = false }
      }
      let batch = state.withLock { state -> [Waiting] in
        let batch = state.waiting
        state.waiting = []
        // Once nothing waits the thread leaves; the next file starts another.
        if batch.isEmpty { state.syncing = false } else { state.lastBatch = .now }
        return batch
      }
      guard !batch.isEmpty else { return }
      place(batch)
    }
  }

  /// Syncs the batch's file systems, then renames each file that is safe into place.
  private func place(_ batch: [Waiting]) {
    var failures: [Int: FileSystemError] = [:]
    let groups = Dictionary(grouping: batch.indices) { batch[$0].file.device }
    for (device, members) in groups {
      let first = batch[members[0]].file
      if device != nil, let synced = sync.fileSystem(first.fd) {
        guard !synced else { continue }
        let error = FileSystemError(path: first.shownPath, errno: POSIX.lastError)
        for index in members { failures[index] = error }
        continue
      }
      for index in members where !sync.file(batch[index].file.fd) {
        failures[index] = FileSystemError(
          path: batch[index].file.shownPath, errno: POSIX.lastError)
      }
    }
    for (index, waiting) in batch.enumerated() {
      if let failure = failures[index] {
        waiting.file.discard()
        waiting.placed(.failure(failure))
        continue
      }
      waiting.placed(Result { try waiting.file.commit(durable: false) })
    }
  }

  private static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }
}
