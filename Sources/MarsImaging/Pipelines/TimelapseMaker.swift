import MarsFetching
import MarsMirror
import RasterImages
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `rovers timelapse`: the photos of a range of sols, fetched a few sols at a time from an
/// archive that asks NASA's feeds first (a view is made of what only their records carry: each
/// frame's pointing, size and local time) or read from a mirror's sol records; then one view's
/// frames, one a sol, fetched or read, aligned to the first and evened in brightness.
package struct TimelapseMaker: Sendable {
  package let rover: String
  package let sols: ClosedRange<Int>
  /// `--camera`: a camera, an instrument, or the start of one's name.
  package let cameras: [String]
  /// `-j`: sols asked, and frames fetched, at once.
  package let jobs: Int

  /// The photos of every sol of the range, in sol order; the cameras are checked once.
  package func photos(in archive: any PhotoArchive) async throws -> [Photo] {
    let (rover, cameras, first) = (rover, cameras, sols.lowerBound)
    var photos: [Photo] = []
    try await Array(sols).orderedMap(limit: jobs) { sol in
      await Result(awaiting: {
        try await SequenceLookup(rover: rover, sol: sol, cameras: cameras)
          .photos(in: archive, checkingCameras: sol == first)
      })
    } each: {
      photos += try $0.get()
    }
    return photos
  }

  /// The photos of the sols of the range a mirror holds a record of, with each sol's folder;
  /// ``SequenceLookup/NoRecord`` (of the first sol) when it holds none of them.
  package func photos(inMirror mirror: String) throws -> (photos: [Photo], folders: [Int: URL]) {
    var photos: [Photo] = []
    var folders: [Int: URL] = [:]
    for sol in sols {
      let lookup = SequenceLookup(rover: rover, sol: sol, cameras: cameras)
      guard let (found, folder) = try? lookup.photos(inMirror: mirror) else { continue }
      photos += found
      folders[sol] = folder
    }
    guard !folders.isEmpty else {
      throw SequenceLookup.NoRecord(mirror: mirror, rover: rover, sol: sols.lowerBound)
    }
    return (photos, folders)
  }

  /// The photos of the range with each sol's folder: from `mirror`'s records when given (no
  /// request at all), else from the archive `feeds` makes.
  package func photos(mirror: String?, feeds: () -> any PhotoArchive) async throws -> (
    photos: [Photo], folders: [Int: URL]
  ) {
    guard let mirror else { return (try await photos(in: feeds()), [:]) }
    return try photos(inMirror: mirror)
  }

  /// The movie of `photos`, each frame showing `1 / fps` s, with the frames left out for their
  /// size; ``ImageFileError`` when fewer than two are left.
  package func movie(
    of photos: [Photo], folders: [Int: URL], client: APIClient?, debayer: Debayering, fps: Double
  ) async throws -> (movie: Animation, leftOut: [String]) {
    let (aligned, leftOut) = try await frames(
      of: photos, folders: folders, client: client, debayer: debayer)
    guard aligned.frames.count >= 2 else {
      throw ImageFileError(
        name: "sols \(sols.lowerBound) to \(sols.upperBound)",
        reason: "a time-lapse needs 2 or more frames of one size")
    }
    let delay = max(1, Int((1000 / fps).rounded()))
    let delays = Array(repeating: delay, count: aligned.frames.count)
    return (Animation(frames: aligned.frames, delays: delays), leftOut)
  }

  /// The frames, fetched (or read from `folders`) and decoded, those of another size than most
  /// left out (by name), the rest aligned to the first.
  package func frames(
    of photos: [Photo], folders: [Int: URL], client: APIClient?, debayer: Debayering
  ) async throws -> (aligned: FrameAlignment.Aligned, leftOut: [String]) {
    let inputs = photos.map { photo in
      MovieFrames.Input(
        name: photo.nasaID, photo: photo,
        path: folders[photo.sol].map {
          $0.appendingPathComponent(PhotoFileLayout.pathInSol(for: photo)).path
        })
    }
    let gathered = try await MovieFrames(client: client, jobs: jobs, debayer: debayer)
      .gather(inputs)
    return (FrameAlignment.aligned(gathered.frames.map(\.image)), gathered.leftOut)
  }

  /// A value of each member.
  package init(rover: String, sols: ClosedRange<Int>, cameras: [String], jobs: Int) {
    self.rover = rover
    self.sols = sols
    self.cameras = cameras
    self.jobs = jobs
  }
}
