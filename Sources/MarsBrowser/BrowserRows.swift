import RoverAPI

/// A rover as the first level lists it.
public struct RoverRow: Sendable, Hashable {
  /// The name, as the source spells it: `Curiosity`.
  public var name: String
  /// `active` or `complete`.
  public var status: String
  /// The last sol with photos, and its Earth date.
  public var maxSol: Int
  /// The Earth date of the last sol.
  public var maxDate: String
  /// Photos of the whole mission.
  public var totalPhotos: Int
  /// What to say beside it: that only NASA's feeds have the mission, or why it failed.
  public var note: String

  /// A row.
  public init(
    name: String, status: String, maxSol: Int, maxDate: String, totalPhotos: Int, note: String = ""
  ) {
    self.name = name
    self.status = status
    self.maxSol = maxSol
    self.maxDate = maxDate
    self.totalPhotos = totalPhotos
    self.note = note
  }

  /// The rover's row.
  public init(_ rover: Rover, note: String = "") {
    self.init(
      name: rover.name, status: rover.status, maxSol: rover.maxSol, maxDate: rover.maxDate,
      totalPhotos: rover.totalPhotos, note: note)
  }
}

/// A sol as a rover's manifest lists it.
public struct SolRow: Sendable, Hashable {
  /// The sol.
  public var sol: Int
  /// Its Earth date.
  public var earthDate: String
  /// How many photos it has.
  public var photos: Int
  /// The cameras that took them.
  public var cameras: [String]

  /// A row.
  public init(sol: Int, earthDate: String, photos: Int, cameras: [String]) {
    self.sol = sol
    self.earthDate = earthDate
    self.photos = photos
    self.cameras = cameras
  }

  /// A manifest's sols, newest first.
  public static func rows(_ manifest: PhotoManifest) -> [SolRow] {
    manifest.photos.map {
      SolRow(sol: $0.sol, earthDate: $0.earthDate, photos: $0.totalPhotos, cameras: $0.cameras)
    }.sorted { $0.sol > $1.sol }
  }
}

/// One sol of one rover: what a list of photos belongs to.
public struct SolKey: Sendable, Hashable {
  /// The rover's name.
  public var rover: String
  /// The sol.
  public var sol: Int

  /// A key.
  public init(rover: String, sol: Int) {
    self.rover = rover
    self.sol = sol
  }
}

/// The photos of a sol, grouped by camera, each group in the server's order.
public enum PhotoRows {
  /// The photos in the order the third level lists them: cameras by name, and within each
  /// camera the server's order (`Dictionary(grouping:)` keeps it).
  public static func grouped(_ photos: [Photo]) -> [Photo] {
    let groups = Dictionary(grouping: photos, by: \.camera.name)
    return groups.keys.sorted().flatMap { groups[$0] ?? [] }
  }
}
