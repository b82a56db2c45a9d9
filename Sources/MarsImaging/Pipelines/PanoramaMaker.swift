import CameraGeometry
import MarsFetching
import MarsMirror
import PanoramaStitching
import RasterImages
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `rovers panorama --sequence`: a pan's frames fetched (`-j` at a time) or read from a
/// mirror's sol folder, decoded, tiled frames put together whole first (as `develop` does,
/// their first tile's model moved to where it sits), in colour with `--debayer`, and stitched
/// by their camera models (``PanoramaStitcher``), turned level or to north by the rover's
/// attitude when asked.
package struct PanoramaMaker: Sendable {
  package let panorama: Panorama
  package let jobs: Int
  package let debayer: Debayering
  /// `--scale`: grid pixels per frame pixel at a frame's centre.
  package let scale: Double
  /// `--level`: the horizon made flat by the attitude's tilt.
  package let level: Bool
  /// `--north`: azimuth 0 turned to north by the attitude's heading.
  package let north: Bool

  /// What was made: the stitcher (its grid, viewpoint and frames), each frame's gain, the
  /// panorama's samples, the share of the grid covered, and the frames left out because their
  /// file is not the size their record (and so their model) is for.
  package struct Made: Sendable {
    package var stitcher: PanoramaStitcher
    package var gains: [Double]
    package var samples: [UInt8]
    package var covered: Double
    package var leftOut: [String]
    /// The frame its azimuths are in: `rover`, `level`, `north` or `level north`.
    package var turn: String

    /// The panorama as a picture (a grey one's plane made RGB).
    package var image: RasterImage {
      let grid = stitcher.grid
      return stitcher.channels == 1
        ? RasterImage(width: grid.width, height: grid.height, grey: samples)
        : RasterImage(width: grid.width, height: grid.height, pixels: samples)
    }
  }

  /// The turn from the rover frame to the panorama's: the attitude's tilt taken away for
  /// `level`, its heading for `north`; ``ImageFileError`` (65) when either is asked and the
  /// first frame's record carries no attitude.
  package func rotation() throws -> Rotation {
    guard level || north else { return .identity }
    guard let first = panorama.frames.first?.photo,
      let attitude = first.details.capture.attitude.flatMap(Rotation.init(quaternion:))
    else {
      throw ImageFileError(
        name: panorama.frames.first?.photo.nasaID ?? panorama.sequence.id,
        reason: "its record carries no attitude, which --level and --north need")
    }
    return PanoramaStitcher.turn(by: attitude, level: level, north: north)
  }

  /// The panorama, its frames fetched with `client` or read from `folder` (a mirror's sol
  /// folder); ``ImageFileError`` when a frame cannot be read or none is left.
  package func make(client: APIClient?, folder: URL?) async throws -> Made {
    let rotation = try rotation()
    // Fetched at full size, the pixels the models are for; a mirror's files as they are.
    let inputs = panorama.frames.map { frame in
      MovieFrames.Input(
        name: frame.photo.nasaID,
        photo: folder == nil ? frame.photo.resized(to: .full) : frame.photo,
        path: folder.map {
          $0.appendingPathComponent(PhotoFileLayout.pathInSol(for: frame.photo)).path
        })
    }
    // Decoded as sent: a tiled frame is put together whole first, then given its colour.
    let decoded = try await MovieFrames(
      client: client, jobs: jobs, debayer: Debayering(enabled: false)
    ).decoded(inputs)
    var images: [String: RasterImage] = [:]
    var models: [String: CameraModel] = [:]
    for (frame, image) in zip(panorama.frames, decoded.map(\.image)) {
      images[frame.photo.nasaID] = image
      models[frame.photo.nasaID] = frame.model
    }
    var kept: [(image: RasterImage, name: String, model: CameraModel)] = []
    var leftOut: [String] = []
    for frame in FrameTiles.frames(in: panorama.frames.map(\.photo)) {
      if frame.isTiled, frame.missing.isEmpty, let first = frame.tiles.first,
        let model = models[first.photo.nasaID],
        let whole = try? FrameDeveloper(debayer: debayer.enabled).develop(frame, images: images)
      {
        // The first tile's model, moved to where the tile sits in the frame.
        let place = frame.place(first.rect)
        kept.append(
          (whole.image, frame.name, model.placed(columns: Double(place.x), rows: Double(place.y))))
        continue
      }
      for tile in frame.tiles {
        let name = tile.photo.nasaID
        guard let image = images[name], let model = models[name] else { continue }
        let size = tile.photo.details.capture.pixelSize
        guard size.map({ $0.width == image.width && $0.height == image.height }) ?? true else {
          leftOut.append(name)
          continue
        }
        kept.append((debayer.apply(image, name: name), name, model))
      }
    }
    guard !kept.isEmpty else {
      throw ImageFileError(
        name: panorama.sequence.id,
        reason: "no frame is the size its camera model is for (a mirror's frames must be"
          + " full size: download --size full)")
    }
    let grey = kept.allSatisfy(\.image.isGrey)
    let frames = kept.map { frame in
      PanoramaFrame(
        name: frame.name, width: frame.image.width, height: frame.image.height,
        channels: grey ? 1 : 3,
        samples: grey ? frame.image.greyPlaneIfGrey() ?? [] : frame.image.pixels,
        model: frame.model)
    }
    let stitcher: PanoramaStitcher
    do {
      stitcher = try PanoramaStitcher(frames: frames, rotation: rotation, scale: scale)
    } catch let error as PanoramaStitcher.Unmakeable {
      throw ImageFileError(name: panorama.sequence.id, reason: error.description)
    }
    let gains = stitcher.gains()
    let made = stitcher.render(gains: gains)
    let turn = [level ? "level" : nil, north ? "north" : nil].compactMap { $0 }
    return Made(
      stitcher: stitcher, gains: gains, samples: made.samples, covered: made.covered,
      leftOut: leftOut, turn: turn.isEmpty ? "rover" : turn.joined(separator: " "))
  }

  /// The file of `made`: a baseline JPEG at `quality` (grey as one component) for `.jpg` or
  /// `.jpeg`, else a PNG.
  package static func file(of made: Made, jpeg: Bool, quality: Int) throws -> [UInt8] {
    let grid = made.stitcher.grid
    if jpeg, made.stitcher.channels == 1 {
      return try JPEGEncoder.encode(
        greyPlane: made.samples, width: grid.width, height: grid.height, quality: quality)
    }
    let image = made.image
    return jpeg
      ? try JPEGEncoder.encode(image, quality: quality)
      : PNGEncoder.encode(image, grey: made.stitcher.channels == 1)
  }

  /// Where `panorama --from` writes a pan beside a sol's photos, for the gallery:
  /// `panorama-NCAM00501.jpg` in the sol's folder.
  package static func file(in folder: URL, sequence: String) -> URL {
    folder.appendingPathComponent("\(prefix)\(sequence).jpg")
  }

  /// The start of a panorama's file name in a sol's folder.
  package static let prefix = "panorama-"

  /// The record of what was made, beside a panorama's file: its name with `.json`.
  package static func record(beside file: String) -> URL {
    URL(fileURLWithPath: file).deletingPathExtension().appendingPathExtension("json")
  }

  /// The panorama `width` pixels wide (or its own width, if less), for the terminal.
  package static func preview(of made: Made, width: Int) -> RasterImage {
    let (grid, image) = (made.stitcher.grid, made.image)
    guard width < grid.width, width > 0 else { return image }
    let height = max(1, grid.height * width / grid.width)
    return image.scaled(width: width, height: height)
  }

  /// A value of each member.
  package init(
    panorama: Panorama, jobs: Int, debayer: Debayering, scale: Double, level: Bool, north: Bool
  ) {
    self.panorama = panorama
    self.jobs = jobs
    self.debayer = debayer
    self.scale = scale
    self.level = level
    self.north = north
  }
}
