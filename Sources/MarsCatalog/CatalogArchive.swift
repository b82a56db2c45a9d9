import MarsFetching
import RoverAPI

/// The catalogue as a source of photos (`--source catalog`): every question answered from
/// the file alone, offline, as the API would answer it. A sol the catalogue does not hold is
/// said to be so (``CatalogError/notHeld(path:rover:sol:lastSol:)``), never taken for a sol without
/// photos. Each call opens its own connection, so calls run in parallel as readers do.
public struct CatalogArchive: PhotoArchive {
  /// The catalogue file.
  public let path: String
  /// The sample types listed; `nil` for each mission's own default, as the feeds keep them.
  public var sampleTypes: Set<String>?

  /// The catalogue at `path`, listing `sampleTypes` (`nil`: as the feeds list by default).
  public init(path: String, sampleTypes: Set<String>? = nil) {
    self.path = path
    self.sampleTypes = sampleTypes
  }

  /// Readers of one file: a few at a time is all the disk wants.
  public var maxConcurrentRequests: Int { 4 }

  /// The missions the catalogue can hold.
  public var expectedRovers: [String] { CatalogRover.names }

  /// The file, in notices.
  public var origin: SourceOrigin { SourceOrigin(host: path, retries: 0) }

  /// Whether `rover` is a mission the catalogue can hold.
  public func covers(rover: String) -> Bool { CatalogRover.named(rover) != nil }

  /// Every mission the catalogue holds a sol of.
  public func fetchAllRovers() async throws -> [Rover] { try heldRovers() }

  /// The answer from the file: photos by the same filters the searches use, pages cut as the
  /// API cuts them, manifests from the per-sol counts.
  public func answer<Answer: Sendable>(_ question: RoverQuestion<Answer>) async throws -> Answer {
    // A name mistyped is said so whether or not there is a file yet.
    let rover = try catalogRover(question.rover)
    let catalog = try open()
    // The mission's summary reads every sol's count: only the questions that answer with it
    // ask for it, not each sol of a range.
    let answer: any Sendable =
      switch question.asked {
      case .rover: try summary(of: rover, in: catalog)
      case .photos(let day, let cameras):
        try photos(of: rover, on: day, cameras: cameras, in: catalog)
      case .photoPage(let day, let cameras, let page):
        FeedArchive.page(
          page, of: try photos(of: rover, on: day, cameras: cameras, in: catalog),
          cameras: cameras.count)
      case .manifest(let span):
        try manifest(of: try summary(of: rover, in: catalog), span: span, in: catalog)
      case .solListing(let sol, let cameras):
        SolListing(photos: try photos(of: rover, on: .sol(sol), cameras: cameras, in: catalog))
      }
    guard let answer = answer as? Answer else {
      throw CatalogError.sqlite(
        path: path, SQLiteError(code: 1, message: "no answer of type \(Answer.self)"))
    }
    return answer
  }

  /// Each rover's last sol with photos (with `camera`, its last sol with that camera's).
  public func fetchLatestPhotos(rovers: [String]?, camera: String?) async throws
    -> [RoverOutcome<LatestPhotos>]
  {
    let names = try rovers ?? heldRovers().map { $0.name.lowercased() }
    return try await fetchEachRover(names) { name in
      let rover = try catalogRover(name)
      let catalog = try open()
      _ = try summary(of: rover, in: catalog)
      var search = CatalogSearch()
      search.rovers = [name.lowercased()]
      search.cameras = camera.map { [$0] } ?? []
      search.sampleTypes = kept(rover)
      search.order = .newest
      search.limit = 1
      guard let sol = try catalog.photos(search).first?.sol else {
        return LatestPhotos(rover: rover.facts.name, sol: nil, earthDate: nil, photos: [])
      }
      let photos = try photos(
        of: rover, on: .sol(sol), cameras: camera.map { [$0] } ?? [], in: catalog)
      return LatestPhotos(
        rover: rover.facts.name, sol: sol, earthDate: photos.first?.earthDate, photos: photos)
    }
  }

  /// Each rover's summary, with its last sol counted.
  public func fetchManifestOutcomes(rovers: [String]?) async throws
    -> [RoverOutcome<PhotoManifest>]
  {
    let names = try rovers ?? heldRovers().map { $0.name.lowercased() }
    return try await fetchEachRover(names) { name in
      let rover = try catalogRover(name)
      let catalog = try open()
      return try manifest(of: try summary(of: rover, in: catalog), span: .latest, in: catalog)
    }
  }

  /// A rover the feeds do not have: a name mistyped, most likely.
  public func isUnknownRover(_ error: any Error) -> Bool {
    if case .unknownRover? = error as? ArchiveError { return true }
    return false
  }

  /// A file is never out of service.
  public func isOutage(_ error: any Error) -> Bool { false }

  private func open() throws -> Catalog { try Catalog(path: path, writing: false) }

  private func heldRovers() throws -> [Rover] {
    let catalog = try open()
    return try CatalogRover.all.compactMap { try catalog.summary(of: $0) }
  }

  /// The mission called `name`; a typo is an error.
  private func catalogRover(_ name: String) throws -> CatalogRover {
    guard let rover = CatalogRover.named(name) else {
      throw ArchiveError.unknownRover(name, known: expectedRovers)
    }
    return rover
  }

  /// `rover`'s summary, when the catalogue holds a sol of it.
  private func summary(of rover: CatalogRover, in catalog: Catalog) throws -> Rover {
    guard let summary = try catalog.summary(of: rover) else {
      throw CatalogError.notHeld(path: path, rover: rover.name, sol: nil)
    }
    return summary
  }

  /// The sample types listed of `rover`, in order.
  private func kept(_ rover: CatalogRover) -> [String] {
    (sampleTypes ?? rover.keptByDefault).sorted()
  }

  /// A day's photos; a sol not held is an error, not an empty sol, and so is a day of a
  /// mission the catalogue holds nothing of.
  private func photos(
    of rover: CatalogRover, on day: PhotoDay, cameras: [String], in catalog: Catalog
  ) throws -> [Photo] {
    let name = rover.name
    var search = CatalogSearch()
    search.rovers = [name]
    search.cameras = cameras
    search.sampleTypes = kept(rover)
    switch day {
    case .sol(let sol):
      guard try catalog.holds(name, sol: sol) else {
        // The last sol synced, with photos or not, says whether the catalogue is behind;
        // no sol of the mission at all is said as such.
        guard let last = try catalog.missions().first(where: { $0.name == name })?.lastSol else {
          throw CatalogError.notHeld(path: path, rover: name, sol: nil)
        }
        throw CatalogError.notHeld(path: path, rover: name, sol: sol, lastSol: last)
      }
      search.sols = CatalogSearch.Span(Double(sol), Double(sol))
    case .earthDate(let date):
      _ = try summary(of: rover, in: catalog)
      search.fromEarthDate = date.description
      search.toEarthDate = date.description
    }
    return try catalog.photos(search)
  }

  /// The manifest of `span`: the whole mission when no span is asked, as the API gives it.
  private func manifest(of rover: Rover, span: SolSpan, in catalog: Catalog) throws
    -> PhotoManifest
  {
    let sols: ClosedRange<Int> =
      switch span {
      case .recent: 0...rover.maxSol
      case .latest: rover.maxSol...rover.maxSol
      case .sols(let range): range
      }
    var manifest = PhotoManifest(
      name: rover.name, landingDate: rover.landingDate, launchDate: rover.launchDate,
      status: rover.status, maxSol: rover.maxSol, maxDate: rover.maxDate,
      totalPhotos: rover.totalPhotos,
      photos: try catalog.manifestEntries(of: rover.name, sols: sols))
    manifest.coverage =
      "the catalogue at \(path): counts of every photo it holds, thumbnails and other"
      + " sample types included"
    return manifest
  }
}
