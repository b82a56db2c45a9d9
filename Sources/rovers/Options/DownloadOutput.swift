import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsMirror

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where and how `download` and `sync` write: the folder, transfers at once, `--force`,
/// `--dry-run`.
struct DownloadOutput: Sendable {
  var folder: URL
  var jobs: Int
  var force: Bool
  var dryRun: Bool
  /// `--no-gallery`: leave the folder's gallery (its pages and its feed) as it is.
  var noGallery: Bool
  /// `--gallery-url`: where the gallery is served, for its feed's links.
  var galleryURL: String?

  static let jobs = Option.integer(
    "jobs", short: "j", value: "n", help: "Transfers at once, 1 to 64.", in: 1...64,
    reason: "give a whole number, 1 to 64", variable: "ROVERS_JOBS", inConfig: true
  ).setting(default: 8)
  static let force = Flag("force", help: "Fetch files again even when they are there.")
  static let noGallery = Flag(
    "no-gallery",
    help: "Do not update the folder's gallery (rovers gallery) or its feed after the run.")

  init(_ settings: Settings, folder: String, dryRun: Flag) throws {
    let arguments = settings.arguments
    guard !folder.isEmpty else {
      throw UsageError.invalidValue(
        folder, for: "--output <dir>", reason: "give a folder", in: arguments.spec)
    }
    self.folder = URL(fileURLWithPath: HomePath.expanded(folder))
    jobs = try settings[Self.jobs]
    force = arguments[Self.force]
    self.dryRun = arguments[dryRun]
    noGallery = arguments[Self.noGallery]
    galleryURL = try settings[GalleryAddress.option]
  }

  /// Downloads everything planned, `jobs` at once, showing progress.
  func fetch(_ downloads: [PhotoDownload], common: CommonOptions, _ console: Console) async throws
    -> [DownloadResult]
  {
    try await transferring(total: downloads.count, common: common, console) {
      downloader, progress in
      try await downloader.run(downloads, onResult: progress.record)
    }
  }

  /// Downloads `parts` one after another, `jobs` at once within each, under one progress
  /// line of `total` photos; `finished` hears each part's results as it ends. Past its part,
  /// only what became of each download is kept: memory follows a part, not the run.
  func fetch(
    _ parts: some Sequence<[PhotoDownload]>, total: Int, common: CommonOptions,
    _ console: Console, finished: ([DownloadResult]) throws -> Void
  ) async throws -> DownloadOutcomes {
    try await transferring(total: total, common: common, console) { downloader, progress in
      var outcomes = DownloadOutcomes()
      for part in parts where !part.isEmpty {
        let results = try await downloader.run(part, onResult: progress.record)
        try finished(results)
        outcomes.append(results)
      }
      return outcomes
    }
  }

  /// `body` with a downloader of `jobs` transfers at once and a progress line of `total`
  /// downloads, whose summary is printed however `body` ends.
  private func transferring<Outcome>(
    total: Int, common: CommonOptions, _ console: Console,
    _ body: (PhotoDownloader, DownloadProgress) async throws -> Outcome
  ) async throws -> Outcome {
    let downloader = PhotoDownloader(
      client: common.makeImageClient(console), jobs: jobs, force: force)
    let progress = DownloadProgress(total: total, console: console, quiet: common.quiet)
    return try await progress.finishing { try await body(downloader, progress) }
  }

  /// `--dry-run`: each photo with whether its file is there already; with `--force`, every
  /// photo would be fetched again, so none counts as there.
  func listPlan(_ downloads: [PhotoDownload], common: CommonOptions, _ console: Console) throws
    -> ExitCode
  {
    try listPlan(entries: downloads.map(plannedEntry), common: common, console)
  }

  /// ``listPlan(_:common:_:)`` of downloads too many to hold, walked once to print them (twice
  /// for a table) and once more to count them.
  func listPlan(
    _ downloads: some Sequence<PhotoDownload>, common: CommonOptions, _ console: Console
  ) throws -> ExitCode {
    try listPlan(entries: downloads.lazy.map(plannedEntry), common: common, console)
  }

  private func listPlan(
    entries: some Sequence<DownloadEntry>, common: CommonOptions, _ console: Console
  ) throws -> ExitCode {
    try common.output.write(
      DownloadEntry.records(entries), json: JSONArray(entries), to: console)
    guard !common.quiet else { return .success }
    var (count, present) = (0, 0)
    for entry in entries {
      count += 1
      if entry.status == "present" { present += 1 }
    }
    if count == 0 {
      // What the real run would say: a sync with nothing to list says it the same way.
      console.diagnostic("nothing new")
    } else {
      let kept = force ? " (--force: again)" : ", \(present) already there"
      console.diagnostic("would download \(count - present)\(kept)")
    }
    return .success
  }

  /// A planned download's entry: whether its file is there already (with `--force`, none is).
  private func plannedEntry(_ download: PhotoDownload) -> DownloadEntry {
    DownloadEntry(
      planned: download,
      present: !force && FileManager.default.fileExists(atPath: download.destinationPath))
  }
}
