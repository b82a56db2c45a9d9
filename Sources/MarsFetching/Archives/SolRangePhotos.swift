import RoverAPI

extension PhotoArchive {
  /// How many sols of a range are fetched at once: each sol pages in its own window, so a few
  /// sols at a time keep the requests in flight near the source's window.
  var solsAtOnce: Int { max(1, maxConcurrentRequests / 2) }

  /// The photos of every sol of `range` that has any (and is in one of `spans`, when given), in
  /// sol order and then the source's: the sols from the manifest, each fetched in a sliding
  /// window.
  public func fetchPhotos(
    rover: String, sols range: ClosedRange<Int>, cameras: [String],
    within spans: [ClosedRange<Int>]? = nil
  ) async throws -> [Photo] {
    var range = range
    if let spans {
      // The manifest is asked for the spans' part of the range only: a feed counts sols by
      // listing them.
      guard let first = spans.first?.lowerBound, let last = spans.last?.upperBound,
        first <= range.upperBound, last >= range.lowerBound
      else { return [] }
      range = max(first, range.lowerBound)...min(last, range.upperBound)
    }
    let manifest = try await fetchManifest(rover: rover, span: .sols(range))
    let sols = Set(
      manifest.photos.map(\.sol).filter { sol in
        range.contains(sol) && (spans?.contains { $0.contains(sol) } ?? true)
      }
    ).sorted()
    return try await photos(of: rover, on: sols, cameras: cameras)
  }

  /// The photos of every Earth day of `range`, in sol order and then the source's: the sols
  /// the manifest puts on those days (for the feeds, which count sols by listing them, the
  /// sols those days can fall on), each photo kept by the day it was taken.
  public func fetchPhotos(
    rover: String, earthDates range: ClosedRange<EarthDate>, cameras: [String]
  )
    async throws -> [Photo]
  {
    let span: SolSpan =
      FeedRover.named(rover).map { feed in
        .sols(
          feed.sols(around: range.lowerBound)
            .lowerBound...feed.sols(around: range.upperBound).upperBound)
      } ?? .recent
    let manifest = try await fetchManifest(rover: rover, span: span)
    let (first, last) = (range.lowerBound.description, range.upperBound.description)
    let sols = Set(
      manifest.photos.filter { $0.earthDate >= first && $0.earthDate <= last }.map(\.sol)
    ).sorted()
    return try await photos(of: rover, on: sols, cameras: cameras).filter {
      $0.earthDate >= first && $0.earthDate <= last
    }
  }

  private func photos(of rover: String, on sols: [Int], cameras: [String]) async throws
    -> [Photo]
  {
    try await sols.concurrentMap(limit: solsAtOnce) { sol in
      try await fetchPhotos(rover: rover, on: .sol(sol), cameras: cameras)
    }.flatMap { $0 }
  }
}
