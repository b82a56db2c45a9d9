import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsMirror
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A sol's photos and observation sequences, fetched and found once for `sequences`, `movie`
/// and `develop`.
///
/// A sol's sequences are made of what only NASA's feeds' records carry (each frame's pointing,
/// clock and tiles): the feeds are asked first, and a lookup that would fetch with the feeds
/// left out (`--source api`) is refused before anything is asked.
struct SequenceLookup: Sendable {
  let common: CommonOptions
  let rover: String
  let sol: Int
  /// `--camera`: a camera, an instrument, or the start of one's name (`NAVCAM`).
  let cameras: [String]

  /// The lookup of `command` for a rover's sol; `mirror` (`--from`) when the photos are read
  /// from a folder, which needs no source. ``ArchiveError/needsFeeds(_:)`` when they would be
  /// fetched with `--source api`.
  init(
    _ command: String, common: CommonOptions, rover: String, sol: Int, cameras: [String],
    mirror: String? = nil
  ) throws {
    if mirror == nil, common.source == .api { throw ArchiveError.needsFeeds(command) }
    self.common = common
    self.rover = rover
    self.sol = sol
    self.cameras = cameras
  }

  /// The sol's sequences from the cameras asked for, oldest first; a camera the rover never
  /// had is a usage error (64), as everywhere.
  func sequences(_ console: Console) async throws -> [ObservationSequence] {
    SequenceFinder.sequences(in: try await photos(console))
  }

  /// The sol's photos from the cameras asked for, as the source lists them; a camera the rover
  /// never had is a usage error (64).
  func photos(_ console: Console) async throws -> [Photo] {
    let archive = common.makeRecordsArchive(console)
    let query = PhotoQuery(rover: rover, day: .day(.sol(sol)), cameras: [])
    let wanted = cameras.map { $0.uppercased() }
    async let listed = query.fetch(archive)
    if !wanted.isEmpty {
      let details = try await archive.checkingRover(rover) { try await archive.fetchRover(rover) }
      try Rovers.Stereo.check(wanted, on: details)
    }
    return try await listed.filter(isAsked)
  }

  /// The photos asked for: with `--from`, from the record of the sol's folder in that mirror
  /// (no request at all), with the folder; else fetched. A mirror without the sol's record is
  /// a usage error (64) saying how to fill it.
  func photos(from mirror: String?, _ console: Console, spec: CommandSpec) async throws -> (
    [Photo], URL?
  ) {
    guard let mirror else { return (try await photos(console), nil) }
    let folder = PhotoFileLayout(root: URL(fileURLWithPath: mirror)).folder(rover: rover, sol: sol)
    guard let record = SolRecordFile.read(in: folder) else {
      throw UsageError(
        message: "\(mirror) holds no record of \(rover) sol \(sol): fill it with"
          + " rovers download \(rover) --sol \(sol) -o \(mirror)",
        command: spec)
    }
    let photos = record.photos.map { $0.photo(rover: record.rover, sol: record.sol) }
    return (photos.filter(isAsked), folder)
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
