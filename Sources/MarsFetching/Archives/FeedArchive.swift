import RoverAPI
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// NASA's own raw-image feeds as a photo source: Perseverance from the Mars 2020 feed,
/// Curiosity from the raw-image items, mapped to photos as the servers map them
/// (``FeedMapping``).
///
/// A sol's records come in pages whose count the first page gives, so the rest are fetched
/// together: any sol in two round trips. The feeds have no manifest, so one is made by listing
/// the sols it covers, in parallel; the lists are kept for the run, so a sync that plans with
/// the manifest and then fetches its sols asks for each sol once.
public struct FeedArchive: PhotoArchive, DownlinkSource {
  /// The client whose base is the feeds' host, such as `https://mars.nasa.gov`.
  public var client: APIClient
  /// The most feed requests one call keeps in flight.
  public var maxConcurrentRequests: Int
  /// The sample types kept (`--sample-type`); `nil` keeps what the servers keep.
  public var sampleTypes: Set<String>?
  /// Where traverse maps are kept between runs; `nil` to keep none.
  public var maps: KeptMaps?
  /// How many sols a manifest covers when no range is asked for.
  public static let recentSols = 30
  private let lists = SolLists()
  private let latestAnswers = LatestAnswers()

  /// Creates an archive over `client`.
  public init(client: APIClient, maxConcurrentRequests: Int = 6, sampleTypes: Set<String>? = nil) {
    self.client = client
    self.sampleTypes = sampleTypes
    self.maxConcurrentRequests = max(1, maxConcurrentRequests)
  }

  /// The rover called `name`, or ``ArchiveError/notInFeeds(_:covered:retired:)``.
  func feedRover(_ name: String) throws -> FeedRover {
    guard let rover = FeedRover.named(name) else {
      throw ArchiveError.notInFeeds(
        name, covered: FeedRover.all.map { $0.name.lowercased() },
        retired: RetiredRover.named(name) != nil)
    }
    return rover
  }

  /// The rovers the calls about every rover cover: Curiosity and Perseverance; the missions
  /// only the feeds have are asked for by name (``MissionsArchive`` lists them).
  static var regular: [FeedRover] { FeedRover.all.filter { !$0.feedsOnly } }

  /// The feeds' answer, from their own requests.
  public func answer<Answer: Sendable>(_ question: RoverQuestion<Answer>) async throws -> Answer {
    try await question.fromFeeds(self)
  }

  /// Curiosity and Perseverance, with their latest sols and counts from the feeds.
  public func fetchAllRovers() async throws -> [Rover] {
    try await Self.regular.concurrentMap(limit: maxConcurrentRequests) { rover in
      try await details(of: rover)
    }
  }

  /// One rover the feeds cover; ``ArchiveError/notInFeeds(_:covered:retired:)`` for any other.
  public func fetchRover(_ name: String) async throws -> Rover {
    try await details(of: try feedRover(name))
  }

  /// What the feeds' counts are, beside the API's.
  public static let countCoverage =
    "from NASA's feeds, whose totals count every image record they hold (thumbnails and"
    + " every sample type), not the photos an API server keeps"

  /// The rover from the built-in facts and its feed's latest answer.
  private func details(of rover: FeedRover) async throws -> Rover {
    let latest = try await latest(of: rover)
    var details = rover.rover(
      maxSol: latest.latestSol, maxDate: FeedMapping.day(of: latest.latest) ?? "",
      totalPhotos: latest.total ?? 0)
    details.coverage = Self.countCoverage
    return details
  }

  /// The feed's `latest` answer, asked once per run: one request per feed, however many
  /// parts of the run need it.
  func latest(of rover: FeedRover) async throws -> FeedLatest {
    if let known = latestAnswers.answer(for: rover.feed) { return known }
    let answer =
      switch rover.feed {
      case .mars2020(let category):
        try await client.send(
          Self.kept(FeedEndpoints.perseveranceLatest(category: category), rover))
      case .msl(let mission):
        try await client.send(Self.kept(FeedEndpoints.curiosityLatest(mission: mission), rover))
      }
    latestAnswers.keep(answer, for: rover.feed)
    return answer
  }

  /// The request, kept in the cache without expiry when it is about a mission that has ended
  /// (what its feed says can no longer change, so `list` asks it once); never kept otherwise,
  /// since the feeds change every few minutes.
  private static func kept<Response>(_ request: APIRequest<Response>, _ rover: FeedRover)
    -> APIRequest<Response>
  {
    guard rover.status == "complete" else { return request }
    var request = request
    request.cacheRule = .forever
    return request
  }

  /// Whether a feed has the rover's images.
  public func covers(rover: String) -> Bool { FeedRover.named(rover) != nil }

  /// The rover's traverse from NASA's waypoint file: a map kept within the day without
  /// asking; otherwise a fresh one, resumed where a download cut off before stopped.
  /// ``ArchiveError/noTraverse(_:)`` for a rover NASA publishes none for.
  public func fetchTraverse(rover name: String) async throws -> Traverse {
    let (rover, url, summary) = try traverseAddress(rover: name)
    if let maps, let fresh = maps.fresh(for: url),
      let file = try? FeedEndpoints.decodeWaypoints(fresh, summary: summary)
    {
      return Traverse(rover: rover.name, file: file)
    }
    let body = try await downloadMap(url)
    do {
      let file = try FeedEndpoints.decodeWaypoints(body, summary: summary)
      maps?.keep(body, for: url)
      return Traverse(rover: rover.name, file: file)
    } catch {
      // A body that does not decode is not resumed: the next run asks for it whole.
      maps?.dropPartial(for: url)
      throw error
    }
  }

  /// The traverses of several rovers, by the names given, fetched at once; the first failure
  /// is the answer's.
  public func fetchTraverses(rovers names: [String]) async throws -> [String: Traverse] {
    try await withThrowingTaskGroup(of: (String, Traverse).self) { group in
      for name in names {
        group.addTask { (name, try await fetchTraverse(rover: name)) }
      }
      var traverses: [String: Traverse] = [:]
      for try await (name, traverse) in group { traverses[name] = traverse }
      return traverses
    }
  }

  /// The rover's traverse from the map kept last, whatever its age: for a link too slow or
  /// absent to bring a fresh one. `nil` when none is kept or it no longer decodes.
  public func keptTraverse(rover name: String) -> Traverse? {
    guard let (rover, url, summary) = try? traverseAddress(rover: name),
      let kept = maps?.kept(for: url),
      let file = try? FeedEndpoints.decodeWaypoints(kept, summary: summary)
    else { return nil }
    return Traverse(rover: rover.name, file: file)
  }

  /// The rover, its map's address and the request as messages name it.
  private func traverseAddress(rover name: String) throws -> (FeedRover, URL, String) {
    guard let rover = FeedRover.named(name), let mission = rover.traverse else {
      throw ArchiveError.noTraverse(FeedRover.named(name)?.name ?? name)
    }
    let request = FeedEndpoints.waypoints(mission: mission)
    return (rover, try client.makeHTTPRequest(for: request).url, client.summary(of: request))
  }

  /// The map at `url`, from where a download cut off before stopped when one was kept.
  private func downloadMap(_ url: URL) async throws -> Data {
    guard let maps else {
      let body = ImageBytes(limit: client.bodyLimit, what: "a map")
      try await client.download(from: url, into: body)
      return Data(body.contents)
    }
    let partial = maps.partial(for: url)
    let writer = try maps.writer(for: url, limit: client.bodyLimit)
    do {
      if let partial {
        try await client.download(
          from: url, into: writer, startingAt: partial.length,
          headers: partial.validator.isEmpty ? [:] : ["If-Range": partial.validator])
      } else {
        try await client.download(from: url, into: writer)
      }
    } catch {
      // What was kept is no start of the map there now: asked whole next time.
      if case APIError.status(_, let response) = error, response.status == 416 {
        maps.dropPartial(for: url)
      }
      throw error
    }
    return try writer.contents()
  }

  /// The sols the feed's latest downlink brought images for; `nil` for a rover it does not
  /// cover. The `latest` answer is asked once per run.
  public func latestDownlinkSols(rover name: String) async throws -> [Int]? {
    guard let rover = FeedRover.named(name) else { return nil }
    return try await latest(of: rover).latestSols
  }

  /// Each rover's latest sol from its feed's `latest` answer, then that sol's photos.
  public func fetchLatestPhotos(rovers: [String]?, camera: String?) async throws
    -> [RoverOutcome<LatestPhotos>]
  {
    let names = rovers ?? Self.regular.map(\.name)
    return try await fetchEachRover(names) { name in
      let rover = try feedRover(name)
      let sol = try await latest(of: rover).latestSol
      let photos = try await list(rover, sol: sol).filter { photo in
        camera.map { FeedMapping.matches(photo, camera: $0) } ?? true
      }
      return LatestPhotos(
        rover: rover.name, sol: photos.isEmpty ? nil : sol, earthDate: photos.first?.earthDate,
        photos: photos)
    }
  }

  /// A sol's photos, or an Earth day's from the sols that can fall on it; `--camera` matches
  /// a camera or an exact instrument.
  public func fetchPhotos(rover name: String, on day: PhotoDay, cameras: [String]) async throws
    -> [Photo]
  {
    let rover = try feedRover(name)
    let photos: [Photo]
    switch day {
    case .sol(let sol):
      photos = try await list(rover, sol: sol)
    case .earthDate(let date):
      // The feeds are asked by sol: the sols that can fall on that day, kept by the day each
      // image was taken.
      let sols = Array(rover.sols(around: date))
      photos = try await sols.concurrentMap(limit: maxConcurrentRequests) { sol in
        try await list(rover, sol: sol)
      }.flatMap { $0 }.filter { $0.earthDate == date.description }
    }
    guard !cameras.isEmpty else { return photos }
    return photos.filter { photo in cameras.contains { FeedMapping.matches(photo, camera: $0) } }
  }

  /// The page of 25 per camera the API would give, cut from the whole list.
  public func fetchPhotoPage(rover: String, on day: PhotoDay, cameras: [String], page: Int)
    async throws -> [Photo]
  {
    Self.page(
      page, of: try await fetchPhotos(rover: rover, on: day, cameras: cameras),
      cameras: cameras.count)
  }

  /// Page `page` of `all`, 25 photos per camera asked for (`cameras` of them), as the API
  /// pages a day: what a source that holds the whole list cuts from it.
  public static func page(_ page: Int, of all: [Photo], cameras: Int) -> [Photo] {
    let size = Endpoints.defaultPageSize * max(1, cameras)
    let start = (max(1, page) - 1) * size
    return start < all.count ? Array(all[start..<min(all.count, start + size)]) : []
  }

  /// Per-sol counts made by listing each sol of `span`, in parallel.
  public func fetchManifest(rover name: String, span: SolSpan) async throws -> PhotoManifest {
    let rover = try feedRover(name)
    let latest = try await latest(of: rover)
    let sols: [Int]
    switch span {
    case .recent: sols = Array(max(0, latest.latestSol - Self.recentSols + 1)...latest.latestSol)
    case .latest: sols = [latest.latestSol]
    case .sols(let range):
      sols =
        range.lowerBound > latest.latestSol
        ? [] : Array(range.lowerBound...min(range.upperBound, latest.latestSol))
    }
    let entries = try await sols.concurrentMap(limit: maxConcurrentRequests) { sol in
      let photos = try await list(rover, sol: sol, keep: true)
      var cameras: [String] = []
      for photo in photos where !cameras.contains(photo.camera.name) {
        cameras.append(photo.camera.name)
      }
      return photos.first.map {
        ManifestEntry(
          sol: sol, earthDate: $0.earthDate, totalPhotos: photos.count, cameras: cameras)
      }
    }.compactMap { $0 }
    var manifest = PhotoManifest(
      name: rover.name, landingDate: rover.landingDate, launchDate: rover.launchDate,
      status: rover.status, maxSol: latest.latestSol,
      maxDate: FeedMapping.day(of: latest.latest) ?? entries.last?.earthDate ?? "",
      totalPhotos: latest.total ?? 0, photos: entries)
    if span == .recent {
      manifest.coverage =
        "NASA's feeds have no manifest: these are the last \(Self.recentSols) sols, each"
        + " counted from its photos (ask for a range of sols for others)"
    }
    return manifest
  }

  /// Each rover's summary, with its last sol counted.
  public func fetchManifestOutcomes(rovers: [String]?) async throws
    -> [RoverOutcome<PhotoManifest>]
  {
    try await fetchEachRover(rovers ?? Self.regular.map(\.name)) { name in
      try await fetchManifest(rover: name, span: .latest)
    }
  }

  /// Whether the feeds do not cover the rover.
  public func isUnknownRover(_ error: any Error) -> Bool {
    if case .notInFeeds? = error as? ArchiveError { return true }
    return false
  }

  /// Whether the feeds are out of reach or out of service.
  public func isOutage(_ error: any Error) -> Bool {
    guard let error = error as? APIError else { return false }
    switch error {
    case .transport: return true
    case .status(_, let response): return (500...599).contains(response.status)
    case .invalidRequest, .undecodable: return false
    }
  }

  /// The rovers the feeds cover.
  public var expectedRovers: [String] { Self.regular.map(\.name) }

  /// NASA's host.
  public var origin: SourceOrigin { SourceOrigin(client) }

  /// A sol's photos from the cameras asked for, with the feed's count checked against its pages.
  public func fetchSolListing(rover name: String, sol: Int, cameras: [String]) async throws
    -> SolListing
  {
    var listing = try await listing(try feedRover(name), sol: sol)
    if !cameras.isEmpty {
      listing.photos = listing.photos.filter { photo in
        cameras.contains { FeedMapping.matches(photo, camera: $0) }
      }
    }
    return listing
  }

  /// Every photo of a sol, each once, with whether the feed's count agrees with its pages
  /// (``FeedPaging``); a listing made for a manifest (`keep`) is kept for the fetch that
  /// follows.
  func listing(_ rover: FeedRover, sol: Int, keep: Bool = false) async throws -> SolListing {
    if let kept = lists.take(rover.name, sol) { return kept }
    let client = self.client
    let listing: SolListing
    switch rover.feed {
    case .mars2020(let category):
      let paging = FeedPaging<PerseveranceFeedPage.Image>(
        fetch: { page in
          let body = try await client.send(
            Self.kept(FeedEndpoints.perseverance(sol: sol, page: page, category: category), rover))
          return .init(
            records: body.images, received: body.received, claimed: body.totalResults,
            perPage: body.perPage ?? FeedEndpoints.perseverancePageSize, more: nil)
        }, identity: \.imageID, limit: maxConcurrentRequests)
      let (records, disagreement) = try await paging.collect()
      listing = SolListing(
        photos: FeedMapping.photos(records, rover: rover, keeping: sampleTypes)
          .uniquedByIdentity(),
        disagreement: disagreement)
    case .msl(let mission):
      let paging = FeedPaging<CuriosityFeedPage.Item>(
        fetch: { page in
          let body = try await client.send(
            Self.kept(FeedEndpoints.curiosity(sol: sol, page: page, mission: mission), rover))
          return .init(
            records: body.items, received: body.received, claimed: body.total,
            perPage: FeedEndpoints.curiosityPageSize, more: body.more)
        },
        // The address, not the image id: a thumbnail shares its full frame's id.
        identity: { $0.httpsURL ?? $0.imageID ?? "\($0.id ?? 0)" },
        limit: maxConcurrentRequests)
      let (records, disagreement) = try await paging.collect()
      listing = SolListing(
        photos: FeedMapping.photos(records, rover: rover, keeping: sampleTypes)
          .uniquedByIdentity(),
        disagreement: disagreement)
    }
    if keep { lists.keep(listing, rover.name, sol) }
    return listing
  }

  /// Every photo of a sol, each once.
  private func list(_ rover: FeedRover, sol: Int, keep: Bool = false) async throws -> [Photo] {
    try await listing(rover, sol: sol, keep: keep).photos
  }
}

/// Each feed's `latest` answer, once asked.
private final class LatestAnswers: Sendable {
  private let answers = Mutex<[FeedRover.Feed: FeedLatest]>([:])

  func answer(for feed: FeedRover.Feed) -> FeedLatest? { answers.withLock { $0[feed] } }

  func keep(_ answer: FeedLatest, for feed: FeedRover.Feed) {
    answers.withLock { $0[feed] = answer }
  }
}

/// Lists fetched to make a manifest, kept until the fetch of the same sol takes them.
private final class SolLists: Sendable {
  private let lists = Mutex<[String: SolListing]>([:])

  func keep(_ listing: SolListing, _ rover: String, _ sol: Int) {
    lists.withLock { $0["\(rover)/\(sol)"] = listing }
  }

  func take(_ rover: String, _ sol: Int) -> SolListing? {
    lists.withLock { $0.removeValue(forKey: "\(rover)/\(sol)") }
  }
}
