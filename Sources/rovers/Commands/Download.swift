import ArgumentParsing
import Foundation
import MarsData
import RoverAPI

extension Rovers {
  /// `rovers download`: the photos of one day, saved as files, several at once.
  struct Download: DataCommand {
    static let spec = CommandSpec(
      name: "download", abstract: "Save the photos of one sol, Earth day or the latest sol.",
      discussion: """
        Files go to DIR/<rover>/<sol>/<camera>/<NASA file name>. Each is written under a \
        hidden temporary name (.<name>.rovers-tmp), synced and renamed, so no file is ever half \
        written; files already there are skipped, so a second run fetches only what is missing.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover", help: "The rover, such as perseverance.", completion: .rovers)
      ],
      options: [
        DayOptions.sol, DayOptions.earthDate, DayOptions.latest,
        CameraOptions.repeatable,
        Self.output.spec, DownloadOutput.jobs.spec, DownloadOutput.force.spec,
        Self.dryRun.spec, SizeOption.spec, DownloadOutput.noGallery.spec,
      ] + CommonOptions.options(deadline: 3600), oneOf: DayOptions.oneOf,
      examples: [
        "rovers download perseverance --sol 100 -o ~/mars",
        "rovers download curiosity --latest --camera FHAZ -o ~/mars",
        "rovers download perseverance --sol 100 --dry-run",
      ])

    static let output = Option.text(
      "output", short: "o", value: "dir", help: "The folder to save into.",
      completion: .directories
    ).setting(default: ".")
    static let dryRun = Flag(
      "dry-run", help: "List what would be fetched and what is there; fetch nothing.")

    let common: CommonOptions
    let query: PhotoQuery
    let output: DownloadOutput
    let size: SizeOption

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      common = try CommonOptions(settings, deadline: 3600)
      let rover = try NameRules.rover(arguments.positionals[0], spec: Self.spec)
      query = PhotoQuery(
        rover: rover, day: try DayOptions.parse(arguments, allowLatest: true),
        cameras: try CameraOptions.parse(arguments))
      output = try DownloadOutput(
        settings, folder: try arguments[Self.output.option] ?? Self.output.defaultValue,
        dryRun: Self.dryRun)
      try common.output.check(fields: DownloadEntry.fields.map(\.name), spec: Self.spec)
      size = try SizeOption(settings)
    }

    static var fieldNames: [String] { DownloadEntry.fields.map(\.name) }

    func run(_ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console)
      let layout = PhotoFileLayout(root: output.folder)
      // The manifest goes beside the photos for the gallery's timeline; it is fetched while
      // the photos are, and a failure costs only the timeline.
      let span: SolSpan =
        if case .day(.sol(let sol)) = query.day { .sols(sol...sol) } else { .latest }
      async let manifest = try? archive.fetchManifest(rover: query.rover, span: span)
      let photos = size.apply(try await query.fetch(archive), common, console)
      if photos.isEmpty, !common.quiet, case .day(let day) = query.day,
        let reason = await EmptyAnswer(rover: query.rover, archive: archive).explain(day)
      {
        console.diagnostic(reason)
      }
      let downloads = DownloadPlanner.downloads(of: photos, rover: query.rover, layout: layout)
      if output.dryRun { return try output.listPlan(downloads, common: common, console) }
      let downloader = PhotoDownloader(
        client: common.makeImageClient(console), jobs: output.jobs, force: output.force)
      let progress = DownloadProgress(total: downloads.count, console: console, quiet: common.quiet)
      let results = try await progress.finishing {
        try await downloader.run(downloads, onResult: progress.record)
      }
      try SolRecordFile.record(results, rover: query.rover, layout: layout)
      let upkeep = GalleryUpkeep(
        root: layout.root, enabled: !output.noGallery, console: console, quiet: common.quiet)
      if let manifest = await manifest { upkeep.record(manifest, rover: query.rover) }
      upkeep.update(results)
      let entries = results.map { DownloadEntry($0, scrub: console.redacted) }
      // A table of files would only repeat the disk: the summary line says what happened.
      try common.output.write(
        DownloadEntry.records(entries), json: entries,
        table: { _, _ in },
        to: console)
      return DownloadProgress.reportFailures(results, console, quiet: common.quiet)
    }
  }
}
