import MarsMirror
import Synchronization

/// The results of a run's downloads that something at its end reads one by one, kept as each
/// one ends: every one when they are all printed (`--json` and the other formats), the saved
/// ones when an `--on-new` command is to hear of them, and always those that failed or are
/// gone, to be said. The rest are only counted, so that a first sync of a whole mission does
/// not hold its 700,000 results until it ends.
package final class KeptResults: Sendable {
  /// Which results are kept besides those that failed or are gone.
  package enum Keeping: Sendable {
    /// Every result.
    case all
    /// Those saved by this run.
    case saved
    /// None more.
    case failures
  }

  private let keeping: Keeping
  private let state = Mutex<(count: Int, kept: [DownloadResult])>((0, []))

  /// Keeps what `keeping` says.
  package init(_ keeping: Keeping) { self.keeping = keeping }

  /// Notes one download's end.
  @Sendable package func add(_ result: DownloadResult) {
    let kept: Bool
    switch result.status {
    case .failed, .gone: kept = true
    case .downloaded: kept = keeping != .failures
    case .skipped: kept = keeping == .all
    }
    state.withLock {
      $0.count += 1
      if kept { $0.kept.append(result) }
    }
  }

  /// How many downloads ended.
  package var count: Int { state.withLock { $0.count } }

  /// The results kept, in the order they ended.
  package var kept: [DownloadResult] { state.withLock { $0.kept } }
}
