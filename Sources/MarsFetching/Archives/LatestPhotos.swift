import RoverAPI

/// A rover's most recent photos.
public struct LatestPhotos: Sendable, Hashable {
  /// The rover's name, as the server spells it when it sent photos.
  public var rover: String
  /// The sol of the photos; `nil` when there are none.
  public var sol: Int?
  /// The Earth day of the photos; `nil` when there are none.
  public var earthDate: String?
  /// The photos, in the server's order.
  public var photos: [Photo]
  /// The cameras asked for that this rover never carried (others in the same command do).
  public var missingCameras: [String] = []

  /// Creates the latest photos of one rover.
  public init(rover: String, sol: Int?, earthDate: String?, photos: [Photo]) {
    self.rover = rover
    self.sol = sol
    self.earthDate = earthDate
    self.photos = photos
  }
}

extension MarsArchive {
  /// Each rover's most recent photos, all rovers at once.
  ///
  /// Without `rovers`, every rover the server lists (see ``fetchEachListedRover(_:)``). One
  /// child task per rover: a rover that fails is kept with its error and never loses the
  /// others.
  public func fetchLatestPhotos(rovers: [String]? = nil, camera: String? = nil) async throws
    -> [RoverOutcome<LatestPhotos>]
  {
    let fetch = { @Sendable (name: String) async throws -> LatestPhotos in
      let photos = try await fetchEveryPage { page in
        Endpoints.latestPhotos(rover: name, camera: camera, page: page, perPage: pageSize)
      }
      let first = photos.first
      return LatestPhotos(
        rover: first?.rover.name ?? name, sol: first?.sol, earthDate: first?.earthDate,
        photos: photos)
    }
    guard let rovers else { return try await fetchEachListedRover(fetch) }
    return try await fetchEachRover(rovers, fetch)
  }
}
