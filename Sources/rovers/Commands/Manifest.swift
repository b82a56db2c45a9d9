import MarsData
import RoverAPI

extension Rovers {
  /// `rovers manifest`: photos per sol for one rover, or every rover's summary.
  struct Manifest: RoverCommand {
    static let spec = CommandSpec(
      name: "manifest", abstract: "Show how many photos a rover took on each sol.",
      discussion: """
        With a rover, prints its mission summary and one row per sol that has photos. Without \
        one, prints every rover's summary, all fetched at once.
        """,
      synopsis: "[<rover>] [--from-sol <sol>] [--to-sol <sol>] [--limit <n>] [--json]",
      arguments: [
        ArgumentSpec(
          name: "rover", help: "The rover, such as curiosity. (default: every rover's summary)",
          isRequired: false)
      ],
      options: [
        .option("from-sol", value: "sol", help: "Only sols from this one on."),
        .option("to-sol", value: "sol", help: "Only sols up to this one."),
        .option("limit", value: "n", help: "At most this many sols, the earliest first."),
      ] + CommonOptions.specs)

    let common: CommonOptions
    let rover: String?
    let fromSol: Int?
    let toSol: Int?
    let limit: Int?

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
      common = try CommonOptions(arguments, environment: environment)
      rover = try arguments.positionals.first.map { try NameRules.rover($0, spec: Self.spec) }
      let sol = "a sol is a whole number, 0 or more"
      fromSol = try arguments.integer("from-sol", minimum: 0, reason: sol)
      toSol = try arguments.integer("to-sol", minimum: 0, reason: sol)
      limit = try arguments.integer("limit", minimum: 1, reason: "give a whole number, 1 or more")
      if let fromSol, let toSol, fromSol > toSol {
        throw UsageError(
          message: "'--from-sol' (\(fromSol)) is after '--to-sol' (\(toSol))", command: Self.spec)
      }
      if rover == nil, fromSol != nil || toSol != nil || limit != nil {
        throw UsageError(
          message: "'--from-sol', '--to-sol' and '--limit' need a <rover>", command: Self.spec)
      }
    }

    func run(_ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console)
      guard let rover else { return try await runAll(archive, console) }
      var manifest = try await archive.checkingRover(rover) {
        try await archive.client.send(Endpoints.manifest(rover: rover))
      }
      manifest.photos = manifest.photos.filter {
        $0.sol >= (fromSol ?? .min) && $0.sol <= (toSol ?? .max)
      }
      if let limit { manifest.photos = Array(manifest.photos.prefix(limit)) }
      console.output(
        common.json ? try JSONOutput.render(manifest) : render(manifest, console.style))
      return .success
    }

    private func runAll(_ archive: MarsArchive, _ console: Console) async throws -> ExitCode {
      let outcomes = try await archive.fetchManifestOutcomes()
      let manifests = outcomes.compactMap(\.value)
      if common.json {
        console.output(try JSONOutput.render(manifests))
      } else {
        var table = TextTable([
          .init(title: "NAME"), .init(title: "STATUS"), .init(title: "LANDED"),
          .init(title: "MAX SOL", alignRight: true), .init(title: "MAX DATE"),
          .init(title: "PHOTOS", alignRight: true), .init(title: "SOLS", alignRight: true),
        ])
        for manifest in manifests {
          table.append([
            manifest.name, manifest.status, manifest.landingDate, String(manifest.maxSol),
            manifest.maxDate, String(manifest.totalPhotos), String(manifest.photos.count),
          ])
        }
        console.output(table.render(console.style))
      }
      let failures = outcomes.compactMap(\.error).map(ErrorReport.init)
      for failure in failures { console.error(failure.message) }
      return ExitCode.worst(failures.map(\.code))
    }

    private func render(_ manifest: PhotoManifest, _ style: TerminalStyle) -> String {
      var text = style.paint(manifest.name, "1") + " (\(manifest.status))\n"
      text += "launched \(manifest.launchDate), landed \(manifest.landingDate)\n"
      text += "last sol \(manifest.maxSol) (\(manifest.maxDate)), "
      text += "\(manifest.totalPhotos) photos in all\n"
      guard !manifest.photos.isEmpty else { return text + "no sols with photos in that range\n" }
      var table = TextTable([
        .init(title: "SOL", alignRight: true), .init(title: "EARTH DATE"),
        .init(title: "PHOTOS", alignRight: true), .init(title: "CAMERAS"),
      ])
      for entry in manifest.photos {
        table.append([
          String(entry.sol), entry.earthDate, String(entry.totalPhotos),
          entry.cameras.joined(separator: " "),
        ])
      }
      return text + "\n" + table.render(style)
    }
  }
}
