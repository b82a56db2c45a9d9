import MarsFetching
import MarsTime
import RoverAPI
import SystemInterface

/// Fills and refreshes the catalogue from NASA's feeds, and the retired rovers (Spirit,
/// Opportunity) from an API server, the only place their photos are: the sols it does not hold
/// yet and the sols NASA's latest downlink brought images for, fetched in parallel and written
/// one sol per transaction, in sol order, as they arrive. A run's cost follows its new sols:
/// what is held is known from the sols table, never by reading the photos.
public struct CatalogSync: Sendable {
  /// What one rover's run did.
  public struct Outcome: Sendable, Hashable {
    /// The mission, lower case.
    public var rover: String
    /// The sols fetched and written.
    public var sols: Int
    /// The photos written.
    public var photos: Int
    /// The mission's last sol, as its feed says.
    public var lastSol: Int

  }

  /// Where a run is, for a progress line.
  public struct Progress: Sendable, Hashable {
    /// The mission being synced.
    public var rover: String
    /// Its sols written so far in this run.
    public var done: Int
    /// Its sols this run fetches.
    public var total: Int
  }

  /// Every sample type the feeds carry: the catalogue holds every record.
  public static let sampleTypes = Set(SampleType.allCases.map(\.rawValue))

  /// The feeds, keeping every sample type.
  public var feeds: FeedArchive
  /// The API server the retired rovers come from; `nil` when none is set up, and then
  /// syncing one of them is the feeds' ``ArchiveError/notInFeeds(_:covered:retired:)``.
  public var api: (any PhotoArchive)?
  /// The most sols fetched at once.
  public var concurrency: Int
  /// The first sol synced; `nil` from landing.
  public var fromSol: Int?
  /// The last sol synced; `nil` to the mission's last.
  public var toSol: Int?

  /// A sync over `feeds`, which it sets to keep every sample type, with the retired rovers
  /// from `api`.
  public init(
    feeds: FeedArchive, api: (any PhotoArchive)? = nil, concurrency: Int, fromSol: Int? = nil,
    toSol: Int? = nil
  ) {
    var feeds = feeds
    feeds.sampleTypes = Self.sampleTypes
    self.feeds = feeds
    self.api = api
    self.concurrency = max(1, concurrency)
    self.fromSol = fromSol
    self.toSol = toSol
  }

  /// Syncs each of `rovers` in turn into `catalog`, calling `progress` after each sol written;
  /// a failure stops the run, and every sol written before it stays.
  public func run(
    _ rovers: [String], into catalog: Catalog, progress: (Progress) -> Void
  ) async throws -> [Outcome] {
    var outcomes: [Outcome] = []
    for rover in rovers {
      outcomes.append(try await run(rover, into: catalog, progress: progress))
    }
    try catalog.checkpoint()
    return outcomes
  }

  private func run(
    _ rover: String, into catalog: Catalog, progress: (Progress) -> Void
  ) async throws -> Outcome {
    let source = source(of: rover)
    // A retired mission's last sol is final: once every sol of it is held, a run asks its
    // server nothing, so a nightly sync does not hang on a community server being up.
    let retired = RetiredRover.named(rover)
    let lastSol: Int
    if let retired {
      lastSol = retired.maxSol
    } else {
      lastSol = try await source.fetchRover(rover).maxSol
    }
    let planned = try await plan(rover, lastSol: lastSol, held: catalog.heldSols(of: rover))
    let (sols, empty) =
      retired == nil ? (planned, []) : try await withPhotos(planned, of: rover, from: source)
    let total = sols.count + empty.count
    var outcome = Outcome(rover: rover, sols: 0, photos: 0, lastSol: lastSol)
    // Sols wait to be written together for up to a second or a few thousand photos; each is
    // counted done once written.
    var pending: [Catalog.PreparedSol] = []
    var pendingPhotos = 0
    var pendingSince = ContinuousClock.now
    func flush() throws {
      guard !pending.isEmpty else { return }
      try catalog.write(pending, of: rover, at: Self.now())
      outcome.sols += pending.count
      outcome.photos += pendingPhotos
      pending = []
      pendingPhotos = 0
      progress(Progress(rover: rover, done: outcome.sols, total: total))
    }
    // The sols known to have no photos are held at once, each asked nothing.
    pending = empty.map { Catalog.PreparedSol(Catalog.SolPhotos(sol: $0, photos: [])) }
    try flush()
    // Four times `-j` sols under way: the transport still makes at most `-j` transfers at once,
    // and the sols past them are decoded and made ready on the other core while a commit is
    // written: the writer, one at a time, only looks numbers up and inserts.
    try await sols.orderedMap(limit: concurrency * 4) { sol in
      await Result(awaiting: {
        let listing = try await source.fetchSolListing(rover: rover, sol: sol, cameras: [])
        return Catalog.PreparedSol(Catalog.SolPhotos(sol: sol, photos: listing.photos))
      })
    } each: { made in
      let prepared: Catalog.PreparedSol
      do {
        prepared = try made.get()
      } catch {
        // What came before the failure stays.
        try flush()
        throw error
      }
      if pending.isEmpty { pendingSince = .now }
      pending.append(prepared)
      pendingPhotos += prepared.count
      if pendingPhotos >= Self.batchPhotos
        || ContinuousClock.now - pendingSince >= Self.batchTime
      {
        try flush()
      }
    }
    try flush()
    try catalog.noteSynced(rover, at: Self.now())
    return outcome
  }

  /// The most photos written in one transaction, and the longest a sol waits to be: a run
  /// killed loses at most this much of its work.
  static let batchPhotos = 4000
  static let batchTime = Duration.seconds(1)

  /// A retired mission's `sols` parted into those to fetch and those known to have no photos.
  /// Its manifest lists every sol with photos, in one request: the others (a tenth of
  /// Opportunity's sols in the fixtures' manifest) are not asked one by one of a server that
  /// allows 100 requests a minute. The feeds have no manifest, so every sol of theirs is asked.
  private func withPhotos(_ sols: [Int], of rover: String, from source: any PhotoArchive)
    async throws -> (fetch: [Int], empty: [Int])
  {
    guard !sols.isEmpty else { return ([], []) }
    let listed = Set(
      try await source.fetchManifest(rover: rover, span: .recent).photos.map(\.sol))
    return (sols.filter { listed.contains($0) }, sols.filter { !listed.contains($0) })
  }

  /// Where `rover`'s photos come from: the feeds, or the API for a rover they do not carry.
  /// Without an API, the feeds answer, and say such a rover is not theirs.
  private func source(of rover: String) -> any PhotoArchive {
    guard !feeds.covers(rover: rover), let api else { return feeds }
    return api
  }

  /// The sols to fetch: those of the range the catalogue does not hold, then those NASA's
  /// latest downlink brought images for (late arrivals), each once, in order. The feeds have
  /// no downlinks of a retired rover, whose photos no longer change.
  func plan(_ rover: String, lastSol: Int, held: Set<Int>) async throws -> [Int] {
    let first = max(0, fromSol ?? 0)
    let last = min(lastSol, toSol ?? lastSol)
    guard first <= last else { return [] }
    var wanted = Set((first...last).filter { !held.contains($0) })
    if !held.isEmpty, let late = try await feeds.latestDownlinkSols(rover: rover) {
      wanted.formUnion(late.filter { (first...last).contains($0) })
    }
    return wanted.sorted()
  }

  /// The line a run ends with: `catalog: 12 sols, 3400 photos written (curiosity to sol 4700)
  /// into PATH`.
  public static func summary(_ outcomes: [Outcome], path: String) -> String {
    let sols = outcomes.map(\.sols).reduce(0, +)
    let photos = outcomes.map(\.photos).reduce(0, +)
    let rovers = outcomes.map { "\($0.rover) to sol \($0.lastSol)" }.joined(separator: ", ")
    return "catalog: \(sols) sol\(sols == 1 ? "" : "s"), \(photos) photo\(photos == 1 ? "" : "s")"
      + " written (\(rovers)) into \(path)"
  }

  /// Now, UTC, ISO 8601.
  static func now() -> String { TimeText.utc(POSIX.secondsSince1970Now()) }
}
