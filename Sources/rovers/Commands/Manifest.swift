import ArgumentParsing
import CommandRuntime
import MarsFetching
import PlainText
import RoverAPI

extension Rovers {
  /// `rovers manifest`: photos per sol for one rover, or every rover's summary.
  struct Manifest: DataCommand {
    static let name = "manifest"
    static let spec = CommandSpec(
      name: name, abstract: "Show how many photos a rover took on each sol.",
      discussion: """
        With a rover, prints its mission summary and one row per sol that has photos. Without \
        one, prints every rover's summary, all fetched at once.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover", help: "The rover, such as curiosity. (default: every rover's summary)",
          isRequired: false, completion: .rovers)
      ],
      options: [Self.fromSolOption.spec, Self.toSolOption.spec, Self.limitOption.spec]
        + CommonOptions.specs,
      examples: [
        "rovers manifest curiosity",
        "rovers manifest perseverance --from-sol 100 --to-sol 200",
        "rovers manifest --format csv",
      ])

    static let fromSolOption = Option.integer(
      "from-sol", value: "sol", help: "Only sols from this one on.", in: 0...Int.max,
      reason: "a sol is a whole number, 0 or more")
    static let toSolOption = Option.integer(
      "to-sol", value: "sol", help: "Only sols up to this one.", in: 0...Int.max,
      reason: "a sol is a whole number, 0 or more")
    static let limitOption = Option.integer(
      "limit", value: "n", help: "At most this many sols, the earliest first.", in: 1...Int.max,
      reason: "give a whole number, 1 or more")

    let common: CommonOptions
    let rover: String?
    let fromSol: Int?
    let toSol: Int?
    let limit: Int?

    /// Both tables' fields: which applies depends on whether a rover is named.
    static var fieldNames: [String] {
      var names = entryFields.map(\.name)
      for field in summaryFields where !names.contains(field.name) { names.append(field.name) }
      return names
    }

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      common = try CommonOptions(settings)
      rover = try arguments.positionals.first.map { try NameRules.rover($0, spec: Self.spec) }
      fromSol = try arguments[Self.fromSolOption]
      toSol = try arguments[Self.toSolOption]
      limit = try arguments[Self.limitOption]
      if let fromSol, let toSol, fromSol > toSol {
        throw UsageError(
          message: "'--from-sol' (\(fromSol)) is after '--to-sol' (\(toSol))", command: Self.spec)
      }
      let fields = (rover == nil ? Self.summaryFields : Self.entryFields).map(\.name)
      try common.output.check(fields: fields, spec: Self.spec)
      if rover == nil, fromSol != nil || toSol != nil || limit != nil {
        throw UsageError(
          message: "'--from-sol', '--to-sol' and '--limit' need a <rover>", command: Self.spec)
      }
    }

    static let entryFields: [Records.Field] = [
      .init("sol", alignRight: true), .init("earth_date"),
      .init("total_photos", "PHOTOS", alignRight: true), .init("cameras"),
    ]

    static let summaryFields: [Records.Field] = [
      .init("name"), .status, .init("landing_date", "LANDED"), .init("max_sol", alignRight: true),
      .init("max_date"), .init("total_photos", "PHOTOS", alignRight: true),
      .init("sols", alignRight: true),
    ]

    func run(_ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console)
      guard let rover else { return try await runAll(archive, console) }
      let span: SolSpan =
        fromSol == nil && toSol == nil ? .recent : .sols((fromSol ?? 0)...(toSol ?? .max))
      var manifest = try await archive.checkingRover(rover) {
        try await archive.fetchManifest(rover: rover, span: span)
      }
      if let coverage = manifest.coverage, !common.quiet { console.diagnostic("note: \(coverage)") }
      manifest.photos = manifest.photos.filter {
        $0.sol >= (fromSol ?? .min) && $0.sol <= (toSol ?? .max)
      }
      if let limit { manifest.photos = Array(manifest.photos.prefix(limit)) }
      let records = Records(Self.entryFields, manifest.photos) { entry in
        [
          .number(entry.sol), .text(entry.earthDate), .number(entry.totalPhotos),
          .list(entry.cameras),
        ]
      }
      let shown = manifest
      try common.output.write(
        records, json: shown, table: { render(shown, records, $0, to: $1) }, to: console)
      return .success
    }

    private func runAll(_ archive: any PhotoArchive, _ console: Console) async throws -> ExitCode {
      let outcomes = await archive.explainingUnknownRovers(
        try await archive.fetchManifestOutcomes(rovers: nil), asked: false)
      let manifests = outcomes.compactMap(\.value)
      let records = Records(Self.summaryFields, manifests) { manifest in
        [
          .text(manifest.name), .text(manifest.status), .text(manifest.landingDate),
          .number(manifest.maxSol), .text(manifest.maxDate), .number(manifest.totalPhotos),
          .number(manifest.photos.count),
        ]
      }
      try common.output.write(records, json: manifests, to: console)
      return ExitCode.worst(RoverFailures.report(outcomes, base: common.baseURL, to: console))
    }

    private func render(
      _ manifest: PhotoManifest, _ entries: Records, _ style: TerminalStyle,
      to out: OutputBuffer
    ) {
      let safe: (String) -> String = TerminalText.safe
      var text = style.paint(safe(manifest.name), "1") + " (\(safe(manifest.status)))\n"
      text += "launched \(safe(manifest.launchDate)), landed \(safe(manifest.landingDate))\n"
      text += "last sol \(manifest.maxSol) (\(safe(manifest.maxDate))), "
      text += "\(manifest.totalPhotos) photos in all\n"
      guard !manifest.photos.isEmpty else {
        return out.write(text + "no sols with photos in that range\n")
      }
      out.write(text + "\n")
      entries.table(style, to: out)
    }
  }
}
