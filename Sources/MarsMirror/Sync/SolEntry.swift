import MarsFetching

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One line of the sync journal: a rover's start, or what one run found of one sol.
///
/// Lines are appended and never changed; a later line for the same sol replaces an earlier
/// one. A sol line holds counts, not photos, so the journal grows with the sols mirrored, not
/// with the photos (those are listed in each sol's ``SolRecord``).
struct SolEntry: Codable, Sendable, Hashable {
  /// How a sol stood after a run.
  enum State: String, Codable, Sendable {
    /// Every photo listed is on disk (or gone from its host), and the list was as long as the
    /// manifest's count.
    case complete
    /// Some photos failed: fetch the sol again next run.
    case incomplete
    /// Every photo listed is on disk, but the list was shorter than the manifest's count.
    case short
  }

  var rover: String
  /// The rover's first mirrored sol, on a start line.
  var startSol: Int?
  /// The sol, on a sol line.
  var sol: Int?
  /// The manifest's photo count for the sol when it was recorded.
  var count: Int?
  /// The camera filter used, upper-cased and sorted; empty for every camera.
  var cameras: [String]?
  /// The image size asked for; `nil` for whatever the server served (earlier versions).
  var size: String?
  /// How many of the sol's photos the list named, after removing duplicates.
  var listed: Int?
  /// How many of them are on disk.
  var saved: Int?
  var state: State?
  /// When a list was first seen short, in seconds since 1970.
  var shortSince: Double?
  /// In how many runs the list was short.
  var shortRuns: Int?
  /// Whether a short sol has been waited for long enough and is taken as it is.
  var settled: Bool?
  /// When photos gone from their host may be asked for again, in seconds since 1970.
  var retryAfter: Double?
  /// Whether the next run lists the sol from NASA's feeds too: it came from a late downlink,
  /// or the feed's count disagreed with its pages, and the sol is not finished.
  var feeds: Bool?
  /// On a rover's downlink line: whether a run could not ask NASA's feeds which sols their
  /// latest downlink reached, so the next run that can looks at the last
  /// ``PhotoSync/recheckedSols`` sols again.
  var downlinksMissed: Bool?

  enum CodingKeys: String, CodingKey {
    case rover, sol, count, cameras, size, listed, saved, state, settled, feeds
    case downlinksMissed = "downlinks_missed"
    case startSol = "start_sol"
    case shortSince = "short_since"
    case shortRuns = "short_runs"
    case retryAfter = "retry_after"
  }

  /// A start line.
  static func start(rover: String, sol: Int) -> SolEntry {
    SolEntry(rover: rover, startSol: sol)
  }

  /// A downlink line: whether the late-downlink check is owed.
  static func downlinks(rover: String, missed: Bool) -> SolEntry {
    SolEntry(rover: rover, downlinksMissed: missed)
  }
}
