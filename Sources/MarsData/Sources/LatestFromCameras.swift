import RoverAPI

extension PhotoArchive {
  /// Each rover's most recent photos from any of `cameras` (every camera when there is none).
  ///
  /// The API filters latest photos by one camera, so each camera is one fetch, all at once;
  /// a rover's photos are merged in the order the cameras were given. Each camera keeps its own
  /// latest sol (a camera idle for a week answers an older one); the rover's sol is the newest.
  /// A camera that failed fails the rover: its photos would otherwise be missing unsaid.
  public func fetchLatestPhotos(rovers: [String]?, cameras: [String]) async throws
    -> [RoverOutcome<LatestPhotos>]
  {
    guard cameras.count > 1 else {
      return try await fetchLatestPhotos(rovers: rovers, camera: cameras.first)
    }
    let perCamera = try await withThrowingTaskGroup(
      of: (Int, [RoverOutcome<LatestPhotos>]).self
    ) { group in
      for (index, camera) in cameras.enumerated() {
        group.addTask { (index, try await fetchLatestPhotos(rovers: rovers, camera: camera)) }
      }
      var results = [[RoverOutcome<LatestPhotos>]](repeating: [], count: cameras.count)
      for try await (index, outcomes) in group { results[index] = outcomes }
      return results
    }
    return Self.merge(perCamera)
  }

  /// One outcome per rover, in the first camera's rover order, from every camera's outcomes.
  private static func merge(_ perCamera: [[RoverOutcome<LatestPhotos>]])
    -> [RoverOutcome<LatestPhotos>]
  {
    (perCamera.first ?? []).map { first in
      let outcomes = perCamera.compactMap { list in list.first { $0.rover == first.rover } }
      if let failed = outcomes.first(where: { $0.error != nil }) { return failed }
      let found = outcomes.compactMap(\.value)
      guard let newest = found.max(by: { ($0.sol ?? -1) < ($1.sol ?? -1) }) else { return first }
      let merged = LatestPhotos(
        rover: newest.rover, sol: newest.sol, earthDate: newest.earthDate,
        photos: found.flatMap(\.photos))
      return RoverOutcome(rover: first.rover, result: .success(merged))
    }
  }
}
