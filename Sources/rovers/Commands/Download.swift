import Foundation
import MarsData
import RoverAPI

extension Rovers {
  /// `rovers download`: the photos of one day, saved as files, several at once.
  struct Download: RoverCommand {
    static let spec = CommandSpec(
      name: "download", abstract: "Save the photos of one sol, Earth day or the latest sol.",
      discussion: """
        Files go to DIR/<rover>/<sol>/<camera>/<id>-<NASA file name>. Each is written to \
        <name>.part, synced and renamed, so no file is ever half written; files already there \
        are skipped, so a second run fetches only what is missing.
        """,
      synopsis:
        "<rover> (--sol <sol> | --earth-date <date> | --latest) [--camera <name> ...] "
        + "[-o <dir>] [-j <n>] [--force] [--dry-run] [--json]",
      arguments: [ArgumentSpec(name: "rover", help: "The rover, such as perseverance.")],
      options: [
        DayOptions.sol, DayOptions.earthDate, DayOptions.latest,
        CameraOptions.repeatable,
        .option(
          "output", short: "o", value: "dir", help: "The folder to save into.", default: ".",
          completion: .directories),
        .option("jobs", short: "j", value: "n", help: "Transfers at once, 1 to 64.", default: "8"),
        .flag("force", help: "Fetch files again even when they are there."),
        .flag("dry-run", help: "List what would be fetched and what is there; fetch nothing."),
      ] + CommonOptions.options(deadline: 3600))

    let common: CommonOptions
    let query: PhotoQuery
    let output: DownloadOutput

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
      common = try CommonOptions(arguments, environment: environment, deadline: 3600)
      let rover = try NameRules.rover(arguments.positionals[0], spec: Self.spec)
      query = PhotoQuery(
        rover: rover, day: try DayOptions.parse(arguments, allowLatest: true),
        cameras: try arguments.all("camera").map { try NameRules.camera($0, spec: Self.spec) })
      output = try DownloadOutput(
        arguments, folder: arguments.value("output") ?? ".", environment: environment)
      try common.output.check(fields: DownloadEntry.fields.map(\.name), spec: Self.spec)
    }

    func run(_ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console)
      let layout = PhotoFileLayout(root: output.folder)
      var seen = Set<String>()
      let downloads = try await query.fetch(archive).compactMap { photo -> PhotoDownload? in
        let path = layout.relativePath(for: photo, rover: query.rover)
        guard seen.insert(path).inserted else { return nil }
        return PhotoDownload(
          photo: photo, destination: layout.root.appendingPathComponent(path), relativePath: path)
      }
      if output.dryRun { return try output.listPlan(downloads, common: common, console) }
      AtomicFile.removeStaleParts(below: layout.folder(rover: query.rover))
      let downloader = PhotoDownloader(
        client: archive.client, jobs: output.jobs, force: output.force)
      let progress = DownloadProgress(total: downloads.count, console: console, quiet: common.quiet)
      let results = try await progress.finishing {
        try await downloader.run(downloads, onResult: progress.record)
      }
      let entries = results.map(DownloadEntry.init)
      // A table of files would only repeat the disk: the summary line says what happened.
      try common.output.write(
        DownloadEntry.records(entries), json: { try JSONOutput.render(entries) },
        table: { _ in "" },
        to: console)
      return DownloadProgress.reportFailures(results, console)
    }
  }
}

/// Where and how `download` and `sync` write: the folder, transfers at once, `--force`,
/// `--dry-run`.
struct DownloadOutput: Sendable {
  var folder: URL
  var jobs: Int
  var force: Bool
  var dryRun: Bool

  init(_ arguments: ParsedArguments, folder: String, environment: [String: String] = [:]) throws {
    guard !folder.isEmpty else {
      throw UsageError.invalidValue(
        folder, for: "--output <dir>", reason: "give a folder", in: arguments.spec)
    }
    let expanded = folder.hasPrefix("~/") ? NSHomeDirectory() + folder.dropFirst() : folder
    self.folder = URL(fileURLWithPath: expanded)
    let settings = SettingSource(
      arguments: arguments, environment: environment, config: try ConfigFile.load(environment))
    jobs = try settings.integer(
      "jobs", nil, default: 8, in: 1...64, reason: "give a whole number, 1 to 64")
    force = arguments.flag("force")
    dryRun = arguments.flag("dry-run")
  }

  /// `--dry-run`: each photo with whether its file is there already.
  func listPlan(_ downloads: [PhotoDownload], common: CommonOptions, _ console: Console) throws
    -> ExitCode
  {
    let entries = downloads.map {
      DownloadEntry(
        planned: $0, present: FileManager.default.fileExists(atPath: $0.destination.path))
    }
    try common.output.write(
      DownloadEntry.records(entries), json: { try JSONOutput.render(entries) }, to: console)
    if !common.quiet {
      let present = entries.filter { $0.status == "present" }.count
      console.diagnostic("would download \(entries.count - present), \(present) already there")
    }
    return .success
  }
}

extension DownloadProgress {
  /// Runs the transfers and prints the summary however they end: on Ctrl-C it reads
  /// `interrupted: downloaded 10, …` and the interruption goes on up.
  /// With `quietly`, a run that ends well prints nothing here: the caller decides.
  func finishing<T>(quietly: Bool = false, _ body: () async throws -> T) async throws -> T {
    do {
      let value = try await body()
      if !quietly { finish() }
      return value
    } catch is CancellationError {
      finish(prefix: "interrupted: ")
      throw CancellationError()
    } catch {
      // A run that failed before any download (another sync holds the lock) has no summary.
      if hasResults { finish() }
      throw error
    }
  }
}
