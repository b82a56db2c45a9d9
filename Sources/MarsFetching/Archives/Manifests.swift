import RoverAPI

extension MarsArchive {
  /// Every rover's photo manifest, all at once, keeping each rover's outcome: what a display
  /// of all rovers wants, where one server error must not hide the other rovers.
  public func fetchManifestOutcomes(rovers: [String]? = nil) async throws
    -> [RoverOutcome<PhotoManifest>]
  {
    let fetch = { @Sendable (name: String) in
      try await client.send(Endpoints.manifest(rover: name))
    }
    guard let rovers else { return try await fetchEachListedRover(fetch) }
    return try await fetchEachRover(rovers, fetch)
  }
}
