import Foundation
import RoverAPI

/// One photo to keep on disk: where it comes from and where it goes.
public struct PhotoDownload: Sendable {
  /// The photo.
  public var photo: Photo
  /// Where the file goes.
  public var destination: URL
  /// The destination below the output folder, for messages and `--json`.
  public var relativePath: String
  /// Where an earlier version of the tool kept the same photo, if anywhere: a file there is
  /// moved to ``destination`` instead of being fetched again.
  public var legacyDestination: URL?

  /// Creates a download.
  public init(
    photo: Photo, destination: URL, relativePath: String, legacyDestination: URL? = nil
  ) {
    self.photo = photo
    self.destination = destination
    self.relativePath = relativePath
    self.legacyDestination = legacyDestination
  }

  /// The download of `photo` into `layout`.
  public init(_ photo: Photo, rover: String, layout: PhotoFileLayout) {
    let path = layout.relativePath(for: photo, rover: rover)
    self.init(
      photo: photo, destination: layout.root.appendingPathComponent(path), relativePath: path,
      legacyDestination: layout.legacyRelativePath(for: photo, rover: rover).map {
        layout.root.appendingPathComponent($0)
      })
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
