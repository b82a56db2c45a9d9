import RoverAPI

/// A question about one rover that each kind of archive answers its own way: the API
/// (``MarsArchive``) and NASA's feeds (``FeedArchive``) each with their own requests, and the
/// archives made of others by passing it on: ``FailoverArchive`` to its first source and, when
/// that one is out or lacks the rover, to its second; ``MissionsArchive`` to the one that has
/// the rover. A new query of one rover is one of these, in one place: the protocol and the
/// archives made of others need no change.
public struct RoverQuestion<Answer: Sendable>: Sendable {
  /// What is asked, for an archive that answers every question from one store of its own
  /// (the catalogue) rather than by requests.
  public enum Asked: Sendable, Hashable {
    /// The rover, with its cameras.
    case rover
    /// Every photo of a day from these cameras (every camera when none).
    case photos(PhotoDay, cameras: [String])
    /// One page of 25 photos per camera asked for.
    case photoPage(PhotoDay, cameras: [String], page: Int)
    /// The photo count per sol of a span.
    case manifest(SolSpan)
    /// One sol's photos from these cameras, with the source's own count.
    case solListing(sol: Int, cameras: [String])
  }

  /// The rover asked about, which decides where the question goes.
  public var rover: String
  /// What is asked.
  public let asked: Asked
  /// How the API answers it.
  let fromAPI: @Sendable (MarsArchive) async throws -> Answer
  /// How NASA's feeds answer it.
  let fromFeeds: @Sendable (FeedArchive) async throws -> Answer

  /// A question about `rover`, answered by the API with `fromAPI` and by the feeds with
  /// `fromFeeds`.
  public init(
    rover: String, asked: Asked,
    fromAPI: @escaping @Sendable (MarsArchive) async throws -> Answer,
    fromFeeds: @escaping @Sendable (FeedArchive) async throws -> Answer
  ) {
    self.rover = rover
    self.asked = asked
    self.fromAPI = fromAPI
    self.fromFeeds = fromFeeds
  }
}

extension RoverQuestion where Answer == Rover {
  /// One rover, with its cameras.
  public static func rover(_ name: String) -> Self {
    Self(
      rover: name, asked: .rover, fromAPI: { try await $0.fetchRover(name) },
      fromFeeds: { try await $0.fetchRover(name) })
  }
}

extension RoverQuestion where Answer == [Photo] {
  /// Every photo of one sol or Earth day from the cameras asked for (every camera when none).
  public static func photos(rover: String, on day: PhotoDay, cameras: [String]) -> Self {
    Self(
      rover: rover, asked: .photos(day, cameras: cameras),
      fromAPI: { try await $0.fetchPhotos(rover: rover, on: day, cameras: cameras) },
      fromFeeds: { try await $0.fetchPhotos(rover: rover, on: day, cameras: cameras) })
  }

  /// One page of 25 photos per camera asked for, as the API pages them.
  public static func photoPage(rover: String, on day: PhotoDay, cameras: [String], page: Int)
    -> Self
  {
    Self(
      rover: rover, asked: .photoPage(day, cameras: cameras, page: page),
      fromAPI: { try await $0.fetchPhotoPage(rover: rover, on: day, cameras: cameras, page: page) },
      fromFeeds: {
        try await $0.fetchPhotoPage(rover: rover, on: day, cameras: cameras, page: page)
      })
  }
}

extension RoverQuestion where Answer == PhotoManifest {
  /// A rover's photo count per sol: all of them from the API; from the feeds, which must list
  /// each sol to count it, the sols of `span`.
  public static func manifest(rover: String, span: SolSpan) -> Self {
    Self(
      rover: rover, asked: .manifest(span),
      fromAPI: { try await $0.fetchManifest(rover: rover, span: span) },
      fromFeeds: { try await $0.fetchManifest(rover: rover, span: span) })
  }
}

extension RoverQuestion where Answer == SolListing {
  /// One sol's photos from the cameras asked for, with whether the source's own count agrees
  /// with what it listed: what a mirror checks before it calls a sol complete. The API has no
  /// count of its own: its photos are listed as they are.
  public static func solListing(rover: String, sol: Int, cameras: [String]) -> Self {
    Self(
      rover: rover, asked: .solListing(sol: sol, cameras: cameras),
      fromAPI: {
        SolListing(photos: try await $0.fetchPhotos(rover: rover, on: .sol(sol), cameras: cameras))
      },
      fromFeeds: { try await $0.fetchSolListing(rover: rover, sol: sol, cameras: cameras) })
  }
}

extension PhotoArchive {
  /// One rover, with its cameras.
  public func fetchRover(_ name: String) async throws -> Rover {
    try await answer(.rover(name))
  }

  /// Every photo of one sol or Earth day from the cameras asked for (every camera when none).
  public func fetchPhotos(rover: String, on day: PhotoDay, cameras: [String]) async throws
    -> [Photo]
  {
    try await answer(.photos(rover: rover, on: day, cameras: cameras))
  }

  /// One page of 25 photos per camera asked for, as the API pages them.
  public func fetchPhotoPage(rover: String, on day: PhotoDay, cameras: [String], page: Int)
    async throws -> [Photo]
  {
    try await answer(.photoPage(rover: rover, on: day, cameras: cameras, page: page))
  }

  /// A rover's photo count per sol (``RoverQuestion/manifest(rover:span:)``).
  public func fetchManifest(rover: String, span: SolSpan) async throws -> PhotoManifest {
    try await answer(.manifest(rover: rover, span: span))
  }

  /// One sol's photos, with whether the source's count agrees
  /// (``RoverQuestion/solListing(rover:sol:cameras:)``).
  public func fetchSolListing(rover: String, sol: Int, cameras: [String]) async throws
    -> SolListing
  {
    try await answer(.solListing(rover: rover, sol: sol, cameras: cameras))
  }
}
