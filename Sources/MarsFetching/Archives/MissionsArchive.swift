import RoverAPI

/// A source with the missions only NASA's feeds have (Ingenuity, InSight, ``FeedRover/feedsOnly``)
/// added: a call about one of them goes to the feeds whatever the source, since no server of
/// the API has them; every other rover is the source's own. Calls about every rover (`latest`
/// and `manifest` without one) stay the source's; `list` (``fetchRoverOutcomes()``) shows the
/// missions beside its rovers.
///
/// The feeds only ever add: without them (`--source api`, ``feeds`` `nil`) nothing is asked of
/// NASA's host and a mission asked for by name is ``ArchiveError/onlyInFeeds(_:)``; with them,
/// the missions nobody named are ``NASAExtras``, so feeds that hang never hold up the source's
/// rovers.
public struct MissionsArchive: PhotoArchive {
  /// The source the user chose.
  public var main: any PhotoArchive
  /// NASA's feeds, which answer for the missions; `nil` when the user ruled them out.
  public var feeds: (any PhotoArchive)?
  /// The feeds as the missions nobody named are asked (`list`, `browse`): as an extra, beside
  /// the source's rovers; `nil` when the user ruled them out.
  public var extras: NASAExtras?
  /// The missions' names, in lower case.
  private let missions: [String]

  /// `main` with the feeds-only missions of `feeds` beside it; none with `feeds` `nil`.
  public init(main: any PhotoArchive, feeds: (any PhotoArchive)?, extras: NASAExtras? = nil) {
    self.main = main
    self.feeds = feeds
    self.extras = feeds == nil ? nil : extras
    missions = FeedRover.feedsOnly.map { $0.name.lowercased() }
  }

  /// Whether `rover` is a mission only the feeds have.
  private func isMission(_ rover: String) -> Bool { missions.contains(rover.lowercased()) }

  /// The archive that answers for `rover`; a mission with the feeds ruled out is an error
  /// before any request is sent.
  private func source(for rover: String) throws -> any PhotoArchive {
    guard isMission(rover) else { return main }
    guard let feeds else { throw ArchiveError.onlyInFeeds(Self.missionName(rover)) }
    return feeds
  }

  /// The mission's name as the feeds spell it: `Ingenuity` for `ingenuity`.
  private static func missionName(_ rover: String) -> String {
    FeedRover.named(rover)?.name ?? rover
  }

  /// The source's window.
  public var maxConcurrentRequests: Int { main.maxConcurrentRequests }

  /// The source's rovers.
  public func fetchAllRovers() async throws -> [Rover] { try await main.fetchAllRovers() }

  /// The source's rovers, then each mission from the feeds, each with its own outcome: the
  /// feeds failing for a mission never hides the source's rovers. The missions are asked
  /// beside the rovers, as extras.
  public func fetchRoverOutcomes() async throws -> [RoverOutcome<Rover>] {
    async let extra = fetchMissionOutcomes()
    let main = self.main
    let listed =
      if let extras {
        try await extras.main { try await main.fetchAllRovers() }
      } else {
        try await main.fetchAllRovers()
      }
    return try await listed.map { RoverOutcome(rover: $0.name, result: .success($0)) } + extra
  }

  /// Each mission from the feeds, with its own outcome, as extras (``FeedsTooSlow`` once their
  /// window has closed); none when the feeds are ruled out.
  public func fetchMissionOutcomes() async throws -> [RoverOutcome<Rover>] {
    try await extras?.missions() ?? []
  }

  /// The answer of whichever source has the rover.
  public func answer<Answer: Sendable>(_ question: RoverQuestion<Answer>) async throws -> Answer {
    try await source(for: question.rover).answer(question)
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
    async let fromFeeds = Self.missionOutcomes(flown, from: feeds, ask)
    let fromMain = own.isEmpty ? [] : try await ask(main, own)
    let all = try await fromMain + fromFeeds
    // Outcomes are named as asked; each rover once, in the order given.
    var remaining = all
    return rovers.compactMap { name in
      guard let index = remaining.firstIndex(where: { $0.rover == name }) else { return nil }
      return remaining.remove(at: index)
    }
  }

  /// The missions' outcomes from the feeds; each one's ``ArchiveError/onlyInFeeds(_:)``
  /// when they are ruled out.
  private static func missionOutcomes<Value: Sendable>(
    _ names: [String], from feeds: (any PhotoArchive)?,
    _ ask: @Sendable (any PhotoArchive, [String]?) async throws -> [RoverOutcome<Value>]
  ) async throws -> [RoverOutcome<Value>] {
    guard !names.isEmpty else { return [] }
    guard let feeds else {
      return names.map { name in
        RoverOutcome(rover: name, result: .failure(ArchiveError.onlyInFeeds(missionName(name))))
      }
    }
    return try await ask(feeds, names)
  }

  /// Whether either source says it has no such rover.
  public func isUnknownRover(_ error: any Error) -> Bool {
    main.isUnknownRover(error) || feeds?.isUnknownRover(error) == true
  }

  /// Whether the source is out of reach (the feeds', for a mission, say it themselves).
  public func isOutage(_ error: any Error) -> Bool {
    main.isOutage(error) || feeds?.isOutage(error) == true
  }

  /// The source's rovers, and the missions when the feeds are asked.
  public func covers(rover: String) -> Bool {
    (isMission(rover) && feeds != nil) || main.covers(rover: rover)
  }

  /// The rovers the source is expected to have.
  public var expectedRovers: [String] { main.expectedRovers }

  /// The source's address.
  public var origin: SourceOrigin { main.origin }
}
