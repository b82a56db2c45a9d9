import MarsFetching
import MarsMirror
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The frame that image files given to `develop` make.
package enum DevelopedFiles {
  /// The frame the files make, and each tile's file by NASA id. Files in a folder `download`
  /// or `sync` filled take their records from it, rectangles and all; a file without a record
  /// is a frame of its own, so several such files are ``NotOneFrame`` (a usage error, 64).
  package static func frame(of paths: [String]) throws -> (
    frame: FrameTiles, paths: [String: String]
  ) {
    var photos: [Photo] = []
    var byName: [String: String] = [:]
    var records: [String: SolRecord?] = [:]
    for path in paths {
      let url = URL(fileURLWithPath: path)
      let name = NASAImageName.identity(ofImageAt: url.lastPathComponent) ?? url.lastPathComponent
      // Tiles share a sol's folder: its record is read once.
      let sol = url.deletingLastPathComponent().deletingLastPathComponent().path
      if records[sol] == nil {
        records[sol] = .some(SolRecordFile.read(in: URL(fileURLWithPath: sol)))
      }
      let saved = records[sol] ?? nil
      let photo =
        saved.flatMap { record in
          record.photos.first { $0.nasaID == name }.map {
            $0.photo(rover: record.rover, sol: record.sol)
          }
        }
        ?? Photo(
          id: nil, sol: 0, earthDate: "", imgSrc: url.lastPathComponent,
          camera: Camera(name: "", fullName: nil), rover: RoverReference(id: 0, name: ""),
          nasaID: name, instrument: nil, details: PhotoDetails())
      photos.append(photo)
      byName[photo.nasaID] = path
    }
    let frames = FrameTiles.frames(in: photos)
    guard frames.count == 1, let frame = frames.first else {
      throw NotOneFrame(count: paths.count)
    }
    return (frame, byName)
  }

  /// Files that are not the tiles of one frame.
  package struct NotOneFrame: Error, CustomStringConvertible {
    /// How many files were given.
    package var count: Int
    /// What to do instead.
    package var description: String {
      "the \(count) files are not the tiles of one frame: tiles are placed by their records'"
        + " rectangles, so develop them from a folder download or sync filled, or one file at a"
        + " time"
    }
  }
}
