import MarsFetching
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Mirrors what is new for some rovers into a folder: the engine of `rovers sync`.
///
/// Reads each rover's manifest, picks the sols the journal does not record as finished at the
/// manifest's present count, and then fetches those sols' lists and their images in one task
/// group: a sol's images start as soon as its list arrives, while other lists are still on
/// their way, with at most ``MarsArchive/maxConcurrentRequests`` lists and
/// ``PhotoDownloader/jobs`` images in flight.
public struct PhotoSync: Sendable {
  /// Where the manifests and lists come from.
  public var archive: any PhotoArchive
  /// What fetches the images.
  public var downloader: PhotoDownloader
  /// Where the files go; its root holds the journal and the lock.
  public var layout: PhotoFileLayout
  /// Only these cameras (upper-cased); every camera when empty.
  public var cameras: [String]
  /// The first sol to mirror; without it a first run starts at the latest sol.
  public var sinceSol: Int?
  /// The image size to keep.
  public var size: ImageSize
  /// Where the journal is kept; `nil` for its file in the folder.
  public var stateStorage: (any SyncStateStorage)?
  /// What time it is: a parameter so that waiting a week can be tested without waiting.
  public var now: @Sendable () -> Date
  /// Only plan: list the sols' photos into ``Report/planned`` and write nothing, not even the
  /// lock or the journal.
  public var dryRun = false
  /// NASA's feeds, asked once per run which sols their latest downlink brought images for;
  /// those sols are listed again from the feeds, whatever the journal says, and every photo
  /// the folder lacks is fetched. `nil` to ask only ``archive``. The check and the lists it
  /// adds are extras, within ``window``.
  public var downlinks: (any DownlinkSource)?
  /// Where each rover's traverse comes from, asked beside the run as an extra within
  /// ``window``; its photos are saved with their places from the moment it comes. `nil` for
  /// none.
  public var traverseSource: (@Sendable (String) async throws -> Traverse)?
  /// The clock of the run's extras: the late-downlink check, its lists and the traverses go on
  /// while the main work (the manifests, the source's lists, the downloads) does, and are cut
  /// off two seconds after it.
  public var window = ExtraWindow()
  /// Walk the folder first (``MirrorCheck``) and list again every sol with a photo missing or
  /// damaged on disk.
  public var verifyFirst = false
  /// Whether the report keeps every download's result (``Report/results``). A caller that
  /// hears of each as it ends (`onResult`) and keeps what it needs sets this off, so that a
  /// first sync of a whole mission does not hold them all.
  public var keepsResults = true
  /// How many listed downloads may wait for a transfer before no further sol is listed: a few
  /// sols' worth, so the transfers never wait for a list, and not a whole mission's.
  var waitingDownloads = 2000
  /// How many of the last sols a run lists again from the feeds after a run that could not
  /// ask them about late downlinks: Mars Vista's window, which has caught late downlinks in
  /// practice (`latest_sols` names only the latest downlink's sols, so one missed is gone).
  public static let recheckedSols = 14

  /// Creates a sync.
  public init(
    archive: any PhotoArchive, downloader: PhotoDownloader, layout: PhotoFileLayout,
    cameras: [String] = [], sinceSol: Int? = nil, size: ImageSize = .large,
    stateStorage: (any SyncStateStorage)? = nil, now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.archive = archive
    self.downloader = downloader
    self.layout = layout
    self.cameras = cameras.map { $0.uppercased() }.sorted()
    self.sinceSol = sinceSol
    self.size = size
    self.stateStorage = stateStorage
    self.now = now
  }

  /// What a run did.
  public struct Report: Sendable {
    /// Every download attempted, unless ``PhotoSync/keepsResults`` is off.
    public var results: [DownloadResult] = []
    /// Rovers or sols whose lists could not be fetched.
    public var failures: [RoverOutcome<Void>] = []
    /// The sols left unfinished, or whose missing photos are no longer waited for.
    public var incomplete: [IncompleteSol] = []
    /// How many sols were looked at beyond their manifest entry.
    public var solsExamined = 0
    /// Whether the state could not be read and was set aside.
    public var recoveredState = false
    /// The manifest of each rover, as fetched for the plan.
    public var manifests: [String: PhotoManifest] = [:]
    /// With ``PhotoSync/dryRun``: what a run would download, files already there included.
    public var planned: [PhotoDownload] = []
    /// With ``PhotoSync/verifyFirst``: what the walk found before the run.
    public var verification: MirrorReport?
    /// The sols each rover's latest downlink named that this run listed again.
    public var lateSols: [String: [Int]] = [:]
    /// Rovers whose late downlinks NASA's feeds could not be asked about: what the source
    /// listed is saved, and the journal keeps the check owed for the next run.
    public var downlinkFailures: [RoverOutcome<Void>] = []
    /// Each rover's traverse, by the name as asked for, when it came in time.
    public var traverses: [String: Traverse] = [:]
    /// Rovers whose traverse could not be had this run.
    public var traverseFailures: [RoverOutcome<Void>] = []
  }

  /// Runs the sync under the folder's lock; throws ``SyncLockHeld`` at once if another sync
  /// holds it, ``FileSystemError`` when the folder cannot be written. `onListed` hears how
  /// many downloads each sol's list adds, for a progress total; `onResult`, each that ends.
  public func run(
    rovers: [String], onListed: @escaping @Sendable (Int) -> Void = { _ in },
    onResult: @escaping @Sendable (DownloadResult) -> Void = { _ in }
  ) async throws -> Report {
    if !dryRun { try Directories.create(layout.root) }
    let lock = dryRun ? nil : try SyncLock(folder: layout.root)
    defer { withExtendedLifetime(lock) {} }
    let storage = stateStorage ?? SyncStateFile(folder: layout.root)
    let journal = try SyncJournal(
      storage: dryRun ? ReadOnlyStorage(base: storage) : storage,
      folder: stateStorage == nil && !dryRun ? layout.root : nil)
    var state = SyncState(
      sync: self, journal: journal,
      plan: SolPlan(cameras: cameras, size: size, now: now().timeIntervalSince1970),
      report: Report(recoveredState: journal.recovered))
    if verifyFirst {
      let check = MirrorCheck(layout: layout)
      let verification = try check.run(rovers: rovers, journal: journal)
      if !dryRun { try check.removeDamaged(verification) }
      state.repair = verification.solsToRepair
      state.report.verification = verification
    }
    // A source that must list sols to count them (the feeds) is asked only from the start.
    let spans = Dictionary(
      rovers.map { rover in
        (rover, (sinceSol ?? journal.startSol(rover: rover)).map { SolSpan.sols($0...Int.max) })
      }, uniquingKeysWith: { first, _ in first })
    try await fetch(
      rovers, spans: spans, state: &state, onListed: onListed, onResult: onResult)
    // Made up for: a sol of the window whose list failed was recorded unfinished, and is
    // listed from the feeds again until it is whole.
    if !dryRun {
      for rover in state.madeUp where !state.catchUpFailed.contains(rover) {
        try journal.setDownlinksMissed(false, rover: rover)
      }
    }
    try journal.close()
    return state.report
  }

  enum Event: Sendable {
    case manifests([RoverOutcome<PhotoManifest>])
    case late([RoverOutcome<[Int]>])
    case traverses([RoverOutcome<Traverse>])
    /// The source's list of a sol.
    case listed(Int, Result<SolListing, any Error>)
    /// The feeds' list of a sol, an extra.
    case feedListed(Int, Result<SolListing, any Error>)
    /// A transfer ended: its slot is free, and a photo written whole waits to go in place.
    case transferred(Int, PhotoDownloader.Transfer)
    case fetched(Int, DownloadResult)

    /// The photo a transfer wrote, not yet in place.
    var written: PhotoDownloader.WrittenPhoto? {
      if case .transferred(_, .written(let photo)) = self { photo } else { nil }
    }
  }

  /// The manifests, lists and images in one group, each in its own window, with the extras
  /// (the late-downlink check, the feeds' lists, the traverses) beside them; once the main
  /// work is done, the extras have the window's grace.
  private func fetch(
    _ rovers: [String], spans: [String: SolSpan?], state: inout SyncState,
    onListed: @Sendable (Int) -> Void, onResult: @Sendable (DownloadResult) -> Void
  ) async throws {
    let archive = self.archive
    let downlinks = self.downlinks
    let window = self.window
    try await withThrowingTaskGroup(of: Event.self) { group in
      group.addTask {
        .manifests(
          try await window.main {
            try await fetchEachRover(rovers) { rover in
              try await archive.fetchManifest(rover: rover, span: (spans[rover] ?? nil) ?? .latest)
            }
          })
      }
      if let downlinks {
        group.addTask {
          .late(
            try await fetchEachRover(rovers) { rover in
              try await window.run { try await downlinks.latestDownlinkSols(rover: rover) ?? [] }
            })
        }
      }
      if let traverseSource, !dryRun {
        group.addTask {
          .traverses(
            try await fetchEachRover(rovers) { rover in
              try await window.run { try await traverseSource(rover) }
            })
        }
      }
      var queue: [(Int, PhotoDownload)] = []
      var queued = 0
      /// A photo's download ended: told, counted, and its sol finished once it was the last.
      func take(_ result: DownloadResult, _ index: Int) throws {
        onResult(result)
        try state.take(result, index)
      }
      while true {
        // Sols are listed ahead of their downloads only while few wait: lists come far
        // faster than images, and a first sync of a whole mission would otherwise hold every
        // download it will make (700,000) from its first minute.
        while state.listsInFlight < archive.maxConcurrentRequests,
          state.nextList < state.sols.count, queue.count - queued < waitingDownloads
        {
          let index = state.nextList
          let sol = state.sols[index]
          if !sol.feedsOnly {
            group.addTask { .listed(index, await fetchList(sol)) }
            state.listsInFlight += 1
            state.sols[index].listsPending += 1
          }
          if sol.fromFeeds, let downlinks, downlinks.covers(rover: sol.rover) {
            group.addTask {
              .feedListed(
                index,
                await Result {
                  try await window.run {
                    try await downlinks.fetchSolListing(
                      rover: sol.rover, sol: sol.manifest.sol, cameras: cameras)
                  }
                })
            }
            state.sols[index].listsPending += 1
          }
          state.nextList += 1
          if state.sols[index].listsPending == 0 { try state.finishIfDone(index) }
        }
        while state.transfersInFlight < downloader.transferWindow,
          state.commitsInFlight < PhotoDownloader.commitWindow, queued < queue.count
        {
          let (index, download) = queue[queued]
          group.addTask { .transferred(index, try await downloader.transfer(download)) }
          queued += 1
          state.transfersInFlight += 1
        }
        if queued > 4096 {
          queue.removeFirst(queued)
          queued = 0
        }
        // The main work is done once nothing but extras is left: they have the grace.
        if state.manifestsArrived, state.listsInFlight == 0, state.nextList == state.sols.count,
          queued == queue.count, state.transfersInFlight == 0, state.commitsInFlight == 0
        {
          window.endMainWork()
        }
        let event: Event
        do {
          guard let next = try await group.next() else { break }
          event = next
        } catch {
          // What was written whole goes in place; no journal line is written for it, so the
          // next run finds it there.
          await downloader.commitWritten(leftIn: &group, \.written, onResult: onResult)
          throw error
        }
        switch event {
        case .manifests(let outcomes):
          try state.plan(outcomes)
        case .late(let outcomes):
          try state.learnLate(outcomes)
        case .traverses(let outcomes):
          state.learnTraverses(outcomes)
        case .listed(let index, let result):
          state.listsInFlight -= 1
          queue += try state.listed(index, result, fromFeeds: false, onListed: onListed)
        case .feedListed(let index, let result):
          queue += try state.listed(index, result, fromFeeds: true, onListed: onListed)
        case .transferred(let index, .written(let photo)):
          state.transfersInFlight -= 1
          state.commitsInFlight += 1
          group.addTask { .fetched(index, try await downloader.commit(photo)) }
        case .transferred(let index, .finished(let result)):
          state.transfersInFlight -= 1
          try take(result, index)
        case .fetched(let index, let result):
          state.commitsInFlight -= 1
          try take(result, index)
        }
      }
    }
  }

  /// The sol's downloads: its photos once each (a list may name one twice while a sol is still
  /// filling), in the size asked for, less those gone from their host within the week.
  func prepare(
    _ progress: inout SolProgress, _ photos: [Photo], now: Double, traverse: Traverse?
  ) -> [PhotoDownload] {
    let folder = layout.folder(rover: progress.rover, sol: progress.manifest.sol)
    let recentlyGone = (SolRecordFile.read(in: folder)?.gone ?? []).filter {
      now - $0.since < SolPlan.patience
    }
    let downloads = DownloadPlanner.downloads(
      of: traverse?.placed(photos) ?? photos, rover: progress.rover,
      layout: layout, size: size,
      skipping: Set(recentlyGone.map(\.nasaID)))
    progress.listedIDs.formUnion(photos.map(\.nasaID))
    let listed = progress.listedIDs
    if let name = photos.first?.rover.name { progress.roverName = name }
    progress.listed = listed.count
    if progress.countFromListing {
      progress.manifest.totalPhotos = listed.count
      if progress.manifest.earthDate.isEmpty {
        progress.manifest.earthDate = photos.first?.earthDate ?? ""
      }
    }
    progress.gone = recentlyGone.filter { listed.contains($0.nasaID) }
    progress.pending += downloads.count
    return downloads
  }

  /// Writes what the sol holds now beside its photos, then appends its journal line: a line
  /// never says more than the disk holds.
  func finish(
    _ progress: SolProgress, _ journal: SyncJournal, _ plan: SolPlan, _ report: inout Report
  ) throws {
    let sol = progress.manifest.sol
    if !progress.saved.isEmpty || !progress.gone.isEmpty {
      try SolRecordFile.update(
        in: layout.folder(rover: progress.rover, sol: sol), rover: progress.roverName, sol: sol,
        saved: progress.saved, gone: progress.gone)
    }
    let previous = journal.entry(rover: progress.rover, sol: sol)
    let entry = plan.entry(for: progress, previous: previous)
    try journal.record(entry)
    // A sol the feeds could not list is said with the feeds' trouble, not as a short sol.
    guard entry.state != .complete,
      progress.failed > 0 || progress.disagreement != nil || !progress.feedsFailed
    else { return }
    report.incomplete.append(
      IncompleteSol(
        rover: progress.rover, sol: sol, listed: progress.listed,
        expected: progress.manifest.totalPhotos, failed: progress.failed,
        settled: entry.settled == true, disagreement: progress.disagreement))
  }

  /// Records a sol from the feeds whose list could not be fetched as unfinished, keeping what
  /// the journal knew of it.
  func recordUnfinished(_ progress: SolProgress, _ journal: SyncJournal) throws {
    let sol = progress.manifest.sol
    var entry =
      journal.entry(rover: progress.rover, sol: sol)
      ?? SolEntry(rover: progress.rover, sol: sol)
    entry.state = .incomplete
    entry.feeds = true
    try journal.record(entry)
  }

  /// One sol's listing from the source; a failure is kept for the report, cancellation ends
  /// the run.
  private func fetchList(_ item: SolProgress) async -> Result<SolListing, any Error> {
    // A sol whose manifest names none of the cameras asked for has nothing to fetch.
    if !cameras.isEmpty, !item.fromFeeds,
      !item.manifest.cameras.contains(where: { cameras.contains($0.uppercased()) })
    {
      return .success(SolListing(photos: []))
    }
    return await Result {
      try await archive.fetchSolListing(
        rover: item.rover, sol: item.manifest.sol, cameras: cameras)
    }
  }
}
