import RoverAPI

extension MarsArchive {
  /// The most pages one listing may have; a server claiming more is sending nonsense, and
  /// believing it would start millions of requests.
  static let maxPages = 10_000

  /// Every photo of one sol or Earth day, in the server's order.
  ///
  /// With several cameras, each camera is fetched at once (the API filters by one camera per
  /// request) and the lists are merged back into the server's (camera, id) order.
  /// `expectedCount`, when the caller has it from a manifest, lets every page start at once.
  public func fetchPhotos(
    rover: String, on day: PhotoDay, cameras: [String] = [], expectedCount: Int? = nil
  ) async throws -> [Photo] {
    guard cameras.count > 1 else {
      return try await fetchPhotos(
        rover: rover, on: day, camera: cameras.first, expectedCount: expectedCount)
    }
    let lists = try await cameras.concurrentMap(limit: maxConcurrentRequests) { camera in
      try await fetchPhotos(rover: rover, on: day, camera: camera, expectedCount: expectedCount)
    }
    // Stable by camera id: each list is already in id order.
    let order = { (list: (offset: Int, element: [Photo])) in
      (list.element.first?.camera.id ?? .max, list.offset)
    }
    return lists.enumerated().sorted { order($0) < order($1) }.flatMap(\.element)
  }

  /// Every photo of one sol or Earth day from one camera (or all cameras), in the server's
  /// order.
  public func fetchPhotos(
    rover: String, on day: PhotoDay, camera: String?, expectedCount: Int? = nil
  ) async throws -> [Photo] {
    let request = { @Sendable (page: Int?) in
      Endpoints.photos(rover: rover, on: day, camera: camera, page: page, perPage: pageSize)
    }
    if let expectedCount {
      let pages = try pageCount(for: expectedCount, request: request(nil))
      return try await fetchPages(Array(1...pages), request)
    }
    let first = try await client.send(request(1))
    if let totalPages = first.pagination?.totalPages {
      try checkPlausible(pages: totalPages, request: request(nil))
      return try await first.photos + fetchPages(Array(2..<max(2, totalPages + 1)), request)
    }
    guard first.photos.count >= pageSize else { return first.photos }
    // The original server sends no totals; the manifest says how many photos the day has.
    let manifest = try await client.send(Endpoints.manifest(rover: rover))
    let entry: ManifestEntry? =
      switch day {
      case .sol(let sol): manifest.entry(forSol: sol)
      case .earthDate(let date): manifest.entry(forEarthDate: date.description)
      }
    // Page 2 is asked for even when the manifest says one page is all: it may be stale.
    let pages = try max(2, pageCount(for: entry?.totalPhotos ?? 0, request: request(nil)))
    return try await first.photos + fetchPages(Array(2...pages), request)
  }

  /// All the photos behind a request that may page: the original server sends everything at
  /// once, Mars Vista sends page 1 and says how many pages follow.
  func fetchAllPages(_ request: @escaping @Sendable (Int?) -> APIRequest<PhotoPage>)
    async throws -> [Photo]
  {
    let first = try await client.send(request(nil))
    guard let totalPages = first.pagination?.totalPages, totalPages > 1 else {
      return first.photos
    }
    try checkPlausible(pages: totalPages, request: request(nil))
    return try await first.photos + fetchPages(Array(2...totalPages), request)
  }

  /// Fetches the given pages at once (at most ``maxConcurrentRequests`` in flight), then, if
  /// the last one was full and the server sends no totals, the pages after it one by one until
  /// a short page: a count read from a manifest may be stale.
  private func fetchPages(
    _ pages: [Int], _ request: @escaping @Sendable (Int?) -> APIRequest<PhotoPage>
  ) async throws -> [Photo] {
    let bodies = try await pages.concurrentMap(limit: maxConcurrentRequests) { page in
      try await client.send(request(page))
    }
    var photos = bodies.flatMap(\.photos)
    guard var page = pages.last, let last = bodies.last, last.pagination == nil else {
      return photos
    }
    var lastCount = last.photos.count
    while lastCount >= pageSize, page < Self.maxPages {
      page += 1
      let next = try await client.send(request(page))
      photos += next.photos
      lastCount = next.photos.count
    }
    return photos
  }

  private func pageCount(for photoCount: Int, request: APIRequest<PhotoPage>) throws -> Int {
    let pages = max(1, photoCount / pageSize + (photoCount % pageSize == 0 ? 0 : 1))
    try checkPlausible(pages: pages, request: request)
    return pages
  }

  private func checkPlausible(pages: Int, request: APIRequest<PhotoPage>) throws {
    guard pages <= Self.maxPages else {
      throw APIError.undecodable(
        request: request.summary,
        problem: "the server claims \(pages) pages of photos, more than any sol has")
    }
  }
}
