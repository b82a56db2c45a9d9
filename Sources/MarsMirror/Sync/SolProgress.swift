import MarsFetching
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One sol while a sync deals with it: its list, and its downloads counted off as they end.
struct SolProgress: Sendable {
  /// The rover as asked for, lower-cased: the journal's and the folder's name for it.
  var rover: String
  /// The rover as the server spells it, once its list has arrived.
  var roverName: String
  var manifest: ManifestEntry
  /// The photos the list named, after removing duplicates.
  var listed = 0
  /// Downloads not yet ended.
  var pending = 0
  var saved: [SolRecord.SavedPhoto] = []
  var gone: [SolRecord.GonePhoto] = []
  var failed = 0
  /// Whether NASA's feeds list the sol too: a late downlink named it, or it is unfinished
  /// from one.
  var fromFeeds = false
  /// Whether the manifest has no entry for the sol, so its count is what the lists hold.
  var countFromListing = false
  /// The source's count against its pages, when they disagree.
  var disagreement: CountDisagreement?
  /// The photos the lists named so far, by identity: a sol listed by the source and then the
  /// feeds is counted once.
  var listedIDs: Set<String> = []
  /// Lists asked for and not yet arrived: the source's, and the feeds' when they list it too.
  var listsPending = 0
  /// Listed by the feeds alone: a sol the source's list had already been asked for when a late
  /// downlink named it.
  var feedsOnly = false
  /// Whether the source's list failed.
  var listFailed = false
  /// Whether the feeds' list failed (or was cut off): the sol is asked of them again.
  var feedsFailed = false
  /// Whether its journal line is written.
  var finished = false

  init(rover: String, manifest: ManifestEntry) {
    self.rover = rover
    self.roverName = rover
    self.manifest = manifest
  }

  /// Marks the sol finished and lets go of what it held of each photo: nothing asks a finished
  /// sol for it again, and a first sync of a whole mission (700,000 photos) would otherwise
  /// hold every photo's record until the run ends.
  mutating func finish() {
    finished = true
    saved = []
    gone = []
    listedIDs = []
  }

  /// Counts one download off.
  mutating func record(_ result: DownloadResult, now: Double) {
    pending -= 1
    let photo = result.download.photo
    switch result.status {
    case .downloaded, .skipped: saved.append(SolRecord.SavedPhoto(result.download))
    case .gone: gone.append(.init(nasaID: photo.nasaID, imgSrc: photo.imgSrc, since: now))
    case .failed: failed += 1
    }
  }
}

/// A sol a run could not finish, for the report on stderr.
public struct IncompleteSol: Sendable, Hashable, CustomStringConvertible {
  /// The rover, as asked for.
  public var rover: String
  /// The sol.
  public var sol: Int
  /// How many photos the list named.
  public var listed: Int
  /// How many the manifest counts.
  public var expected: Int
  /// How many failed to download.
  public var failed: Int
  /// Whether waiting for the missing photos has stopped (several short runs over a week).
  public var settled: Bool
  /// The source's count against its pages, when they disagree.
  public var disagreement: CountDisagreement?

  /// One line: `perseverance sol 100 is incomplete: …`.
  public var description: String {
    if let disagreement, failed == 0 {
      return "\(rover) sol \(sol) is incomplete: NASA's feed counts \(disagreement.claimed)"
        + " records but its pages held \(disagreement.listed); it is listed again on the next run"
    }
    if failed > 0 {
      return "\(rover) sol \(sol) is incomplete: \(failed) photo\(failed == 1 ? "" : "s") failed;"
        + " it is fetched again on the next run"
    }
    if settled {
      return "\(rover) sol \(sol) stays incomplete: the server has listed \(listed) of the"
        + " \(expected) photos its manifest counts for over a week; no longer waiting for them"
    }
    return "\(rover) sol \(sol) is incomplete: the server lists \(listed) of the \(expected)"
      + " photos its manifest counts; it is fetched again on the next run"
  }
}
