import MarsData
import RoverAPI

/// A sol's photos and observation sequences, fetched and found once for `sequences`, `movie`
/// and `develop`.
struct SequenceLookup: Sendable {
  let common: CommonOptions
  let rover: String
  let sol: Int
  /// `--camera`: a camera, an instrument, or the start of one's name (`NAVCAM`).
  let cameras: [String]

  /// The sol's sequences from the cameras asked for, oldest first; a camera the rover never
  /// had is a usage error (64), as everywhere.
  func sequences(_ console: Console) async throws -> [ObservationSequence] {
    SequenceFinder.sequences(in: try await photos(console))
  }

  /// The sol's photos from the cameras asked for, as the source lists them; a camera the rover
  /// never had is a usage error (64).
  func photos(_ console: Console) async throws -> [Photo] {
    let archive = common.makeArchive(console)
    let query = PhotoQuery(rover: rover, day: .day(.sol(sol)), cameras: [])
    let wanted = cameras.map { $0.uppercased() }
    async let listed = query.fetch(archive)
    if !wanted.isEmpty {
      let details = try await archive.checkingRover(rover) { try await archive.fetchRover(rover) }
      try Rovers.Stereo.check(wanted, on: details)
    }
    return try await listed.filter(isAsked)
  }

  /// Whether `--camera` asks for the photo: its camera, its instrument, or the start of either
  /// (every photo when no camera is named).
  func isAsked(_ photo: Photo) -> Bool {
    cameras.isEmpty
      || cameras.contains {
        Rovers.Stereo.names([photo.camera.name, photo.instrument ?? ""], include: $0.uppercased())
      }
  }
}
