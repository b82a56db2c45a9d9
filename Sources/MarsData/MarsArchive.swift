import RoverAPI

/// The Mars photo archive as one server holds it, fetched in parallel wherever the API allows.
///
/// Every method checks for cancellation before it fans out, and every task group it starts is
/// a child of the caller's task, so cancelling the caller stops every request in flight.
public struct MarsArchive: Sendable {
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

  /// Every rover the server knows, in the server's order: `GET rovers` is the truth, not a
  /// list built into the tool.
  public func fetchAllRovers() async throws -> [Rover] {
    try await client.send(Endpoints.rovers())
  }

  /// The names to fetch: those given, or every rover on the server when none are.
  func roverNames(_ names: [String]?) async throws -> [String] {
    if let names { return names }
    return try await fetchAllRovers().map(\.name)
  }
}
