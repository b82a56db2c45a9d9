import Foundation
import RoverAPI
import Synchronization
import SystemInterface

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
  /// The folders this run has made or cleared of left-over temporary files.
  private let folders = PreparedFolders()

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

  /// Fetches one photo into its file, unless it is there already (or, from an earlier
  /// version, under its old name, which is then moved to the new one).
  public func fetch(_ download: PhotoDownload) async throws -> DownloadResult {
    let target = download.destinationPath
    // A folder this run made held nothing before it: no file there to look for. A file
    // another process writes there meanwhile is still found, under the temporary file's lock.
    let isNew = try folders.prepare(Self.folder(of: target))
    if !force, !isNew, isPresent(download) {
      return DownloadResult(download: download, status: .skipped)
    }
    // The address is the server's data: one that is not http(s) is a fault of the data.
    guard let url = URL(string: download.photo.imgSrc) else {
      return DownloadResult(download: download, status: .failed(invalidAddress(download)))
    }
    guard let file = try await PhotoFile.create(for: target, skipIfPresent: !force) else {
      return DownloadResult(download: download, status: .skipped)
    }
    do {
      try await client.download(from: url, into: file)
      try Task.checkCancellation()
      try await file.commit()
      return DownloadResult(download: download, status: .downloaded(bytes: file.length))
    } catch let error as APIError {
      file.discard()
      if case .invalidRequest = error {
        return DownloadResult(download: download, status: .failed(invalidAddress(download)))
      }
      if case .status(_, let answer) = error, [404, 410].contains(answer.status) {
        return DownloadResult(download: download, status: .gone(error))
      }
      return DownloadResult(download: download, status: .failed(error))
    } catch {
      file.discard()
      throw error
    }
  }

  /// Whether the photo's file is there, moving it from its legacy name first if need be.
  private func isPresent(_ download: PhotoDownload) -> Bool {
    let target = download.destinationPath
    if FileManager.default.fileExists(atPath: target) { return true }
    guard let legacy = download.legacyPath, FileManager.default.fileExists(atPath: legacy)
    else { return false }
    // Same folder, one rename: the photo is never absent under both names.
    return POSIX.rename(legacy, target) || FileManager.default.fileExists(atPath: legacy)
  }

  /// The folder a file's path is in.
  static func folder(of path: String) -> String {
    guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "." }
    return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
  }

  private func invalidAddress(_ download: PhotoDownload) -> APIError {
    .undecodable(
      request: "GET \(OneLine.clean(download.photo.imgSrc))",
      problem: "the photo's img_src is not an http or https address")
  }
}

/// The folders a run writes photos to, each made if missing and cleared of left-over
/// temporary files once: a run never walks a mirror of a whole mission, and never looks again
/// at a folder it has seen.
final class PreparedFolders: Sendable {
  /// Each folder seen, with whether this run made it.
  private let seen = Mutex<[String: Bool]>([:])

  /// Makes `folder` if it is missing and sweeps it the first time; returns whether this run
  /// made it, in which case nothing was in it but what the run put there.
  func prepare(_ folder: String) throws -> Bool {
    if let made = seen.withLock({ $0[folder] }) { return made }
    let made = try Directories.create(URL(fileURLWithPath: folder))
    if !made { TemporaryFile.sweep(URL(fileURLWithPath: folder)) }
    // Two downloads may prepare the same folder at once: the one that made it says so.
    return seen.withLock { seen in
      let known = (seen[folder] ?? false) || made
      seen[folder] = known
      return known
    }
  }
}
