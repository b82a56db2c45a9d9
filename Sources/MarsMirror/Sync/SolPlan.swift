import MarsFetching
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decides which sols a sync looks at, and how a sol stands once its photos are dealt with.
struct SolPlan: Sendable {
  /// How long a photo gone from its host is left alone, and how long a short list is waited
  /// for before the sol is taken as it is.
  static let patience: TimeInterval = 7 * 86_400
  /// In how many runs a list must have been short before waiting stops.
  static let shortRunsBeforeSettling = 3

  /// Only these cameras (upper-cased, sorted); every camera when empty.
  var cameras: [String]
  /// The image size asked for.
  var size: ImageSize
  /// Now, in seconds since 1970.
  var now: Double

  /// Whether a sol needs this run: never seen, its count or filter changed, or left
  /// unfinished (failures, a short list still waited for, gone photos due another try).
  func needsWork(_ entry: ManifestEntry, recorded: SolEntry?) -> Bool {
    guard let recorded, recorded.sol != nil else { return true }
    if (recorded.cameras ?? []) != cameras { return true }
    if let recordedSize = recorded.size, recordedSize != size.rawValue { return true }
    if recorded.count != entry.totalPhotos { return true }
    switch recorded.state {
    case .complete?:
      return recorded.retryAfter.map { now >= $0 } ?? false
    case .short?:
      return recorded.settled != true
    case .incomplete?, nil:
      return true
    }
  }

  /// The journal line for a sol this run dealt with.
  func entry(for progress: SolProgress, previous: SolEntry?) -> SolEntry {
    var entry = SolEntry(rover: progress.rover, sol: progress.manifest.sol)
    entry.count = progress.manifest.totalPhotos
    entry.cameras = cameras
    entry.size = size.rawValue
    entry.listed = progress.listed
    entry.saved = progress.saved.count
    if progress.failed > 0 || progress.disagreement != nil || progress.feedsFailed {
      entry.state = .incomplete
      // Unfinished work from the feeds is asked of the feeds again, whatever names it then.
      if progress.fromFeeds || progress.disagreement != nil { entry.feeds = true }
    } else if cameras.isEmpty, progress.listed < progress.manifest.totalPhotos {
      entry.state = .short
      let continuing = previous?.state == .short && previous?.count == entry.count
      entry.shortSince = continuing ? previous?.shortSince ?? now : now
      entry.shortRuns = continuing ? (previous?.shortRuns ?? 0) + 1 : 1
      // Several runs over a week: the server is not going to list the rest.
      if let since = entry.shortSince, let runs = entry.shortRuns,
        runs >= Self.shortRunsBeforeSettling, now - since >= Self.patience
      {
        entry.settled = true
      }
    } else {
      entry.state = .complete
    }
    if let firstGone = progress.gone.map(\.since).min() {
      entry.retryAfter = firstGone + Self.patience
    }
    return entry
  }
}
