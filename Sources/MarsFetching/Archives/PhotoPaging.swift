import RoverAPI

extension MarsArchive {
  /// The most pages one listing may have; a server claiming more is sending nonsense, and
  /// believing it would start millions of requests.
  static let maxPages = 10_000

  /// Every photo of one sol or Earth day, in the server's order.
  ///
  /// With several cameras, each camera is fetched at once (the API filters by one camera per
  /// request) and the lists are merged back into the server's (camera, id) order.
  public func fetchPhotos(rover: String, on day: PhotoDay, cameras: [String] = []) async throws
    -> [Photo]
  {
    // One camera or all: its pages straight away, a frame fewer on every request's way.
    guard cameras.count > 1 else {
      return try await fetchEveryPage(photosRequest(rover, day, cameras.first))
    }
    let lists = try await cameras.concurrentMap(limit: maxConcurrentRequests) { camera in
      try await fetchPhotos(rover: rover, on: day, camera: camera)
    }
    // Stable by camera id: each list is already in id order.
    let order = { (list: (offset: Int, element: [Photo])) in
      (list.element.first?.camera.id ?? .max, list.offset)
    }
    return lists.enumerated().sorted { order($0) < order($1) }.flatMap(\.element)
  }

  /// Every photo of one sol or Earth day from one camera (or all cameras), in the server's
  /// order.
  public func fetchPhotos(rover: String, on day: PhotoDay, camera: String?) async throws
    -> [Photo]
  {
    try await fetchEveryPage(photosRequest(rover, day, camera))
  }

  /// The request for a page (or, with `nil`, the first answer) of the photos of a day.
  private func photosRequest(_ rover: String, _ day: PhotoDay, _ camera: String?)
    -> @Sendable (Int?) -> APIRequest<PhotoPage>
  {
    let pageSize = self.pageSize
    return { page in
      Endpoints.photos(rover: rover, on: day, camera: camera, page: page, perPage: pageSize)
    }
  }

  /// All the photos behind a request that may page, in the fewest round trips: asked for
  /// without a page, the original server sends everything in one body, and Mars Vista sends
  /// page 1 with how many pages there are, which are then fetched together.
  func fetchEveryPage(_ request: @escaping @Sendable (Int?) -> APIRequest<PhotoPage>)
    async throws -> [Photo]
  {
    let first = try await client.send(request(nil))
    guard let pagination = first.pagination else { return first.photos }
    let perPage = max(1, pagination.perPage ?? pageSize)
    let announced = pagination.totalPages ?? 1
    guard announced > 1 || first.photos.count >= perPage else { return first.photos }
    try checkPlausible(pages: announced, request: request(nil))
    return try await first.photos
      + fetchPages(from: 2, announced: announced, perPage: perPage, request)
  }

  /// Fetches pages `first...announced` at once (at most ``maxConcurrentRequests`` in flight);
  /// then, while the last page is full (the count may be stale: a sol still filling up), the
  /// next windows of pages, again at once, until a short page.
  private func fetchPages(
    from first: Int, announced: Int, perPage: Int,
    _ request: @escaping @Sendable (Int?) -> APIRequest<PhotoPage>
  ) async throws -> [Photo] {
    var photos: [Photo] = []
    // A count claiming one page of a full first page is stale too: start with a window.
    var pages =
      announced >= first
      ? Array(first...announced)
      : Array(first..<min(first + maxConcurrentRequests, Self.maxPages + 1))
    while !pages.isEmpty {
      let bodies = try await pages.concurrentMap(limit: maxConcurrentRequests) { page in
        try await client.send(request(page))
      }
      var lastFull = false
      for body in bodies {
        photos += body.photos
        lastFull = body.photos.count >= perPage
      }
      guard lastFull, let last = pages.last, last < Self.maxPages else { break }
      let next = last + 1
      pages = Array(next..<min(next + maxConcurrentRequests, Self.maxPages + 1))
    }
    return photos
  }

  private func checkPlausible(pages: Int, request: APIRequest<PhotoPage>) throws {
    guard pages <= Self.maxPages else {
      throw APIError.undecodable(
        request: client.summary(of: request),
        problem: "the server claims \(pages) pages of photos, more than any sol has")
    }
  }
}
