import RoverAPI

/// Where photos come from: a server of the Mars Rover Photos API (``MarsArchive``), NASA's own
/// raw-image feeds (``FeedArchive``), or one with the other behind it (``FailoverArchive``).
///
/// The commands and ``PhotoSync`` see only this protocol, so none of them branches on the
/// source. Every method fans out with task groups bounded by ``maxConcurrentRequests``, and
/// cancelling the caller cancels every request in flight.
public protocol PhotoArchive: Sendable {
  /// The most requests one call keeps in flight.
  var maxConcurrentRequests: Int { get }

  /// Every rover the source knows, in its order.
  func fetchAllRovers() async throws -> [Rover]

  /// The answer to a question about one rover (a rover, its photos, a page, its manifest, a
  /// sol's listing): each kind of archive answers it its own way, or passes it on
  /// (``RoverQuestion``).
  func answer<Answer: Sendable>(_ question: RoverQuestion<Answer>) async throws -> Answer

  /// Each rover's most recent photos, all rovers at once; every rover the source knows when
  /// `rovers` is `nil`. One rover failing never hides the others.
  func fetchLatestPhotos(rovers: [String]?, camera: String?) async throws
    -> [RoverOutcome<LatestPhotos>]

  /// Every rover's manifest summary, all at once, keeping each rover's outcome.
  func fetchManifestOutcomes(rovers: [String]?) async throws -> [RoverOutcome<PhotoManifest>]

  /// Whether `error` says the source has no such rover (a typo to point out).
  func isUnknownRover(_ error: any Error) -> Bool

  /// Whether `error` says the source is out of reach or out of service, rather than
  /// answering: what makes ``FailoverArchive`` ask its fallback.
  func isOutage(_ error: any Error) -> Bool

  /// Whether the source has the rover's photos.
  func covers(rover: String) -> Bool

  /// The rovers the source is expected to have, which stand in for its list when it cannot
  /// give one.
  var expectedRovers: [String] { get }

  /// Where the source is, for notices.
  var origin: SourceOrigin { get }

  /// Every rover to show in `list`, each with its own outcome: the source's, and the
  /// missions a source adds beside them (``MissionsArchive``).
  func fetchRoverOutcomes() async throws -> [RoverOutcome<Rover>]

  /// The missions a source adds beside its own rovers (``MissionsArchive``), each with its
  /// own outcome, within the time such an extra is given: what `browse` adds once they answer.
  func fetchMissionOutcomes() async throws -> [RoverOutcome<Rover>]
}

extension PhotoArchive {
  /// No missions beside the source's own rovers.
  public func fetchMissionOutcomes() async throws -> [RoverOutcome<Rover>] { [] }

  /// The source's rovers, all answered at once.
  public func fetchRoverOutcomes() async throws -> [RoverOutcome<Rover>] {
    try await fetchAllRovers().map { RoverOutcome(rover: $0.name, result: .success($0)) }
  }
}

/// A source that says which sols its latest downlink brought images for, and lists them:
/// NASA's feeds (``FeedArchive``), whose `latest_sols` name the sols a mirror must look at
/// again to catch photos that arrived late.
public protocol DownlinkSource: Sendable {
  /// Whether the source has the rover's images.
  func covers(rover: String) -> Bool

  /// The most requests one call keeps in flight.
  var maxConcurrentRequests: Int { get }

  /// The sols that received images in the latest downlink; `nil` for a rover the source does
  /// not cover.
  func latestDownlinkSols(rover: String) async throws -> [Int]?

  /// One sol's photos, as ``PhotoArchive/fetchSolListing(rover:sol:cameras:)``.
  func fetchSolListing(rover: String, sol: Int, cameras: [String]) async throws -> SolListing
}

/// Which sols a manifest needs to cover.
public enum SolSpan: Sendable, Hashable {
  /// What the source gives without being asked: the whole mission from the API, the last
  /// ``FeedArchive/recentSols`` sols from the feeds.
  case recent
  /// Only the rover's last sol.
  case latest
  /// These sols (the upper end may be past the last sol).
  case sols(ClosedRange<Int>)
}
