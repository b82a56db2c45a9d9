import Foundation
import RoverAPI

/// Mirrors what is new for some rovers into a folder: the engine of `rovers sync`.
///
/// Reads each rover's manifest, picks the sols whose photos are not all on disk yet (from the
/// state file), fetches those sols' photo lists at once and downloads what is new.
public struct PhotoSync: Sendable {
  /// Where the lists come from.
  public var archive: MarsArchive
  /// What fetches the images.
  public var downloader: PhotoDownloader
  /// Where the files go; its root holds the state and the lock.
  public var layout: PhotoFileLayout
  /// Only these cameras (upper-cased); every camera when empty.
  public var cameras: [String]
  /// The first sol to mirror; without it a first run starts at the latest sol.
  public var sinceSol: Int?

  /// Creates a sync.
  public init(
    archive: MarsArchive, downloader: PhotoDownloader, layout: PhotoFileLayout,
    cameras: [String] = [], sinceSol: Int? = nil
  ) {
    self.archive = archive
    self.downloader = downloader
    self.layout = layout
    self.cameras = cameras.map { $0.uppercased() }.sorted()
    self.sinceSol = sinceSol
  }

  /// What a run did.
  public struct Report: Sendable {
    /// Every download attempted.
    public var results: [DownloadResult] = []
    /// Rovers or sols whose lists could not be fetched.
    public var failures: [RoverOutcome<Void>] = []
    /// How many sols were looked at beyond their manifest entry.
    public var solsExamined = 0
    /// Whether the state file was unreadable and started afresh.
    public var recoveredState = false
  }

  private struct SolWork: Sendable {
    var rover: String
    var entry: ManifestEntry
    var known: Set<Int>
  }

  /// Runs the sync under the folder's lock; throws ``SyncLockHeld`` at once if another sync
  /// holds it, ``FileSystemError`` when the folder cannot be written.
  public func run(
    rovers: [String], onResult: @escaping @Sendable (DownloadResult) -> Void = { _ in }
  )
    async throws -> Report
  {
    try Directories.create(layout.root)
    let lock = try SyncLock(folder: layout.root)
    defer { withExtendedLifetime(lock) {} }
    let file = SyncStateFile(folder: layout.root)
    let (saved, recovered) = try file.load()
    let ledger = SyncLedger(state: saved, file: file, cameras: cameras)
    var report = Report(recoveredState: recovered)
    for rover in rovers { AtomicFile.removeStaleParts(below: layout.folder(rover: rover)) }

    var work: [SolWork] = []
    for outcome in try await archive.fetchManifestOutcomes(rovers: rovers) {
      guard let manifest = outcome.value else {
        report.failures.append(RoverOutcome(rover: outcome.rover, result: .failure(outcome.error!)))
        continue
      }
      work += plan(outcome.rover, manifest, saved, ledger)
    }
    report.solsExamined = work.count
    let lists = try await work.concurrentMap(limit: archive.maxConcurrentRequests) { item in
      (item, await fetchList(item))
    }
    var downloads: [PhotoDownload] = []
    var sols: [String: SyncLedger.SolKey] = [:]
    for (item, list) in lists {
      guard case .success(let photos) = list else {
        report.failures.append(RoverOutcome(rover: item.rover, result: list.map { _ in () }))
        continue
      }
      let key = SyncLedger.SolKey(rover: item.rover, sol: item.entry.sol)
      let new = photos.filter { !item.known.contains($0.id) }
      ledger.begin(key, newPhotos: new.count, manifestCount: item.entry.totalPhotos)
      for photo in new {
        let path = layout.relativePath(for: photo, rover: item.rover)
        guard sols[path] == nil else { continue }
        sols[path] = key
        downloads.append(
          PhotoDownload(
            photo: photo, destination: layout.root.appendingPathComponent(path), relativePath: path)
        )
      }
    }
    let solOfPath = sols
    report.results = try await downloader.run(downloads) { result in
      if let key = solOfPath[result.download.relativePath] { ledger.record(result, for: key) }
      onResult(result)
    }
    if let error = ledger.saveError { throw error }
    return report
  }

  /// The sols of one rover to look at: from the start sol on, those not complete at the
  /// manifest's present count with the present camera filter.
  private func plan(
    _ rover: String, _ manifest: PhotoManifest, _ saved: SyncState, _ ledger: SyncLedger
  ) -> [SolWork] {
    let record = saved.rovers[rover]
    let start = sinceSol ?? record?.startSol ?? manifest.maxSol
    ledger.setStart(start, rover: rover)
    return manifest.photos.filter { $0.sol >= start }.compactMap { entry in
      let sol = record?.sols[String(entry.sol)]
      if sol?.completeAt == entry.totalPhotos, sol?.cameras == cameras { return nil }
      return SolWork(rover: rover, entry: entry, known: Set(sol?.photoIDs ?? []))
    }
  }

  /// One sol's photos; a failure is kept for the report, cancellation ends the run.
  private func fetchList(_ item: SolWork) async -> Result<[Photo], any Error> {
    // A sol whose manifest names none of the cameras asked for has nothing to fetch.
    if !cameras.isEmpty, !item.entry.cameras.contains(where: { cameras.contains($0.uppercased()) })
    {
      return .success([])
    }
    do {
      return .success(
        try await archive.fetchPhotos(
          rover: item.rover, on: .sol(item.entry.sol), cameras: cameras,
          expectedCount: cameras.isEmpty ? item.entry.totalPhotos : nil))
    } catch {
      return .failure(error)
    }
  }
}
