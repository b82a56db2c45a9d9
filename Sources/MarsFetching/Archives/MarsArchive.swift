import RoverAPI

/// The Mars photo archive as one server of the Mars Rover Photos API holds it, fetched in
/// parallel wherever the API allows.
///
/// Every method checks for cancellation before it fans out, and every task group it starts is
/// a child of the caller's task, so cancelling the caller stops every request in flight.
public struct MarsArchive: PhotoArchive {
  /// The client that sends each request.
  public var client: APIClient
  /// The most requests one call keeps in flight when it fetches many pages.
  public var maxConcurrentRequests: Int
  /// The page size asked for when paging: Mars Vista's largest, and four of the original's.
  public var pageSize: Int
  /// Rovers the server is expected to list, whose requests may start before the list arrives;
  /// the list still decides which rovers are shown.
  public var expectedRovers: [String]

  /// Creates an archive over `client`.
  public init(
    client: APIClient, maxConcurrentRequests: Int = 6, pageSize: Int = 100,
    expectedRovers: [String] = []
  ) {
    self.client = client
    self.maxConcurrentRequests = max(1, maxConcurrentRequests)
    self.pageSize = max(1, pageSize)
    self.expectedRovers = expectedRovers
  }

  /// The API's answer, from its own requests.
  public func answer<Answer: Sendable>(_ question: RoverQuestion<Answer>) async throws -> Answer {
    try await question.fromAPI(self)
  }

  /// Every rover the server knows, in the server's order: `GET rovers` is the truth, not a
  /// list built into the tool.
  public func fetchAllRovers() async throws -> [Rover] {
    try await client.send(Endpoints.rovers())
  }

  /// One rover, with its cameras.
  public func fetchRover(_ name: String) async throws -> Rover {
    try await client.send(Endpoints.rover(name))
  }

  /// The whole manifest: the API sends every sol in one body, whatever span is asked for.
  public func fetchManifest(rover: String, span: SolSpan) async throws -> PhotoManifest {
    try await client.send(Endpoints.manifest(rover: rover))
  }

  /// One page of 25 photos per camera, as the server cuts it.
  public func fetchPhotoPage(rover: String, on day: PhotoDay, cameras: [String], page: Int)
    async throws -> [Photo]
  {
    let cameras: [String?] = cameras.isEmpty ? [nil] : cameras
    let pages = try await cameras.concurrentMap(limit: maxConcurrentRequests) { camera in
      try await client.send(
        Endpoints.photos(rover: rover, on: day, camera: camera, page: page)
      ).photos
    }
    return pages.flatMap { $0 }
  }

  /// Whether the server said the rover does not exist: the original's 400
  /// `Invalid Rover Name`, or Mars Vista's 404 `Rover 'x' not found`.
  public func isUnknownRover(_ error: any Error) -> Bool {
    guard let error = error as? APIError, case .status(_, let response) = error,
      let message = response.message?.lowercased()
    else { return false }
    return (response.status == 400 && message.contains("invalid rover name"))
      || (response.status == 404 && message.contains("rover") && message.contains("not found"))
  }

  /// Whether the server is out of reach or out of service, rather than answering.
  ///
  /// A 404 counts only where the API had the endpoint: not for the list of rovers, which every
  /// server has at its root, and not from a base without `/api/`, which answers 404 to every
  /// path: both are a base set wrong, which the user must hear of, not an outage.
  public func isOutage(_ error: any Error) -> Bool {
    guard let error = error as? APIError else { return false }
    switch error {
    case .transport: return true
    case .status(let request, let response):
      if (500...599).contains(response.status) { return true }
      return response.status == 404 && client.baseURL.path.contains("/api/")
        && request != client.summary(of: Endpoints.rovers())
    case .invalidRequest, .undecodable: return false
    }
  }

  /// Any rover: the server's list decides.
  public func covers(rover: String) -> Bool { true }

  /// The server.
  public var origin: SourceOrigin { SourceOrigin(client) }

  /// The names to fetch: those given, or every rover on the server when none are.
  func roverNames(_ names: [String]?) async throws -> [String] {
    if let names { return names }
    return try await fetchAllRovers().map(\.name)
  }
}
