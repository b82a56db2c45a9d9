import MarsFetching
import MarsMirror
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A movie on a sol page: the frames of one of the sol's movie sequences that are in the
/// folder, in the order they were taken, played by the page's viewer from those very files.
public struct MovieTile: Sendable, Hashable {
  /// The sequence id: `NCAM00518`.
  public var sequence: String
  /// The camera that took it.
  public var camera: String
  /// The frames' pictures, relative to the page, oldest first.
  public var frames: [String]
  /// The sol.
  public var sol: Int
  /// How long each frame shows in the viewer, in milliseconds.
  public var delay: Int

  /// The viewer's pace: 4 frames a second, as `rovers movie` plays by default.
  public static let defaultDelay = 250

  /// Creates a tile.
  public init(sequence: String, camera: String, frames: [String], sol: Int, delay: Int) {
    self.sequence = sequence
    self.camera = camera
    self.frames = frames
    self.sol = sol
    self.delay = delay
  }

  /// `NCAM00518 · NAVCAM_LEFT · 8 frames · sol 888`.
  var caption: String {
    "\(sequence) · \(camera) · \(frames.count) frames · sol \(sol)"
  }

  /// The movies of a sol's folder: its record's movie sequences, each with the frames of its
  /// size that are on disk (`files`, paths below the sol's folder), when 2 or more are. Only
  /// sequences whose every frame has its pointing (from NASA's feeds) count: without it, an
  /// API server's frames of one sequence may be a day of autonomous shots, not a movie.
  static func movies(in record: SolRecord?, files: Set<String>) -> [MovieTile] {
    guard let record else { return [] }
    var fileOf: [String: String] = [:]
    for saved in record.photos { fileOf[saved.nasaID] = saved.file }
    let photos = record.photos.map { $0.photo(rover: record.rover, sol: record.sol) }
    let movies = SequenceFinder.sequences(in: photos).filter { sequence in
      sequence.kind == .movie
        && sequence.photos.allSatisfy {
          $0.details.mastAzimuth != nil && $0.details.mastElevation != nil
        }
    }
    return movies.compactMap {
      sequence in
      let frames = sequence.framesOfItsSize.compactMap { fileOf[$0.nasaID] }.filter {
        files.contains($0)
      }
      guard frames.count >= 2 else { return nil }
      return MovieTile(
        sequence: sequence.id, camera: sequence.camera, frames: frames, sol: record.sol,
        delay: defaultDelay)
    }
  }
}
