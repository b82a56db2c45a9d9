import RoverAPI

extension MarsArchive {
  /// Every rover's photo manifest, all at once; the first failure cancels the rest and is
  /// thrown.
  public func fetchPhotoManifests(rovers: [String]? = nil) async throws -> [PhotoManifest] {
    let names = try await roverNames(rovers)
    try Task.checkCancellation()
    return try await withThrowingTaskGroup(of: (Int, PhotoManifest).self) { group in
      for (index, name) in names.enumerated() {
        group.addTask { (index, try await client.send(Endpoints.manifest(rover: name))) }
      }
      var manifests: [(Int, PhotoManifest)] = []
      for try await result in group { manifests.append(result) }
      return manifests.sorted { $0.0 < $1.0 }.map(\.1)
    }
  }

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
