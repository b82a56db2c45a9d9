import RoverAPI

/// The photos of one rover on one day (or its latest), from the cameras asked for: what
/// `photos` lists and `download` fetches.
public struct PhotoQuery: Sendable {
  /// Which days: a sol, an Earth date, the rover's latest, or a range of sols or Earth days.
  public enum Day: Sendable, Equatable {
    case day(PhotoDay)
    case latest
    /// The sols of a range that have photos.
    case sols(ClosedRange<Int>)
    /// The Earth days of a range.
    case earthDates(ClosedRange<EarthDate>)
  }

  /// The rover, as asked for.
  public var rover: String
  /// The day.
  public var day: Day
  /// Only these cameras; every camera when empty.
  public var cameras: [String]
  /// For a range of sols, only its sols in these spans (the rover's sols near a place,
  /// ``Traverse/sols(within:)``); every sol when `nil`.
  public var solSpans: [ClosedRange<Int>]?
  /// For one day, only this page of 25 photos per camera, as the API pages them (`--page`);
  /// every photo when `nil`.
  public var page: Int?

  /// Creates a query.
  public init(
    rover: String, day: Day, cameras: [String], solSpans: [ClosedRange<Int>]? = nil,
    page: Int? = nil
  ) {
    self.rover = rover
    self.day = day
    self.cameras = cameras
    self.solSpans = solSpans
    self.page = page
  }

  /// Every matching photo, with the cameras checked against the rover's own list at the same
  /// time (whichever fails first cancels the other) and an unknown rover explained.
  public func fetch(_ archive: any PhotoArchive) async throws -> [Photo] {
    try await archive.checkingRover(rover) {
      if let page, case .day(let day) = day {
        return try await archive.fetchPhotoPage(
          rover: rover, on: day, cameras: cameras, page: page)
      }
      guard !cameras.isEmpty else { return try await matching(archive) }
      if case .latest = day {
        // Each camera's own last sol, as `latest --camera` has it: the rover's cameras first.
        let details = try await archive.fetchRover(rover)
        let found = try await archive.fetchLatestPhotos(
          rovers: [rover], cameras: cameras, listed: [details])
        return try found.first?.result.get().photos ?? []
      }
      return try await withThrowingTaskGroup(of: [Photo]?.self) { group in
        group.addTask {
          let details = try await archive.fetchRover(rover)
          try CameraCheck.check(cameras, on: [details])
          return nil
        }
        group.addTask { try await matching(archive) }
        var photos: [Photo] = []
        for try await result in group { photos = result ?? photos }
        return photos
      }
    }
  }

  private func matching(_ archive: any PhotoArchive) async throws -> [Photo] {
    switch day {
    case .day(let day):
      return try await archive.answer(.photos(rover: rover, on: day, cameras: cameras))
    case .latest:
      let outcome = try await archive.fetchLatestPhotos(rovers: [rover], camera: nil).first
      return try outcome?.result.get().photos ?? []
    case .sols(let range):
      return try await archive.fetchPhotos(
        rover: rover, sols: range, cameras: cameras, within: solSpans)
    case .earthDates(let range):
      return try await archive.fetchPhotos(rover: rover, earthDates: range, cameras: cameras)
    }
  }
}
