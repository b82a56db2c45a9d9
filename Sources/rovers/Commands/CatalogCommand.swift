import ArgumentParsing
import CommandRuntime
import MarsCatalog
import MarsFetching
import PlainText
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers catalog [sync [ROVER…]]`: what the local catalogue holds, or fill it from
  /// NASA's feeds and, for Spirit and Opportunity, the API server.
  struct CatalogCommand: DataCommand {
    static let name = "catalog"
    static let spec = CommandSpec(
      name: name, abstract: "Keep a local catalogue of every photo, for rovers search.",
      discussion: """
        The catalogue is a SQLite file of every photo of the missions synced, one row each, \
        searched offline by rovers search. 'rovers catalog' says what it holds: per mission \
        its photos, sols, last sol and when it was last synced, and the file and its size. \
        'rovers catalog sync [ROVER...]' fills and refreshes it (every mission unless rovers \
        are named) from NASA's feeds, and Spirit and Opportunity, whose photos only the API \
        servers have, from the API server, once, the sols their manifest lists: they are final. \
        It asks the sols it does not hold yet and those NASA's latest downlink brought images \
        for, -j at once, each sol written in one transaction, so a run stopped at any moment \
        leaves every sol whole or absent and the next goes on from there. One sync writes at a time (another \
        exits 75); searches are never blocked. --schema prints the tables, which stay stable for sqlite3 and pandas. \
        The file needs the system's SQLite (libsqlite3-0).
        """,
      arguments: [
        ArgumentSpec(
          name: "action",
          help: "sync, then the rovers to sync, such as perseverance. (default: what it holds)",
          isRequired: false, isRepeated: true, completion: .values(["sync"]))
      ],
      options: [
        Self.schemaFlag.spec, Self.fromSolOption.spec,
        Self.toSolOption.spec, DownloadOutput.jobs.spec,
      ] + CommonOptions.options(deadline: 86_400),
      examples: [
        "rovers catalog sync",
        "rovers catalog sync curiosity --from-sol 4000 -q",
        "rovers catalog",
        "rovers catalog --schema | less",
      ])

    static let schemaFlag = Flag("schema", help: "Print the catalogue's tables, as SQL.")
    // The sols of a sync, as `manifest` takes them.
    static let fromSolOption = Manifest.fromSolOption
    static let toSolOption = Manifest.toSolOption

    let common: CommonOptions
    let path: String
    /// The rovers to sync; `nil` when not syncing.
    let syncing: [String]?
    let schema: Bool
    let fromSol: Int?
    let toSol: Int?
    let jobs: Int

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      jobs = try settings[DownloadOutput.jobs]
      common = try CommonOptions(settings, deadline: 86_400, connectionsPerHost: jobs)
      path = try CatalogPath.resolve(settings, spec: Self.spec)
      schema = arguments[Self.schemaFlag]
      fromSol = try arguments[Self.fromSolOption]
      toSol = try arguments[Self.toSolOption]
      let words = arguments.positionals
      switch words.first {
      case nil: syncing = nil
      case "sync":
        // A mission typed twice is synced once, not by two runs side by side.
        syncing = try words.dropFirst().map { try CatalogMissions.check($0, spec: Self.spec) }
          .uniqued()
      case let other?:
        throw UsageError.invalidValue(
          other, for: "<action>", reason: "give sync, or nothing", in: Self.spec)
      }
      if let fromSol, let toSol, fromSol > toSol {
        throw UsageError(
          message: "'--from-sol' (\(fromSol)) is after '--to-sol' (\(toSol))", command: Self.spec)
      }
      if syncing == nil, fromSol != nil || toSol != nil {
        throw UsageError(
          message: "'--from-sol' and '--to-sol' are for 'rovers catalog sync'", command: Self.spec)
      }
      if schema, syncing != nil {
        throw UsageError(
          message: "'--schema' prints the tables; it cannot be used with sync", command: Self.spec)
      }
      if schema, common.output.format != .table || arguments.isGiven(OutputOptions.fields.spec) {
        throw UsageError(
          message: "'--schema' prints the tables as SQL; '--json', '--format' and '--fields' are"
            + " for the list of missions", command: Self.spec)
      }
      try common.output.check(fields: Self.fieldNames, spec: Self.spec)
    }

    static var fieldNames: [String] { CatalogRecords.missionFields.map(\.name) }

    func run(_ console: Console) async throws -> ExitCode {
      if schema {
        console.output(CatalogSchema.text)
        return .success
      }
      if let syncing { return try await sync(syncing, console) }
      let catalog = try Catalog(path: path, writing: false)
      let missions = try catalog.missions()
      let records = CatalogRecords.missions(missions)
      let megabytes = POSIX.fixed(Double(catalog.bytesOnDisk) / 1_000_000, places: 1)
      try common.output.write(
        records, json: missions,
        table: { style, out in
          out.write("\(TerminalText.safe(path)): \(megabytes) MB\n\n")
          records.table(style, to: out)
        }, to: console)
      return .success
    }

    private func sync(_ rovers: [String], _ console: Console) async throws -> ExitCode {
      let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
      try Directories.create(folder)
      // A first sync that fails before it writes a sol leaves no empty catalogue behind.
      let made = !FileStatus.exists(path)
      let outcomes: [CatalogSync.Outcome]
      do {
        outcomes = try await write(rovers, console)
      } catch {
        if made { Catalog.removeIfEmpty(path: path) }
        throw error
      }
      if common.json {
        try common.output.write(CatalogRecords.outcomes(outcomes), json: outcomes, to: console)
      } else if !common.quiet {
        console.diagnostic(CatalogSync.summary(outcomes, path: path))
      }
      return .success
    }

    /// The sync itself, the catalogue open for writing (and its lock held) only within it.
    private func write(_ rovers: [String], _ console: Console) async throws
      -> [CatalogSync.Outcome]
    {
      let catalog = try Catalog(path: path, writing: true)
      let names = rovers.isEmpty ? CatalogMissions.names : rovers
      let sync = CatalogSync(
        feeds: common.makeCatalogFeeds(console, jobs: jobs),
        api: common.makeCatalogAPI(console, jobs: jobs), concurrency: jobs,
        fromSol: fromSol, toSol: toSol)
      let live = console.style.liveProgress && !common.quiet
      let outcomes = try await sync.run(names, into: catalog) { progress in
        if live {
          console.status("catalog: \(progress.rover) \(progress.done)/\(progress.total) sols")
        }
      }
      if live { console.status("") }
      return outcomes
    }
  }
}
