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

  /// Creates a download.
  public init(photo: Photo, destination: URL, relativePath: String) {
    self.photo = photo
    self.destination = destination
    self.relativePath = relativePath
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
    if case .failed = status { return false }
    return true
  }
}
