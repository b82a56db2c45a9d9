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
    let downloader = PhotoDownloader(
      client: common.makeImageClient(console), jobs: jobs, force: force)
    let progress = DownloadProgress(total: downloads.count, console: console, quiet: common.quiet)
    return try await progress.finishing {
      try await downloader.run(downloads, onResult: progress.record)
    }
  }

  /// `--dry-run`: each photo with whether its file is there already; with `--force`, every
  /// photo would be fetched again, so none counts as there.
  func listPlan(_ downloads: [PhotoDownload], common: CommonOptions, _ console: Console) throws
    -> ExitCode
  {
    let entries = downloads.map {
      DownloadEntry(
        planned: $0,
        present: !force && FileManager.default.fileExists(atPath: $0.destinationPath))
    }
    try common.output.write(
      DownloadEntry.records(entries), json: entries, to: console)
    if !common.quiet, entries.isEmpty {
      // What the real run would say: a sync with nothing to list says it the same way.
      console.diagnostic("nothing new")
    } else if !common.quiet {
      let present = entries.filter { $0.status == "present" }.count
      let kept = force ? " (--force: again)" : ", \(present) already there"
      console.diagnostic("would download \(entries.count - present)\(kept)")
    }
    return .success
  }
}
