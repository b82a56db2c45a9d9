import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsGallery
import MarsMirror
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers download`: the photos of one day, saved as files, several at once.
  struct Download: DataCommand {
    static let name = "download"
    static let spec = CommandSpec(
      name: name, abstract: "Save the photos of one day, the latest sol or a range.",
      discussion: """
        Files go to DIR/<rover>/<sol>/<camera>/<NASA file name>. Each is written with no \
        name (or, where the file system cannot, a hidden one: .<name>.rovers-tmp) and named \
        once synced, so no file is ever half written; files already there are skipped, so a \
        second run fetches only what is missing. Curiosity's and Perseverance's photos are \
        placed on the rover's traverse (NASA's waypoint map, kept beside them for the gallery's \
        map); a map that cannot be had costs only the places.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover", help: "The rover, such as perseverance.", completion: .rovers)
      ],
      options: [
        DayOptions.sol, DayOptions.earthDate, DayOptions.latest,
      ] + DayOptions.range + [
        CameraOptions.repeatable,
        Self.output.spec, DownloadOutput.jobs.spec, DownloadOutput.force.spec,
        Self.dryRun.spec, SizeOption.spec, DownloadOutput.noGallery.spec,
        GalleryAddress.option.spec,
      ] + PhotoFilterOptions.specs + PlaceOptions.specs + CommonOptions.options(deadline: 3600),
      oneOf: DayOptions.oneOf,
      examples: [
        "rovers download perseverance --sol 100 -o ~/mars",
        "rovers download curiosity --latest --camera FHAZ -o ~/mars",
        "rovers download perseverance --sol 100 --dry-run",
        "rovers download ingenuity --from-sol 1000 --to-sol 1069 -o ~/mars",
        "rovers download curiosity --near -4.59,137.44 --within 200m -o ~/mars",
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
    let filter: PhotoFilter
    let placing: PhotoPlacing

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      // The run's transfers are `--jobs` at once on the wire, whoever hands them over.
      common = try CommonOptions(
        settings, deadline: 3600, connectionsPerHost: try settings[DownloadOutput.jobs])
      let rover = try NameRules.rover(arguments.positionals[0], spec: Self.spec)
      // Saved photos keep their places, in the sol's record and for the gallery's map.
      placing = try PhotoPlacing(arguments, common: common, keeps: true)
      query = PhotoQuery(
        rover: rover,
        day: try DayOptions.parse(
          arguments, rover: rover, allowLatest: true, orElse: placing.everySol),
        cameras: try CameraOptions.parse(arguments))
      output = try DownloadOutput(
        settings, folder: try arguments[Self.output.option] ?? Self.output.defaultValue,
        dryRun: Self.dryRun)
      try common.output.check(fields: DownloadEntry.fields.map(\.name), spec: Self.spec)
      size = try SizeOption(settings)
      filter = try PhotoFilterOptions.parse(arguments)
    }

    static var fieldNames: [String] { DownloadEntry.fields.map(\.name) }

    /// The downloads of `found`, the photos asked for, filtered as asked. The lists they come
    /// from are let go when it returns: a sol of thousands of photos is held once, not once a
    /// step.
    private func plan(
      _ found: consuming [Photo], _ archive: any PhotoArchive, layout: PhotoFileLayout,
      _ console: Console
    ) async -> [PhotoDownload] {
      // Filtered and resized in place, each step taking the last one's list.
      let kept = PhotoFilterOptions.apply(
        filter, to: consume found, quiet: common.quiet, console: console)
      let photos = size.apply(consume kept, common, console)
      if photos.isEmpty, !common.quiet, let note = placing.emptyNote {
        console.diagnostic(note)
      } else if photos.isEmpty, !common.quiet,
        let reason = await EmptyAnswer(rover: query.rover, archive: archive).explain(query.day)
      {
        console.diagnostic(reason)
      }
      return DownloadPlanner.downloads(of: photos, rover: query.rover, layout: layout)
    }

    /// What the main work of a run ends with: the plan of a dry run, or the downloads' results.
    private enum Outcome {
      case planned([PhotoDownload])
      case done([DownloadResult])
    }

    /// Lists the photos and downloads them; with `--near`, the traverse comes first and picks
    /// the photos. Without it, the traverse is an extra beside the whole run, and the saved
    /// photos are placed on it at the end, when it came.
    private func work(
      _ archive: any PhotoArchive, layout: PhotoFileLayout, _ console: Console
    ) async throws -> (outcome: Outcome, traverse: Traverse?, code: ExitCode) {
      if placing.area != nil {
        let (found, traverse, code) = try await placing.fetch(
          query, from: archive, common: common, console)
        let downloads = await plan(
          placing.apply(traverse, to: found), archive, layout: layout, console)
        if output.dryRun { return (.planned(downloads), traverse, code) }
        return (
          .done(try await output.fetch(consume downloads, common: common, console)), traverse, code
        )
      }
      let (outcome, traverse, code) = try await placing.beside(
        rover: query.rover, common: common, console
      ) { () async throws -> Outcome in
        let downloads = await plan(
          try await query.fetch(archive), archive, layout: layout, console)
        if output.dryRun { return .planned(downloads) }
        return .done(try await output.fetch(consume downloads, common: common, console))
      }
      guard let traverse, case .done(let results) = outcome else {
        return (outcome, traverse, code)
      }
      return (.done(results.map { $0.placed(on: traverse) }), traverse, code)
    }

    func run(_ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console, sampleTypes: filter.sampleTypes)
      let layout = PhotoFileLayout(root: output.folder)
      // The manifest goes beside the photos for the gallery's timeline; it is fetched while
      // the photos are, and a failure costs only the timeline.
      let span: SolSpan =
        switch query.day {
        case .day(.sol(let sol)): .sols(sol...sol)
        case .sols(let range): .sols(range)
        default: .latest
        }
      async let manifest = try? archive.fetchManifest(rover: query.rover, span: span)
      let (outcome, traverse, placeCode) = try await work(archive, layout: layout, console)
      let results: [DownloadResult]
      switch outcome {
      case .planned(let downloads): return try output.listPlan(downloads, common: common, console)
      case .done(let done): results = done
      }
      try SolRecordFile.record(results, rover: query.rover, layout: layout)
      let upkeep = GalleryUpkeep(
        root: layout.root, enabled: !output.noGallery, console: console, quiet: common.quiet,
        baseURL: output.galleryURL)
      if let manifest = await manifest { upkeep.record(manifest, rover: query.rover) }
      if let traverse { upkeep.record(traverse, rover: query.rover) }
      upkeep.update(results)
      let entries = results.map { DownloadEntry($0, scrub: console.redacted) }
      // A table of files would only repeat the disk: the summary line says what happened.
      try common.output.write(
        DownloadEntry.records(entries), json: entries,
        table: { _, _ in },
        to: console)
      return ExitCode.worst([
        placeCode, DownloadProgress.reportFailures(results, console, quiet: common.quiet),
      ])
    }
  }
}
