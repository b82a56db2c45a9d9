import MarsFetching
import MarsMirror
import RasterImages
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The decoded tiles of a frame: fetched `-j` at a time, read from a folder `download` or
/// `sync` filled, or read from the files given.
package struct DevelopTiles: Sendable {
  /// Fetches when there is no folder and no file.
  package let client: APIClient?
  package let jobs: Int
  /// A sol's folder of a mirror, whose camera folders hold the tiles.
  package let folder: URL?
  /// Whether a fetch that fails fails the run with its own error (terrain, which needs every
  /// tile), rather than leaving the tile missing (develop, which draws the hole).
  package var fetchFailureIsFatal = false

  /// Each tile's image by NASA id. A tile that cannot be had (no file in the folder, a fetch
  /// that fails, unless ``fetchFailureIsFatal``) is left out, so the frame lists it as
  /// missing; one that does not decode fails the run (65), naming it.
  package func images(of frame: FrameTiles, paths: [String: String]?) async throws
    -> [String: RasterImage]
  {
    var images: [String: RasterImage] = [:]
    let (client, folder, fatal) = (self.client, self.folder, fetchFailureIsFatal)
    try await frame.tiles.orderedMap(limit: jobs) { tile in
      await Result(awaiting: {
        try await Self.image(
          of: tile.photo, path: paths?[tile.photo.nasaID], folder, client, fatal: fatal)
      })
    } each: { result in
      if let (name, image) = try result.get() { images[name] = image }
    }
    return images
  }

  private static func image(
    of photo: Photo, path: String?, _ folder: URL?, _ client: APIClient?, fatal: Bool
  ) async throws -> (String, RasterImage)? {
    let bytes: [UInt8]
    let file = path ?? folder?.appendingPathComponent(PhotoFileLayout.pathInSol(for: photo)).path
    if let file {
      // A tile a mirror lacks is missing; a file named on the command line must be there
      // (65 when it is not, as Show.read says).
      if path == nil, !FileManager.default.fileExists(atPath: file) { return nil }
      bytes = try ImageFile.read(file)
    } else if let client, let url = URL(string: photo.imgSrc) {
      do {
        bytes = try await client.fetchImage(url, limit: ImageFile.limit)
      } catch {
        if fatal { throw error }
        return nil
      }
    } else {
      return nil
    }
    do {
      return (photo.nasaID, try ImageDecoder.decode(bytes))
    } catch let error as ImageError {
      throw ImageFileError(name: file ?? photo.nasaID, reason: error.reason)
    }
  }

  /// A value of each member.
  package init(client: APIClient?, jobs: Int, folder: URL?) {
    self.client = client
    self.jobs = jobs
    self.folder = folder
  }
}
