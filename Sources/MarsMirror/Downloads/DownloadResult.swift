import MarsFetching
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One photo to keep on disk: where it comes from and where it goes.
///
/// Places are kept as paths, which is all the file calls take: a run plans thousands of these,
/// and a `URL` costs a parse for each one made and each path read.
public struct PhotoDownload: Sendable {
  /// The photo.
  public var photo: Photo
  /// Where the file goes, as an absolute path.
  public var destinationPath: String
  /// The destination below the output folder, for messages and `--json`.
  public var relativePath: String
  /// Where an earlier version of the tool kept the same photo, if anywhere: a file there is
  /// moved to ``destinationPath`` instead of being fetched again.
  public var legacyPath: String?

  /// Where the file goes.
  public var destination: URL { URL(fileURLWithPath: destinationPath) }

  /// Creates a download.
  public init(photo: Photo, destinationPath: String, relativePath: String, legacyPath: String?) {
    self.photo = photo
    self.destinationPath = destinationPath
    self.relativePath = relativePath
    self.legacyPath = legacyPath
  }

  /// The download of `photo` into `layout`.
  public init(_ photo: Photo, rover: String, layout: PhotoFileLayout) {
    self.init(
      photo, root: Self.root(of: layout),
      folder: PhotoFileLayout.folderPath(rover: rover, photo: photo))
  }

  /// The download of `photo` into `folder` (its ``PhotoFileLayout/folderPath(rover:photo:)``)
  /// below `root` (``root(of:)``), as a planner makes them by the thousand.
  init(_ photo: Photo, root: String, folder: String) {
    let paths = PhotoFileLayout.relativePaths(for: photo, inFolder: folder)
    self.init(
      photo: photo, destinationPath: root + paths.current, relativePath: paths.current,
      legacyPath: paths.legacy.map { root + $0 })
  }

  /// A layout's root with a slash at its end.
  static func root(of layout: PhotoFileLayout) -> String {
    layout.rootPath.hasSuffix("/") ? layout.rootPath : layout.rootPath + "/"
  }
}

/// What became of one download.
public struct DownloadResult: Sendable {
  /// How a download ended.
  public enum Status: Sendable {
    /// Fetched and written: this many bytes.
    case downloaded(bytes: Int)
    /// Already on disk, left alone.
    case skipped
    /// The image host answered 404 or 410: the photo is gone from it, not the server down.
    case gone(any Error)
    /// Not fetched, with the reason.
    case failed(any Error)
  }

  /// The download.
  public var download: PhotoDownload
  /// How it ended.
  public var status: Status

  /// Creates a result.
  public init(download: PhotoDownload, status: Status) {
    self.download = download
    self.status = status
  }

  /// Whether the file is on disk now.
  public var isOnDisk: Bool {
    switch status {
    case .downloaded, .skipped: true
    case .gone, .failed: false
    }
  }
}
