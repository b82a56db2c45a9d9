import MarsFetching
import PlainText
import RoverAPI
import Synchronization
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

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
  /// Puts the written photos in place, a batch at a time.
  private let commits: GroupCommit

  /// How many written photos may wait to be put in place while transfers go on: each holds
  /// an open file.
  static let commitWindow = 64

  /// Creates a downloader.
  public init(client: APIClient, jobs: Int = 8, force: Bool = false) {
    self.init(client: client, jobs: jobs, force: force, commits: GroupCommit())
  }

  /// How many written photos this downloader lets wait to be placed: ``commitWindow``, or a
  /// test's.
  let placingLimit: Int

  /// Creates a downloader whose photos go in place through `commits`, at most `placingLimit`
  /// of them waiting at once.
  init(
    client: APIClient, jobs: Int, force: Bool, commits: GroupCommit,
    placingLimit: Int = commitWindow
  ) {
    self.client = client
    self.jobs = max(1, jobs)
    self.force = force
    self.commits = commits
    self.placingLimit = max(1, placingLimit)
  }

  /// How many transfers are handed to the client at once: `jobs`, or twice that when the
  /// transport itself keeps to `jobs` on the wire and holds the rest back, so that the next
  /// transfer starts the moment one ends rather than once this task has heard of it.
  var transferWindow: Int {
    guard let onWire = client.transport.connectionsPerHost, onWire <= jobs else { return jobs }
    return 2 * jobs
  }

  /// What a transfer leaves.
  enum Transfer: Sendable {
    /// The download's result: nothing was written (skipped, gone, failed).
    case finished(DownloadResult)
    /// The photo is written whole to its temporary file, and waits to be put in place.
    case written(WrittenPhoto)
  }

  /// A photo written whole, not yet under its real name.
  struct WrittenPhoto: Sendable {
    let download: PhotoDownload
    let file: PhotoFile
  }

  /// Downloads everything, telling `onResult` of each download as it ends (also when the run
  /// is later cancelled, so a caller can report what was done).
  ///
  /// ``transferWindow`` workers each take the next photo as their last one is written: a
  /// transfer's slot is free once its bytes are written, and putting the photo in place (a
  /// sync of the disk) goes on beside the next transfers, so a slow disk does not slow them.
  /// A photo costs no task of its own: at thousands of photos a run, a task and the thread
  /// hops to start it, wait for it and hear of it cost more CPU than its transfer.
  ///
  /// Throws ``FileSystemError`` when a file cannot be written and `CancellationError` when
  /// cancelled; the files already written stay, and are put in place before it returns.
  public func run(
    _ downloads: [PhotoDownload], onResult: @escaping @Sendable (DownloadResult) -> Void = { _ in }
  ) async throws -> [DownloadResult] {
    try Task.checkCancellation()
    let run = DownloadRun(count: downloads.count, onResult: onResult)
    do {
      try await withThrowingTaskGroup(of: Void.self) { group in
        let executor = client.transport.taskExecutor
        for _ in 0..<min(transferWindow, downloads.count) {
          group.addTask(executorPreference: executor) { try await work(downloads, run) }
        }
        try await group.waitForAll()
      }
    } catch {
      commits.hurry()
      await run.allPlaced()
      throw error
    }
    // Nothing more is coming: the last photos go in place without waiting for company.
    commits.hurry()
    await run.allPlaced()
    if let failure = run.failure { throw failure }
    return run.takeResults()
  }

  /// One worker of a run: fetches photo after photo until none is left, handing each one
  /// written to the group commit and going on at once, unless ``placingLimit`` photos are
  /// being placed already: then it places its own and waits for it.
  private func work(_ downloads: [PhotoDownload], _ run: DownloadRun) async throws {
    while let index = try run.take() {
      try Task.checkCancellation()
      switch try await transfer(downloads[index]) {
      case .finished(let result): run.record(result, at: index)
      case .written(let photo):
        guard run.startPlacing(limit: placingLimit) else {
          run.record(try await commit(photo), at: index)
          continue
        }
        photo.file.commit(through: commits) { outcome in
          run.placed(outcome.map { Self.placed(photo) }, at: index)
        }
      }
    }
  }

  /// Ends a run that failed or was cancelled: the group's tasks are cancelled, and each
  /// photo a transfer had written whole still goes in place, and is told.
  func commitWritten<Element: Sendable>(
    leftIn group: inout ThrowingTaskGroup<Element, any Error>,
    _ written: (Element) -> WrittenPhoto?,
    onResult: (DownloadResult) -> Void
  ) async {
    group.cancelAll()
    while let left = await group.nextResult() {
      guard case .success(let element) = left, let photo = written(element),
        let result = try? await commit(photo)
      else { continue }
      onResult(result)
    }
  }

  /// Fetches one photo into its file and puts it in place, unless it is there already (or,
  /// from an earlier version, under its old name, which is then moved to the new one).
  public func fetch(_ download: PhotoDownload) async throws -> DownloadResult {
    switch try await transfer(download) {
    case .finished(let result): return result
    case .written(let photo): return try await commit(photo)
    }
  }

  /// Fetches one photo into a temporary file, unless it is there already.
  func transfer(_ download: PhotoDownload) async throws -> Transfer {
    let target = download.destinationPath
    // A folder this run made held nothing before it: no file there to look for. A file
    // another process writes there meanwhile is still found, under the temporary file's lock.
    let isNew = try folders.prepare(Self.folder(of: target))
    if !force, !isNew, isPresent(download) {
      return .finished(DownloadResult(download: download, status: .skipped))
    }
    // The address is the server's data: one that is not http(s) is a fault of the data.
    guard let url = URL(string: download.photo.imgSrc) else {
      return .finished(
        DownloadResult(download: download, status: .failed(invalidAddress(download))))
    }
    guard let file = try await PhotoFile.create(for: target, skipIfPresent: !force) else {
      return .finished(DownloadResult(download: download, status: .skipped))
    }
    do {
      try await client.download(from: url, into: file)
      try Task.checkCancellation()
      return .written(WrittenPhoto(download: download, file: file))
    } catch let error as APIError {
      file.discard()
      if case .invalidRequest = error {
        return .finished(
          DownloadResult(download: download, status: .failed(invalidAddress(download))))
      }
      if case .status(_, let answer) = error, [404, 410].contains(answer.status) {
        return .finished(DownloadResult(download: download, status: .gone(error)))
      }
      return .finished(DownloadResult(download: download, status: .failed(error)))
    } catch {
      file.discard()
      throw error
    }
  }

  /// Puts a written photo in place: synced to disk, then under its real name. A photo
  /// written whole is kept even when the run is cancelled meanwhile.
  func commit(_ photo: WrittenPhoto) async throws -> DownloadResult {
    try await photo.file.commit(through: commits)
    return Self.placed(photo)
  }

  /// The result of a photo put in place.
  private static func placed(_ photo: WrittenPhoto) -> DownloadResult {
    DownloadResult(download: photo.download, status: .downloaded(bytes: photo.file.length))
  }

  /// Whether the photo's file is there, moving it from its legacy name first if need be.
  private func isPresent(_ download: PhotoDownload) -> Bool {
    let target = download.destinationPath
    if FileStatus.exists(target) { return true }
    guard let legacy = download.legacyPath, FileStatus.exists(legacy) else { return false }
    // Same folder, one rename: the photo is never absent under both names.
    return POSIX.rename(legacy, target) || FileStatus.exists(legacy)
  }

  /// The folder a file's path is in.
  static func folder(of path: String) -> String {
    guard let slash = UTF8Scan.lastIndex(of: UInt8(ascii: "/"), in: path) else { return "." }
    return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
  }

  private func invalidAddress(_ download: PhotoDownload) -> APIError {
    .undecodable(
      request: "GET \(OneLine.clean(download.photo.imgSrc))",
      problem: "the photo's img_src is not an http or https address")
  }
}
