import Foundation
import RoverAPI

/// Downloads photos into their files with at most `jobs` transfers in flight.
///
/// A sliding window, not batches: a new transfer starts as soon as one ends, so one slow image
/// never stalls the rest. A photo that still fails after the client's retries is recorded and
/// the others go on; a file that cannot be written ends the whole run, since every file after
/// it would fail the same way.
public struct PhotoDownloader: Sendable {
  /// Fetches the bytes, with retries and timeouts.
  public var client: APIClient
  /// The most transfers in flight.
  public var jobs: Int
  /// Whether files already on disk are fetched again.
  public var force: Bool

  /// Creates a downloader.
  public init(client: APIClient, jobs: Int = 8, force: Bool = false) {
    self.client = client
    self.jobs = max(1, jobs)
    self.force = force
  }

  /// Downloads everything, telling `onResult` of each download as it ends (also when the run
  /// is later cancelled, so a caller can report what was done).
  ///
  /// Throws ``FileSystemError`` when a file cannot be written and `CancellationError` when
  /// cancelled; the files already written stay.
  public func run(
    _ downloads: [PhotoDownload], onResult: @escaping @Sendable (DownloadResult) -> Void = { _ in }
  ) async throws -> [DownloadResult] {
    try await downloads.concurrentMap(limit: jobs) { download in
      let result = try await fetch(download)
      onResult(result)
      return result
    }
  }

  private func fetch(_ download: PhotoDownload) async throws -> DownloadResult {
    let target = download.destination
    if !force, FileManager.default.fileExists(atPath: target.path) {
      return DownloadResult(download: download, status: .skipped)
    }
    let data: Data
    do {
      // The address is the server's data: one that is not http(s) is a fault of the data.
      guard let url = URL(string: download.photo.imgSrc),
        ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host?.isEmpty == false
      else {
        throw APIError.undecodable(
          request: "GET \(OneLine.clean(download.photo.imgSrc))",
          problem: "the photo's img_src is not an http or https address")
      }
      data = try await client.fetchData(from: url)
    } catch let error as APIError {
      return DownloadResult(download: download, status: .failed(error))
    }
    try Task.checkCancellation()
    try Directories.create(target.deletingLastPathComponent())
    switch try AtomicFile.write(data, to: target, replacing: force) {
    case .written: return DownloadResult(download: download, status: .downloaded(bytes: data.count))
    case .alreadyThere: return DownloadResult(download: download, status: .skipped)
    }
  }
}
