import RoverAPI

/// A source with the missions only NASA's feeds have (Ingenuity, InSight, ``FeedRover/feedsOnly``)
/// added: a call about one of them goes to the feeds whatever the source, since no server of
/// the API has them; every other rover is the source's own. Calls about every rover (`latest`
/// and `manifest` without one) stay the source's; `list` (``fetchRoverOutcomes()``) shows the
/// missions beside its rovers.
public struct MissionsArchive: PhotoArchive {
  /// The source the user chose.
  public var main: any PhotoArchive
  /// NASA's feeds, which answer for the missions.
  public var feeds: any PhotoArchive
  /// The missions' names, in lower case.
  private let missions: [String]

  /// `main` with the feeds-only missions of `feeds` beside it.
  public init(main: any PhotoArchive, feeds: any PhotoArchive) {
    self.main = main
    self.feeds = feeds
    missions = FeedRover.feedsOnly.map { $0.name.lowercased() }
  }

  /// Whether `rover` is a mission only the feeds have.
  private func isMission(_ rover: String) -> Bool { missions.contains(rover.lowercased()) }

  /// The archive that answers for `rover`.
  private func source(for rover: String) -> any PhotoArchive {
    isMission(rover) ? feeds : main
  }

  /// The source's window.
  public var maxConcurrentRequests: Int { main.maxConcurrentRequests }

  /// The source's rovers.
  public func fetchAllRovers() async throws -> [Rover] { try await main.fetchAllRovers() }

  /// The source's rovers, then each mission from the feeds, each with its own outcome: the
  /// feeds failing for a mission never hides the source's rovers.
  public func fetchRoverOutcomes() async throws -> [RoverOutcome<Rover>] {
    async let listed = main.fetchAllRovers()
    let feeds = self.feeds
    let extra = try await fetchEachRover(FeedRover.feedsOnly.map(\.name)) { name in
      try await feeds.fetchRover(name)
    }
    return try await listed.map { RoverOutcome(rover: $0.name, result: .success($0)) } + extra
  }

  /// The rover from whichever source has it.
  public func fetchRover(_ name: String) async throws -> Rover {
    try await source(for: name).fetchRover(name)
  }

  /// The photos from whichever source has the rover.
  public func fetchPhotos(rover: String, on day: PhotoDay, cameras: [String]) async throws
    -> [Photo]
  {
    try await source(for: rover).fetchPhotos(rover: rover, on: day, cameras: cameras)
  }

  /// One page from whichever source has the rover.
  public func fetchPhotoPage(rover: String, on day: PhotoDay, cameras: [String], page: Int)
    async throws -> [Photo]
  {
    try await source(for: rover).fetchPhotoPage(
      rover: rover, on: day, cameras: cameras, page: page)
  }

  /// A sol's listing from whichever source has the rover.
  public func fetchSolListing(rover: String, sol: Int, cameras: [String]) async throws
    -> SolListing
  {
    try await source(for: rover).fetchSolListing(rover: rover, sol: sol, cameras: cameras)
  }

  /// The manifest from whichever source has the rover.
  public func fetchManifest(rover: String, span: SolSpan) async throws -> PhotoManifest {
    try await source(for: rover).fetchManifest(rover: rover, span: span)
  }

  /// Each rover's latest photos: the missions' from the feeds, the rest from the source, in
  /// the order asked.
  public func fetchLatestPhotos(rovers: [String]?, camera: String?) async throws
    -> [RoverOutcome<LatestPhotos>]
  {
    try await split(rovers) { archive, names in
      try await archive.fetchLatestPhotos(rovers: names, camera: camera)
    }
  }

  /// Each rover's manifest summary: the missions' from the feeds, the rest from the source.
  public func fetchManifestOutcomes(rovers: [String]?) async throws
    -> [RoverOutcome<PhotoManifest>]
  {
    try await split(rovers) { archive, names in
      try await archive.fetchManifestOutcomes(rovers: names)
    }
  }

  /// Asks the source for its rovers and the feeds for the missions at once, and puts the
  /// outcomes back in the order the rovers were asked; every rover of the source when `nil`.
  private func split<Value: Sendable>(
    _ rovers: [String]?,
    _ ask: @escaping @Sendable (any PhotoArchive, [String]?) async throws -> [RoverOutcome<Value>]
  ) async throws -> [RoverOutcome<Value>] {
    guard let rovers else { return try await ask(main, nil) }
    let own = rovers.filter { !isMission($0) }
    let flown = rovers.filter(isMission)
    let main = self.main
    let feeds = self.feeds
    async let fromFeeds = flown.isEmpty ? [] : ask(feeds, flown)
    let fromMain = own.isEmpty ? [] : try await ask(main, own)
    let all = try await fromMain + fromFeeds
    // Outcomes are named as asked; each rover once, in the order given.
    var remaining = all
    return rovers.compactMap { name in
      guard let index = remaining.firstIndex(where: { $0.rover == name }) else { return nil }
      return remaining.remove(at: index)
    }
  }

  /// Whether either source says it has no such rover.
  public func isUnknownRover(_ error: any Error) -> Bool {
    main.isUnknownRover(error) || feeds.isUnknownRover(error)
  }

  /// Whether the source is out of reach (the feeds', for a mission, say it themselves).
  public func isOutage(_ error: any Error) -> Bool {
    main.isOutage(error) || feeds.isOutage(error)
  }

  /// The source's rovers and the missions.
  public func covers(rover: String) -> Bool { isMission(rover) || main.covers(rover: rover) }

  /// The rovers the source is expected to have.
  public var expectedRovers: [String] { main.expectedRovers }

  /// The source's address.
  public var origin: SourceOrigin { main.origin }
}
