import CameraGeometry
import MarsFetching
import MarsMirror
import RasterImages
import RoverAPI
import StereoMatching
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `rovers terrain`: a pair's two frames fetched at once at full size (the pixels their
/// camera models are for) or read from a mirror, Bayer frames given their colour first as
/// `develop` gives it, matched and triangulated by their models (``StereoTerrain``), and the
/// range map, points and mesh written into a folder, each whole or not at all.
package struct TerrainMaker: Sendable {
  /// What became of a pair.
  package struct Made: Sendable {
    package enum Status: String, Sendable {
      /// Its files were written, or were already there.
      case written, skipped
      /// It was not made: a frame without a model, or models that do not parse.
      case leftOut = "left out"
      case failed
    }

    package var pair: StereoPair
    package var status: Status
    /// The files, written or there.
    package var files: [String] = []
    package var summary: TerrainFiles.Summary?
    /// Why it was left out or failed.
    package var reason: String?
    package var failure: (any Error)?
    /// The range map in millimetres on the left frame's grid, to be drawn (`--show`).
    package var ranges: (width: Int, height: Int, millimetres: [UInt16])?
  }

  package var client: APIClient?
  /// A mirror's sol folder to read the frames from, instead of fetching them.
  package var mirror: URL?
  /// Where the files are written; `nil` to only draw.
  package var folder: URL?
  package var frame: TerrainFrame
  /// Disparities searched.
  package var disparities: Int
  /// Whether the range map is kept for drawing.
  package var keepRanges: Bool
  /// What the files' names start with: nothing in a folder of their own, `terrain-` in a
  /// sol's folder beside its photos, for the gallery.
  package var prefix = ""
  /// Image files given on the command line, by the NASA id of the photo each holds.
  package var files: [String: String] = [:]
  /// The frames sent as tiles, by the NASA id of their top-left tile, which names their pair
  /// (``pairs(in:)``): each is put together whole before it is matched.
  package var tiled: [String: FrameTiles] = [:]

  /// A sol's stereo pairs, frame by frame: a full-resolution frame sent as tiles is one frame,
  /// named by its top-left tile, paired with the other eye's frame of that name (tile by tile,
  /// the matcher would lose every range across a seam, and a tile's neighbour's ground). The
  /// tiled frames are given by that name, for ``tiled``.
  package static func pairs(in photos: [Photo]) -> (
    pairs: [StereoPair], tiled: [String: FrameTiles]
  ) {
    let frames = FrameTiles.frames(in: photos)
    var (pairs, tiled): ([StereoPair], [String: FrameTiles]) = ([], [:])
    for (left, right) in StereoPairing.pairs(
      frames, name: \.name, sol: { $0.tiles.first?.photo.sol ?? 0 })
    {
      guard let first = left.tiles.first?.photo, let other = right.tiles.first?.photo else {
        continue
      }
      pairs.append(StereoPair(left: first, right: other))
      for frame in [left, right] where frame.isTiled { tiled[frame.name] = frame }
    }
    return (pairs, tiled)
  }

  /// The pair of two image files whose records (`photos --json` of their sol, or a list of
  /// that kind) are in the file `records`: each file is the photo whose NASA id its name
  /// starts with. ``ImageFileError`` when the records do not read or do not name a file, or
  /// the two do not make a stereo pair.
  package static func pair(of leftPath: String, _ rightPath: String, records: String) throws
    -> StereoPair
  {
    let bytes = try ImageFile.read(records)
    let photos: [Photo]
    do {
      photos = try JSONDecoder().decode([Photo].self, from: Data(bytes))
    } catch {
      throw ImageFileError(
        name: records, reason: "it is not a list of photos as photos --json prints them")
    }
    func photo(_ path: String) throws -> Photo {
      let name = URL(fileURLWithPath: path).lastPathComponent
      guard
        let found = photos.filter({ !$0.nasaID.isEmpty && name.hasPrefix($0.nasaID) })
          .max(by: { $0.nasaID.count < $1.nasaID.count })
      else {
        throw ImageFileError(name: path, reason: "no record in \(records) is of this file")
      }
      return found
    }
    let (left, right) = (try photo(leftPath), try photo(rightPath))
    guard let pair = StereoPairing.pairs(in: [left, right], mastcam: true).first,
      pair.left.nasaID == left.nasaID
    else {
      throw ImageFileError(
        name: "\(leftPath) and \(rightPath)",
        reason: "they are not a left and a right frame taken together")
    }
    return pair
  }

  /// A value of each member.
  package init(
    client: APIClient?, mirror: URL?, folder: URL?, frame: TerrainFrame, disparities: Int,
    keepRanges: Bool
  ) {
    (self.client, self.mirror, self.folder, self.frame) = (client, mirror, folder, frame)
    (self.disparities, self.keepRanges) = (disparities, keepRanges)
  }

  /// The files a pair's terrain is written as, in the folder: `LEFT_ID-range.png`,
  /// `LEFT_ID-points.ply`, `LEFT_ID-mesh.glb`, after `prefix`.
  package static func files(of pair: StereoPair, in folder: URL, prefix: String = "") -> [URL] {
    let name = prefix + PhotoFileLayout.safe(pair.left.nasaID, fallback: "pair")
    return ["range.png", "points.ply", "mesh.glb"].map {
      folder.appendingPathComponent("\(name)-\($0)")
    }
  }

  /// Makes each pair's terrain, two at a time (each matches on a core of its own; more would
  /// hold more frames in memory), handing each to `each` in the pairs' order.
  /// What a killed run left half-written in the folder (hidden temporary files no writer
  /// holds) is removed first; a file where the folder goes is said before any pair is made.
  package func make(_ pairs: [StereoPair], each: (Made) throws -> Void) async throws {
    if let folder, try Directories.isThere(folder) { TemporaryFile.sweep(folder) }
    let maker = self
    try await pairs.orderedMap(limit: 2) { pair in
      await maker.make(pair)
    } each: {
      try each($0)
    }
  }

  /// Makes `pair`'s terrain; its failure is its own.
  package func make(_ pair: StereoPair) async -> Made {
    let targets = folder.map { Self.files(of: pair, in: $0, prefix: prefix) }
    if let targets, !keepRanges, targets.allSatisfy({ FileStatus.exists($0.path) }) {
      return Made(pair: pair, status: .skipped, files: targets.map(\.path))
    }
    var models: [CameraModel] = []
    var sizes: [(width: Int, height: Int)?] = []
    for photo in [pair.left, pair.right] {
      let whose = photo == pair.left ? "its record" : "its right frame \(photo.nasaID)"
      var model: CameraModel
      switch PanoramaFinder.model(of: photo) {
      case nil:
        return Made(pair: pair, status: .leftOut, reason: "\(whose) has no camera model")
      case .failure?:
        return Made(pair: pair, status: .leftOut, reason: "\(whose)'s camera model does not parse")
      case .success(let parsed)?:
        model = parsed
      }
      var size = photo.details.capture.pixelSize
      if let frame = tiled[photo.nasaID] {
        guard frame.missing.isEmpty else {
          let places = frame.missing.map(\.description).joined(separator: ", ")
          return Made(
            pair: pair, status: .leftOut,
            reason: "\(photo.nasaID)'s frame lacks its tiles at \(places)")
        }
        // The top-left tile's model, moved to the whole frame's grid.
        let place = frame.place(frame.tiles[0].rect)
        model = model.cropped(x: -Double(place.x), y: -Double(place.y))
        size = frame.pixelSize
      }
      models.append(model)
      sizes.append(size)
    }
    do {
      let (left, right) = try await frames(of: pair)
      let terrain = try Self.terrain(
        pair, left: left, right: right, models: (models[0], models[1]),
        sizes: (sizes[0], sizes[1]), disparities: disparities)
      let millimetres = terrain.millimetres()
      if let targets, let folder {
        // The files only when there is a folder to write them: --show alone draws the ranges.
        let transform: @Sendable (Vector3) -> Vector3
        do {
          transform = try frame.transform(model: models[0], capture: pair.left.details.capture)
        } catch {
          throw ImageFileError(name: pair.left.nasaID, reason: error.reason)
        }
        let files = try TerrainFiles(
          terrain: terrain, millimetres: millimetres, image: left, frame: frame,
          transform: transform, source: "\(pair.left.nasaID) and \(pair.right.nasaID)")
        try Directories.create(folder)
        for (bytes, target) in zip([files.range, files.points, files.mesh], targets) {
          try AtomicFile.write(bytes: bytes, to: target)
        }
      }
      return Made(
        pair: pair, status: .written, files: targets?.map(\.path) ?? [],
        summary: TerrainFiles.Summary(terrain),
        ranges: keepRanges ? (terrain.width, terrain.height, millimetres) : nil)
    } catch {
      return Made(pair: pair, status: .failed, failure: error)
    }
  }

  /// The two frames, fetched at once at full size or read from the mirror, each in colour
  /// when it is a Bayer mosaic.
  private func frames(of pair: StereoPair) async throws -> (RasterImage, RasterImage) {
    if tiled[pair.left.nasaID] != nil || tiled[pair.right.nasaID] != nil {
      async let left = developed(pair.left)
      async let right = developed(pair.right)
      return try await (left, right)
    }
    let inputs = [pair.left, pair.right].map { photo in
      MovieFrames.Input(
        name: photo.nasaID, photo: mirror == nil ? photo.resized(to: .full) : photo,
        path: files[photo.nasaID]
          ?? mirror.map { $0.appendingPathComponent(PhotoFileLayout.pathInSol(for: photo)).path })
    }
    let decoded = try await MovieFrames(
      client: client, jobs: 2, debayer: Debayering(enabled: true)
    ).decoded(inputs)
    guard decoded.count == 2 else {
      throw ImageFileError(name: pair.left.nasaID, reason: "its frames could not be read")
    }
    return (decoded[0].image, decoded[1].image)
  }

  /// The frame whose top-left tile (or only photo) is `photo`, whole: its tiles fetched at
  /// full size or read from the mirror and put together by their rectangles, in colour when
  /// it is a Bayer mosaic, as `develop` makes it. A fetch's own error when a tile's fails;
  /// ``ImageFileError`` when a tile is not in the mirror.
  private func developed(_ photo: Photo) async throws -> RasterImage {
    guard var frame = tiled[photo.nasaID] ?? FrameTiles.frames(in: [photo]).first else {
      throw ImageFileError(name: photo.nasaID, reason: "its frame could not be read")
    }
    if mirror == nil {
      for index in frame.tiles.indices {
        frame.tiles[index].photo.resize(to: .full)
      }
    }
    var tiles = DevelopTiles(client: client, jobs: 4, folder: mirror)
    // A tile the host does not give fails the pair as a frame not fetched does (69, 75).
    tiles.fetchFailureIsFatal = true
    let images = try await tiles.images(of: frame, paths: nil)
    let developed = try FrameDeveloper().develop(frame, images: images)
    guard developed.missing.isEmpty else {
      throw ImageFileError(
        name: frame.name,
        reason: "its tiles \(developed.missing.joined(separator: ", ")) could not be had")
    }
    return developed.image
  }

  /// The terrain of two decoded frames, each expected at `sizes` (its record's, or its tiles'
  /// together); ``ImageFileError`` when a frame is not the size its model is for (a copy NASA
  /// made smaller, or a mirror's) or the models make no pair.
  package static func terrain(
    _ pair: StereoPair, left: RasterImage, right: RasterImage,
    models: (CameraModel, CameraModel),
    sizes: ((width: Int, height: Int)?, (width: Int, height: Int)?), disparities: Int
  ) throws -> StereoTerrain {
    for (photo, image, size) in [(pair.left, left, sizes.0), (pair.right, right, sizes.1)] {
      guard let size, size.width == image.width, size.height == image.height
      else {
        throw ImageFileError(
          name: photo.nasaID,
          reason: "the file is \(image.width)×\(image.height), not the size its camera model"
            + " is for (a mirror's frames must be full size: download --size full)")
      }
    }
    guard
      let leftPlane = GreyPlane(
        width: left.width, height: left.height, pixels: left.luminancePlane()),
      let rightPlane = GreyPlane(
        width: right.width, height: right.height, pixels: right.luminancePlane()),
      let terrain = StereoTerrain(
        left: leftPlane, right: rightPlane, leftModel: models.0, rightModel: models.1,
        matcher: SemiGlobalMatcher(disparities: disparities))
    else {
      throw ImageFileError(name: pair.left.nasaID, reason: "its two cameras make no stereo pair")
    }
    return terrain
  }
}
