import MarsFetching
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What a sync run knows while its group runs: the sols planned, the work in flight, and what
/// the extras brought. ``PhotoSync`` hands it each event; it decides what the event adds.
struct SyncState {
  let sync: PhotoSync
  let journal: SyncJournal
  let plan: SolPlan
  var report: PhotoSync.Report
  /// Sols with a photo missing or damaged on disk (`--verify`), listed whatever the journal
  /// says.
  var repair: [String: Set<Int>] = [:]
  /// Every sol the run deals with, in the order their lists are asked for.
  var sols: [SolProgress] = []
  /// The next sol whose list is asked for.
  var nextList = 0
  var listsInFlight = 0
  var transfersInFlight = 0
  var commitsInFlight = 0
  /// Whether the manifests have come: the main work's plan is made.
  var manifestsArrived = false
  /// The late-downlink check's answer, kept until the manifests it is planned against come.
  var pendingLate: [RoverOutcome<[Int]>]?
  /// The traverses that have come, by rover: photos listed from then on carry their places.
  var traverses: [String: Traverse] = [:]
  /// Rovers whose missed check this run makes up for.
  var madeUp: [String] = []
  /// Rovers a list of whose catch-up failed: the check stays owed.
  var catchUpFailed: Set<String> = []
  /// The first planned sol of each `rover/sol`.
  private var planned: [String: Int] = [:]

  init(sync: PhotoSync, journal: SyncJournal, plan: SolPlan, report: PhotoSync.Report) {
    self.sync = sync
    self.journal = journal
    self.plan = plan
    self.report = report
  }

  /// Plans the sols of each manifest the journal does not record as finished, the unfinished
  /// ones the feeds owe, and those `--verify` found damaged; then the late sols, if the check
  /// came first.
  mutating func plan(_ outcomes: [RoverOutcome<PhotoManifest>]) throws {
    manifestsArrived = true
    for outcome in outcomes {
      guard let manifest = outcome.value else {
        report.failures.append(
          RoverOutcome(rover: outcome.rover, result: outcome.result.map { _ in }))
        continue
      }
      let rover = outcome.rover
      report.manifests[rover] = manifest
      let start = sync.sinceSol ?? journal.startSol(rover: rover) ?? manifest.maxSol
      try journal.setStart(start, rover: rover)
      let forced = repair[rover] ?? []
      var planned = Set<Int>()
      for entry in manifest.photos where entry.sol >= start {
        let recorded = journal.entry(rover: rover, sol: entry.sol)
        guard forced.contains(entry.sol) || plan.needsWork(entry, recorded: recorded) else {
          continue
        }
        add(rover, entry, fromFeeds: forced.contains(entry.sol) || recorded?.feeds == true)
        planned.insert(entry.sol)
      }
      // Sols the manifest does not have (its server never scraped them): what the folder says,
      // and unfinished ones from earlier runs.
      let unfinished = journal.sols(rover: rover).filter { sol in
        sol >= start && journal.entry(rover: rover, sol: sol)?.feeds == true
      }
      for sol in forced.union(unfinished).subtracting(planned).sorted() {
        add(rover, Self.unlisted(sol), fromFeeds: true, countFromListing: true)
      }
    }
    if let late = pendingLate {
      pendingLate = nil
      try learnLate(late)
    }
    report.solsExamined = sols.count
  }

  /// The sols each rover's latest downlink named, listed from the feeds too: a sol not yet
  /// asked for is planned so; one whose list is under way gets the feeds' list beside it.
  /// After a run that missed the check, the last sols the folder holds too.
  mutating func learnLate(_ outcomes: [RoverOutcome<[Int]>]) throws {
    guard manifestsArrived else {
      pendingLate = outcomes
      return
    }
    // A check that could not be made is not a failure of the mirror, but it is owed: the
    // journal keeps it until a run makes up for it.
    for outcome in outcomes where outcome.error != nil {
      report.downlinkFailures.append(
        RoverOutcome(rover: outcome.rover, result: outcome.result.map { _ in }))
      if !sync.dryRun { try journal.setDownlinksMissed(true, rover: outcome.rover) }
    }
    for outcome in outcomes {
      guard let named = outcome.value, let manifest = report.manifests[outcome.rover] else {
        continue
      }
      let rover = outcome.rover
      let start = sync.sinceSol ?? journal.startSol(rover: rover) ?? manifest.maxSol
      var late = Set(named.filter { $0 >= start })
      if sync.downlinks?.covers(rover: rover) == true, journal.downlinksMissed(rover: rover) {
        // A downlink that landed while the feeds were out of reach is named no more: the last
        // sols the mirror holds are listed from the feeds again.
        let latest = max(manifest.maxSol, named.max() ?? 0)
        let window = (latest - PhotoSync.recheckedSols + 1)...latest
        late.formUnion(journal.sols(rover: rover).filter { $0 >= start && window.contains($0) })
        madeUp.append(rover)
      }
      if !late.isEmpty { report.lateSols[rover] = late.sorted() }
      for sol in late.sorted() {
        if let index = planned["\(rover)/\(sol)"] {
          guard !sols[index].fromFeeds else { continue }
          if index >= nextList {
            sols[index].fromFeeds = true
            continue
          }
          var again = SolProgress(rover: rover, manifest: sols[index].manifest)
          again.fromFeeds = true
          again.feedsOnly = true
          sols.append(again)
        } else if let entry = manifest.photos.first(where: { $0.sol == sol }) {
          add(rover, entry, fromFeeds: true)
        } else {
          add(rover, Self.unlisted(sol), fromFeeds: true, countFromListing: true)
        }
      }
    }
    report.solsExamined = sols.count
  }

  /// Keeps the traverses that came; photos listed from now on are saved with their places.
  mutating func learnTraverses(_ outcomes: [RoverOutcome<Traverse>]) {
    for outcome in outcomes {
      switch outcome.result {
      case .success(let traverse):
        traverses[outcome.rover] = traverse
        report.traverses[outcome.rover] = traverse
      case .failure:
        report.traverseFailures.append(
          RoverOutcome(rover: outcome.rover, result: outcome.result.map { _ in }))
      }
    }
  }

  /// A list of sol `index` came, from the source or the feeds: its photos not yet listed
  /// become downloads, returned to be queued (none in a dry run, which plans them).
  mutating func listed(
    _ index: Int, _ result: Result<SolListing, any Error>, fromFeeds: Bool,
    onListed: (Int) -> Void
  ) throws -> [(Int, PhotoDownload)] {
    sols[index].listsPending -= 1
    switch result {
    case .failure(let error):
      report.failures.append(RoverOutcome(rover: sols[index].rover, result: .failure(error)))
      if fromFeeds {
        sols[index].feedsFailed = true
        catchUpFailed.insert(sols[index].rover)
      } else {
        sols[index].listFailed = true
      }
      try finishIfDone(index)
      return []
    case .success(let listing):
      sols[index].disagreement = sols[index].disagreement ?? listing.disagreement
      let known = sols[index].listedIDs
      let photos = listing.photos.filter { !known.contains($0.nasaID) }
      let downloads = sync.prepare(
        &sols[index], photos, now: plan.now, traverse: traverses[sols[index].rover])
      if sync.dryRun {
        report.planned += downloads
        return []
      }
      onListed(downloads.count)
      try finishIfDone(index)
      return downloads.map { (index, $0) }
    }
  }

  /// A download of sol `index` ended.
  mutating func take(_ result: DownloadResult, _ index: Int) throws {
    if sync.keepsResults { report.results.append(result) }
    sols[index].record(result, now: plan.now)
    try finishIfDone(index)
  }

  /// Writes the sol's record and journal line once its lists and downloads have all ended.
  mutating func finishIfDone(_ index: Int) throws {
    let progress = sols[index]
    guard !sync.dryRun, !progress.finished, progress.listsPending == 0, progress.pending == 0
    else { return }
    sols[index].finish()
    if progress.feedsOnly {
      // What the feeds added goes beside the photos; the source's list wrote the sol's line.
      if !progress.saved.isEmpty || !progress.gone.isEmpty {
        let sol = progress.manifest.sol
        try SolRecordFile.update(
          in: sync.layout.folder(rover: progress.rover, sol: sol), rover: progress.roverName,
          sol: sol, saved: progress.saved, gone: progress.gone)
      }
      if progress.feedsFailed || progress.failed > 0 {
        try sync.recordUnfinished(progress, journal)
      }
      return
    }
    if progress.listFailed {
      // A sol from the manifest is looked at again next run anyway; one the feeds named is
      // recorded unfinished, since their next answer may no longer name it.
      if progress.fromFeeds { try sync.recordUnfinished(progress, journal) }
      return
    }
    try sync.finish(progress, journal, plan, &report)
  }

  /// Plans a sol.
  private mutating func add(
    _ rover: String, _ entry: ManifestEntry, fromFeeds: Bool, countFromListing: Bool = false
  ) {
    var progress = SolProgress(rover: rover, manifest: entry)
    progress.fromFeeds = fromFeeds
    progress.countFromListing = countFromListing
    planned["\(rover)/\(entry.sol)"] = sols.count
    sols.append(progress)
  }

  /// The entry of a sol the manifest does not have: its count is what the lists hold.
  private static func unlisted(_ sol: Int) -> ManifestEntry {
    ManifestEntry(sol: sol, earthDate: "", totalPhotos: 0, cameras: [])
  }
}
