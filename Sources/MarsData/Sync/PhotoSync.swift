import Foundation
import RoverAPI

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
  /// the folder lacks is fetched. `nil` to ask only ``archive``.
  public var downlinks: (any DownlinkSource)?
  /// Walk the folder first (``MirrorCheck``) and list again every sol with a photo missing or
  /// damaged on disk.
  public var verifyFirst = false
  /// How many of the last sols a run lists again from the feeds after a run that could not
  /// ask them about late downlinks: Mars Vista's window, which has caught late downlinks in
  /// practice (`latest_sols` names only the latest downlink's sols, so one missed is gone).
  public static let recheckedSols = 14
  /// Each rover's traverse, by the name as asked for: its photos are saved with their places.
  public var traverses: [String: Traverse] = [:]

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
    /// Every download attempted.
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
    let plan = SolPlan(cameras: cameras, size: size, now: now().timeIntervalSince1970)
    var report = Report(recoveredState: journal.recovered)
    var work: [SolProgress] = []
    // A source that must list sols to count them (the feeds) is asked only from the start.
    let archive = self.archive
    let spans = Dictionary(
      rovers.map { rover in
        (rover, (sinceSol ?? journal.startSol(rover: rover)).map { SolSpan.sols($0...Int.max) })
      }, uniquingKeysWith: { first, _ in first })
    async let late = fetchEachRover(rovers) { [downlinks] rover in
      try await downlinks?.latestDownlinkSols(rover: rover) ?? []
    }
    let manifests = try await fetchEachRover(rovers) { rover in
      try await archive.fetchManifest(rover: rover, span: (spans[rover] ?? nil) ?? .latest)
    }
    let lateSols = try await late
    var repair: [String: Set<Int>] = [:]
    if verifyFirst {
      let check = MirrorCheck(layout: layout)
      let verification = try check.run(rovers: rovers, journal: journal)
      if !dryRun { try check.removeDamaged(verification) }
      repair = verification.solsToRepair
      report.verification = verification
    }
    // A check that could not be made is not a failure of the mirror, but it is owed: the
    // journal keeps it until a run makes up for it.
    for outcome in lateSols where outcome.error != nil {
      report.downlinkFailures.append(
        RoverOutcome(rover: outcome.rover, result: outcome.result.map { _ in }))
      if !dryRun { try journal.setDownlinksMissed(true, rover: outcome.rover) }
    }
    var madeUp: [String] = []
    for outcome in manifests {
      guard let manifest = outcome.value else {
        report.failures.append(
          RoverOutcome(rover: outcome.rover, result: outcome.result.map { _ in }))
        continue
      }
      let rover = outcome.rover
      report.manifests[rover] = manifest
      let start = sinceSol ?? journal.startSol(rover: rover) ?? manifest.maxSol
      try journal.setStart(start, rover: rover)
      let named = lateSols.first { $0.rover == rover }?.value
      var late = Set((named ?? []).filter { $0 >= start })
      if let named, downlinks?.covers(rover: rover) == true,
        journal.downlinksMissed(rover: rover)
      {
        // A downlink that landed while the feeds were out of reach is named no more: the last
        // sols the mirror holds are listed from the feeds again.
        let latest = max(manifest.maxSol, named.max() ?? 0)
        let window = (latest - Self.recheckedSols + 1)...latest
        late.formUnion(journal.sols(rover: rover).filter { $0 >= start && window.contains($0) })
        madeUp.append(rover)
      }
      if !late.isEmpty { report.lateSols[rover] = late.sorted() }
      let forced = late.union(repair[rover] ?? [])
      var planned = Set<Int>()
      for entry in manifest.photos where entry.sol >= start {
        let recorded = journal.entry(rover: rover, sol: entry.sol)
        guard forced.contains(entry.sol) || plan.needsWork(entry, recorded: recorded) else {
          continue
        }
        var progress = SolProgress(rover: rover, manifest: entry)
        progress.fromFeeds = forced.contains(entry.sol) || recorded?.feeds == true
        work.append(progress)
        planned.insert(entry.sol)
      }
      // Sols the manifest does not have (its server never scraped them): what the feeds and
      // the folder say, and unfinished ones from earlier runs.
      let unfinished = journal.sols(rover: rover).filter { sol in
        sol >= start && journal.entry(rover: rover, sol: sol)?.feeds == true
      }
      for sol in forced.union(unfinished).subtracting(planned).sorted() {
        var progress = SolProgress(
          rover: rover,
          manifest: ManifestEntry(sol: sol, earthDate: "", totalPhotos: 0, cameras: []))
        progress.fromFeeds = true
        progress.countFromListing = true
        work.append(progress)
      }
    }
    report.solsExamined = work.count
    try await fetch(
      work, journal: journal, plan: plan, report: &report, onListed: onListed,
      onResult: onResult)
    // Made up for: a sol of the window whose list failed was recorded unfinished, and is
    // listed from the feeds again until it is whole.
    if !dryRun { for rover in madeUp { try journal.setDownlinksMissed(false, rover: rover) } }
    try journal.close()
    return report
  }

  private enum Event: Sendable {
    case listed(Int, Result<SolListing, any Error>)
    /// A transfer ended: its slot is free, and a photo written whole waits to go in place.
    case transferred(Int, PhotoDownloader.Transfer)
    case fetched(Int, DownloadResult)

    /// The photo a transfer wrote, not yet in place.
    var written: PhotoDownloader.WrittenPhoto? {
      if case .transferred(_, .written(let photo)) = self { photo } else { nil }
    }
  }

  /// Lists and images in one group, each in its own window.
  private func fetch(
    _ work: [SolProgress], journal: SyncJournal, plan: SolPlan, report: inout Report,
    onListed: @Sendable (Int) -> Void, onResult: @Sendable (DownloadResult) -> Void
  ) async throws {
    var sols = work
    try await withThrowingTaskGroup(of: Event.self) { group in
      var nextList = 0
      var listsInFlight = 0
      var queue: [(Int, PhotoDownload)] = []
      var queued = 0
      var transfersInFlight = 0
      var commitsInFlight = 0
      /// A photo's download ended: told, counted, and its sol finished once it was the last.
      func take(_ result: DownloadResult, _ index: Int) throws {
        onResult(result)
        report.results.append(result)
        sols[index].record(result, now: plan.now)
        if sols[index].pending == 0 { try finish(sols[index], journal, plan, &report) }
      }
      while true {
        while listsInFlight < archive.maxConcurrentRequests, nextList < sols.count {
          let index = nextList
          let sol = sols[index]
          group.addTask { .listed(index, await fetchList(sol)) }
          nextList += 1
          listsInFlight += 1
        }
        while transfersInFlight < downloader.transferWindow,
          commitsInFlight < PhotoDownloader.commitWindow, queued < queue.count
        {
          let (index, download) = queue[queued]
          group.addTask { .transferred(index, try await downloader.transfer(download)) }
          queued += 1
          transfersInFlight += 1
        }
        if queued > 4096 {
          queue.removeFirst(queued)
          queued = 0
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
        case .listed(let index, .failure(let error)):
          listsInFlight -= 1
          report.failures.append(RoverOutcome(rover: sols[index].rover, result: .failure(error)))
          // A sol from the manifest is looked at again next run anyway; one the feeds named is
          // recorded unfinished, since their next answer may no longer name it.
          if sols[index].fromFeeds, !dryRun { try recordUnfinished(sols[index], journal, plan) }
        case .listed(let index, .success(let listing)):
          listsInFlight -= 1
          sols[index].disagreement = listing.disagreement
          let downloads = prepare(&sols[index], listing.photos, now: plan.now)
          if dryRun {
            report.planned += downloads
            continue
          }
          onListed(downloads.count)
          queue += downloads.map { (index, $0) }
          if sols[index].pending == 0 { try finish(sols[index], journal, plan, &report) }
        case .transferred(let index, .written(let photo)):
          transfersInFlight -= 1
          commitsInFlight += 1
          group.addTask { .fetched(index, try await downloader.commit(photo)) }
        case .transferred(let index, .finished(let result)):
          transfersInFlight -= 1
          try take(result, index)
        case .fetched(let index, let result):
          commitsInFlight -= 1
          try take(result, index)
        }
      }
    }
  }

  /// The sol's downloads: its photos once each (a list may name one twice while a sol is still
  /// filling), in the size asked for, less those gone from their host within the week.
  private func prepare(_ progress: inout SolProgress, _ photos: [Photo], now: Double)
    -> [PhotoDownload]
  {
    let folder = layout.folder(rover: progress.rover, sol: progress.manifest.sol)
    let recentlyGone = (SolRecordFile.read(in: folder)?.gone ?? []).filter {
      now - $0.since < SolPlan.patience
    }
    let downloads = DownloadPlanner.downloads(
      of: traverses[progress.rover]?.placed(photos) ?? photos, rover: progress.rover,
      layout: layout, size: size,
      skipping: Set(recentlyGone.map(\.nasaID)))
    let listed = Set(photos.map(\.nasaID))
    progress.roverName = photos.first?.rover.name ?? progress.rover
    progress.listed = listed.count
    if progress.countFromListing {
      progress.manifest.totalPhotos = listed.count
      progress.manifest.earthDate = photos.first?.earthDate ?? ""
    }
    progress.gone = recentlyGone.filter { listed.contains($0.nasaID) }
    progress.pending = downloads.count
    return downloads
  }

  /// Writes what the sol holds now beside its photos, then appends its journal line: a line
  /// never says more than the disk holds.
  private func finish(
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
    guard entry.state != .complete else { return }
    report.incomplete.append(
      IncompleteSol(
        rover: progress.rover, sol: sol, listed: progress.listed,
        expected: progress.manifest.totalPhotos, failed: progress.failed,
        settled: entry.settled == true, disagreement: progress.disagreement))
  }

  /// Records a sol from the feeds whose list could not be fetched as unfinished, keeping what
  /// the journal knew of it.
  private func recordUnfinished(_ progress: SolProgress, _ journal: SyncJournal, _ plan: SolPlan)
    throws
  {
    let sol = progress.manifest.sol
    var entry =
      journal.entry(rover: progress.rover, sol: sol)
      ?? SolEntry(rover: progress.rover, sol: sol)
    entry.state = .incomplete
    entry.feeds = true
    try journal.record(entry)
  }

  /// One sol's listing, with the feeds' added when they name the sol; a failure is kept for
  /// the report, cancellation ends the run.
  private func fetchList(_ item: SolProgress) async -> Result<SolListing, any Error> {
    // A sol whose manifest names none of the cameras asked for has nothing to fetch.
    if !cameras.isEmpty, !item.fromFeeds,
      !item.manifest.cameras.contains(where: { cameras.contains($0.uppercased()) })
    {
      return .success(SolListing(photos: []))
    }
    do {
      let sol = item.manifest.sol
      var listing = try await archive.fetchSolListing(
        rover: item.rover, sol: sol, cameras: cameras)
      if item.fromFeeds, let downlinks, downlinks.covers(rover: item.rover) {
        listing = listing.adding(
          try await downlinks.fetchSolListing(rover: item.rover, sol: sol, cameras: cameras))
      }
      return .success(listing)
    } catch {
      return .failure(error)
    }
  }
}
