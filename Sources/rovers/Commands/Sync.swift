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
  /// `rovers sync`: fetch whatever is new, for cron.
  struct Sync: DataCommand {
    static let name = "sync"
    static let spec = CommandSpec(
      name: name, abstract: "Fetch every photo not yet in a folder: made for cron.",
      discussion: """
        Reads each rover's manifest and fetches the sols with photos the folder does not have \
        yet, as recorded in DIR/.rovers-sync.journal. A sol that came back short is looked at \
        again on later runs. With --source auto (the default), NASA's feeds are asked once per \
        run which sols their latest downlink brought images for, and those sols are listed \
        again from the feeds, so photos that arrive late are caught. When the feeds cannot be \
        asked, what the API listed is still saved and the run exits 75 (try again later); the \
        next run that reaches them lists the last 14 sols the folder holds again from the \
        feeds, so a downlink that landed meanwhile is not missed. --verify first walks the \
        folder (as rovers verify does) and fetches again what is missing or damaged. A first \
        run starts at the latest sol unless --since-sol says otherwise. Without a rover, every \
        rover of the source whose mission is active; with --all, every mission (Spirit, \
        Opportunity, Ingenuity and InSight too). One sync per folder at a time: another exits \
        75 at once. With --on-new COMMAND, a run that saved photos then runs COMMAND through \
        /bin/sh, the new files' paths on its standard input, one a line, and ROVERS_NEW_COUNT, \
        ROVERS_NEW_SOLS (each sol's folder below DIR, such as perseverance/1042) and \
        ROVERS_FOLDER in its environment (never the API key); a command that fails or runs \
        past --on-new-timeout (which ends it and its children) is a warning, and the exit code \
        stays the sync's.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover",
          help: "The rovers to mirror, such as perseverance. (default: every active mission)",
          isRequired: false, isRepeated: true, completion: .rovers)
      ],
      options: [
        Self.output.spec, Self.allFlag.spec, Self.sinceSolOption.spec, CameraOptions.repeatable,
        DownloadOutput.jobs.spec, Self.verifyFlag.spec, Self.dryRun.spec, SizeOption.spec,
        DownloadOutput.noGallery.spec, GalleryAddress.option.spec, NewPhotosHook.option.spec,
        NewPhotosHook.timeout.option.spec,
      ] + CommonOptions.options(deadline: 3600),
      examples: [
        "rovers sync perseverance -o ~/mars",
        "rovers sync curiosity -o ~/mars --since-sol 4000 -q",
        "rovers sync perseverance -o ~/mars --dry-run",
        "rovers sync --all -o ~/mars --since-sol 0",
        "rovers sync perseverance -o ~/mars -q --on-new 'notify-send Mars'",
      ])

    static let output: Option<String> = {
      var option = Option.text(
        "output", short: "o", value: "dir", help: "The folder to mirror into (required).",
        completion: .directories)
      option.spec.isRequired = true
      return option
    }()
    static let sinceSolOption = Option.integer(
      "since-sol", value: "sol", help: "Mirror from this sol on, not only the latest.",
      in: 0...Int.max, reason: "a sol is a whole number, 0 or more")
    static let allFlag = Flag(
      "all", help: "Without a rover: every mission, ended ones too, not only the active.")
    static let verifyFlag = Flag(
      "verify", help: "Walk the folder first and fetch what is missing or damaged.")
    static let dryRun = Flag(
      "dry-run", help: "List what a run would fetch and what is there; write nothing.")

    let common: CommonOptions
    let rovers: [String]
    let output: DownloadOutput
    let sinceSol: Int?
    let cameras: [String]
    let size: SizeOption
    let verify: Bool
    /// Every mission, not only the active ones, when no rover is named.
    let all: Bool
    /// `--on-new`: what to run when the sync saved photos.
    let hook: NewPhotosHook?
    let environment: [String: String]

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      // The run's transfers are `--jobs` at once on the wire, whoever hands them over.
      common = try CommonOptions(
        settings, deadline: 3600, connectionsPerHost: try settings[DownloadOutput.jobs])
      rovers = try arguments.positionals.map { try NameRules.rover($0, spec: Self.spec) }
      guard let folder = try arguments[Self.output] else {
        throw UsageError.missingArgument(Self.output.displayName, in: Self.spec)
      }
      output = try DownloadOutput(settings, folder: folder, dryRun: Self.dryRun)
      sinceSol = try arguments[Self.sinceSolOption]
      cameras = try CameraOptions.parse(arguments)
      try common.output.check(fields: DownloadEntry.fields.map(\.name), spec: Self.spec)
      size = try SizeOption(settings)
      verify = arguments[Self.verifyFlag]
      all = arguments[Self.allFlag]
      hook = try NewPhotosHook(settings)
      environment = settings.environment
      if all, !rovers.isEmpty {
        throw UsageError(
          message: "'--all' is for a sync without a rover; name the rovers or use '--all'",
          command: Self.spec)
      }
    }

    static var fieldNames: [String] { DownloadEntry.fields.map(\.name) }

    func run(_ console: Console) async throws -> ExitCode {
      // Never from the cache: a sol that gained photos since must be seen to have them.
      let archives = common.makeArchives(console, fresh: true)
      let archive = archives.archive
      let (rovers, unlisted) = try await roversToMirror(archive)
      if !cameras.isEmpty {
        let asked = try await archive.fetchAllRovers().filter {
          rovers.contains($0.name.lowercased())
        }
        try CameraCheck.check(cameras, on: asked)
      }
      var sync = PhotoSync(
        archive: archive,
        downloader: PhotoDownloader(client: common.makeImageClient(console), jobs: output.jobs),
        layout: PhotoFileLayout(root: output.folder), cameras: cameras, sinceSol: sinceSol,
        size: size.size)
      sync.dryRun = output.dryRun
      sync.verifyFirst = verify
      // Each result is heard as its download ends, and kept only where the end of the run
      // reads it one by one: a first sync of a whole mission does not hold them all.
      sync.keepsResults = false
      let kept = KeptResults(
        common.output.format != .table ? .all : hook != nil ? .saved : .failures)
      let touched = GalleryUpkeep.Gathering()
      // NASA's host only adds: the late-downlink check, its lists and the traverse maps are
      // extras, one try each, cut off two seconds after the main work. With --source nasa
      // every sol is listed from the feeds already.
      // The run's own window: listing the rovers above ended the archives' one.
      if let extras = archives.extras?.within(common.makeWindow()) {
        sync.window = extras.window
        if common.source == .auto { sync.downlinks = extras.feeds }
        // Saved photos keep their places, and the gallery draws the traverse; a map that
        // cannot be had is not said: the gallery places the photos later from the last one
        // kept.
        sync.traverseSource = { rover in try await extras.traverse(rover: rover) }
      }
      let progress = DownloadProgress(total: nil, console: console, quiet: common.quiet)
      let report = try await progress.finishing(quietly: true) {
        try await sync.run(rovers: rovers, onListed: progress.expect) { result in
          progress.record(result)
          kept.add(result)
          touched.add(result)
        }
      }
      if let sinceSol, !common.quiet {
        // A start past the last sol finds nothing, which is not the same as nothing new.
        for manifest in report.manifests.values.sorted(by: { $0.name < $1.name })
        where sinceSol > manifest.maxSol {
          console.diagnostic(
            EmptyAnswer.range(
              of: manifest.name, maxSol: manifest.maxSol, landed: manifest.landingDate,
              maxDate: manifest.maxDate))
        }
      }
      let failures = await archive.explainingUnknownRovers(report.failures)
      // The photos the API listed are saved whatever the feeds did; a check they could not
      // answer is "try again later", never "set up wrong".
      let unchecked = FeedsTrouble.downlinksUnchecked(
        report.downlinkFailures, feedsHost: common.nasaBaseURL.host ?? "",
        recheckedSols: PhotoSync.recheckedSols)
      if let unchecked { console.error(unchecked) }
      let downlinkCodes: [ExitCode] = unchecked == nil ? [] : [.temporaryFailure]
      if output.dryRun {
        // A plan that left a rover out must not look complete: its failure is said too.
        let codes =
          RoverFailures.report(failures, base: common.baseURL, to: console)
          + RoverFailures.report(unlisted, base: common.baseURL, to: console) + downlinkCodes
        return ExitCode.worst(
          codes + [try output.listPlan(report.planned, common: common, console)])
      }
      if let verification = report.verification, !common.quiet {
        console.diagnostic(VerifySummary(verification).line)
      }
      if report.recoveredState, !common.quiet {
        console.diagnostic(
          "warning: the sync state could not be read; it was set aside as *.corrupt and the"
            + " sols are looked at again (photos on disk are not fetched twice)")
      }
      if !common.quiet {
        // A cron mail of hundreds of alike lines hides the one that matters: five, then a count.
        for sol in report.incomplete.prefix(5) { console.diagnostic("warning: \(sol)") }
        if report.incomplete.count > 5 {
          console.diagnostic(
            "warning: and \(report.incomplete.count - 5) more sols like these"
          )
        }
      }
      let codes =
        RoverFailures.report(failures, base: common.baseURL, to: console)
        + RoverFailures.report(unlisted, base: common.baseURL, to: console) + downlinkCodes
        + Self.placeCodes(report.traverseFailures, console)
      let upkeep = GalleryUpkeep(
        root: output.folder, enabled: !output.noGallery, console: console, quiet: common.quiet,
        baseURL: output.galleryURL)
      for (rover, manifest) in report.manifests.sorted(by: { $0.key < $1.key }) {
        upkeep.record(manifest, rover: rover)
      }
      for (rover, traverse) in report.traverses.sorted(by: { $0.key < $1.key }) {
        upkeep.record(traverse, rover: rover)
      }
      upkeep.update(touched.gathered)
      let results = kept.kept
      await hook?.run(
        results, folder: output.folder, environment: environment, secret: common.apiKey,
        console: console, quiet: common.quiet)
      let entries = results.map { DownloadEntry($0, scrub: console.redacted) }
      try common.output.write(
        DownloadEntry.records(entries), json: entries,
        table: { _, _ in }, to: console)
      let ended = kept.count
      if ended == 0, codes.isEmpty {
        if !common.quiet { console.diagnostic("nothing new") }
        return .success
      }
      if ended > 0 { progress.finish() }
      return ExitCode.worst(
        codes + [DownloadProgress.reportFailures(results, console, quiet: common.quiet)])
    }

    /// A map that came and does not decode is said (65); one that could not be had is not.
    private static func placeCodes(_ failures: [RoverOutcome<Void>], _ console: Console)
      -> [ExitCode]
    {
      failures.compactMap { failure in
        guard let error = failure.error else { return nil }
        let report = ErrorReport(error)
        guard report.code == .dataError else { return nil }
        console.error(report.message)
        return .dataError
      }
    }

    /// The rovers named, or without one every mission the source can answer for: the active
    /// ones, or all with `--all`; with the missions whose details could not be had (only
    /// with `--all` do they count: the others are ended missions it would leave out anyway).
    private func roversToMirror(_ archive: any PhotoArchive) async throws
      -> (rovers: [String], unlisted: [RoverOutcome<Rover>])
    {
      guard rovers.isEmpty else { return (rovers, []) }
      let outcomes = try await archive.fetchRoverOutcomes()
      let chosen = outcomes.compactMap(\.value).filter {
        all || $0.status.lowercased() == "active"
      }
      return (chosen.map { $0.name.lowercased() }, all ? outcomes.filter { $0.error != nil } : [])
    }
  }
}
