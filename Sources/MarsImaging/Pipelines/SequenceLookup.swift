import MarsFetching
import MarsMirror
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A sol's photos and observation sequences, fetched and found once for `sequences`, `movie`
/// and `develop`: from an archive that asks NASA's feeds first (a sol's sequences are made of
/// what only their records carry: each frame's pointing, clock and tiles), or from the record
/// of the sol's folder in a mirror.
package struct SequenceLookup: Sendable {
  package let rover: String
  package let sol: Int
  /// `--camera`: a camera, an instrument, or the start of one's name (`NAVCAM`).
  package let cameras: [String]

  /// The lookup of a rover's sol, of the cameras asked for (all when none).
  package init(rover: String, sol: Int, cameras: [String]) {
    self.rover = rover
    self.sol = sol
    self.cameras = cameras
  }

  /// A mirror without the sol's record: a usage error (64), saying how to fill it.
  package struct NoRecord: Error, CustomStringConvertible {
    package var mirror: String
    package var rover: String
    package var sol: Int
    package var description: String {
      "\(mirror) holds no record of \(rover) sol \(sol): fill it with"
        + " rovers download \(rover) --sol \(sol) -o \(mirror)"
    }
  }

  /// The sol's sequences from the cameras asked for, oldest first; a camera the rover never
  /// had is a usage error (64), as everywhere.
  package func sequences(in archive: any PhotoArchive) async throws -> [ObservationSequence] {
    SequenceFinder.sequences(in: try await photos(in: archive))
  }

  /// The sol's photos from the cameras asked for, as the archive lists them; a camera the
  /// rover never had is a usage error (64), unless `checkingCameras` is false (a caller that
  /// asks many sols checks once).
  package func photos(in archive: any PhotoArchive, checkingCameras: Bool = true) async throws
    -> [Photo]
  {
    let query = PhotoQuery(rover: rover, day: .day(.sol(sol)), cameras: [])
    let wanted = cameras.map { $0.uppercased() }
    async let listed = query.fetch(archive)
    if !wanted.isEmpty, checkingCameras {
      let details = try await archive.checkingRover(rover) { try await archive.fetchRover(rover) }
      try CameraCheck.checkStarts(wanted, on: details)
    }
    return try await listed.filter(isAsked)
  }

  /// The photos asked for from the record of the sol's folder in `mirror` (no request at
  /// all), with the folder; ``NoRecord`` when the folder has none.
  package func photos(inMirror mirror: String) throws -> ([Photo], URL) {
    let folder = PhotoFileLayout(root: URL(fileURLWithPath: mirror)).folder(rover: rover, sol: sol)
    guard let record = SolRecordFile.read(in: folder) else {
      throw NoRecord(mirror: mirror, rover: rover, sol: sol)
    }
    let photos = record.photos.map { $0.photo(rover: record.rover, sol: record.sol) }
    return (photos.filter(isAsked), folder)
  }

  /// Whether `--camera` asks for the photo: its camera, its instrument, or the start of either
  /// (every photo when no camera is named).
  package func isAsked(_ photo: Photo) -> Bool {
    cameras.isEmpty
      || cameras.contains {
        CameraCheck.names([photo.camera.name, photo.instrument ?? ""], startWith: $0.uppercased())
      }
  }
}
