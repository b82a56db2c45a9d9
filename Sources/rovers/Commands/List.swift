import ArgumentParsing
import MarsData
import RoverAPI

extension Rovers {
  /// `rovers list`: every rover the server knows, with its mission status.
  struct List: DataCommand {
    static let spec = CommandSpec(
      name: "list", abstract: "List the rovers and their mission status.",
      discussion: """
        The rovers of the source, then Ingenuity and InSight, which only NASA's raw-image feeds \
        have: they are asked of the feeds whatever --source says, here and in every command \
        that names them, and their photo counts are the feeds' (every image record).
        """,
      options: CommonOptions.specs,
      examples: [
        "rovers list",
        "rovers list --format csv --fields name,status,total_photos",
      ])

    let common: CommonOptions

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      common = try CommonOptions(settings)
      try common.output.check(fields: Self.fields.map(\.name), spec: Self.spec)
    }

    static var fieldNames: [String] { fields.map(\.name) }

    static let fields: [Records.Field] = [
      .init("name"), .status, .init("launch_date", "LAUNCHED"), .init("landing_date", "LANDED"),
      .init("max_sol", alignRight: true), .init("max_date"),
      .init("total_photos", "PHOTOS", alignRight: true), .init("cameras"),
    ]

    func run(_ console: Console) async throws -> ExitCode {
      let outcomes = try await common.makeArchive(console).fetchRoverOutcomes()
      let rovers = outcomes.compactMap(\.value)
      let records = Records(Self.fields, rovers) { rover in
        [
          .text(rover.name), .text(rover.status), .text(rover.launchDate), .text(rover.landingDate),
          .number(rover.maxSol), .text(rover.maxDate), .number(rover.totalPhotos),
          .list(rover.cameras.map(\.name)),
        ]
      }
      try common.output.write(records, json: rovers, to: console)
      // Counts of another kind are said, once, so they are not read as the API's (the
      // missions' always are: help says so).
      let regular = rovers.filter { rover in !FeedRover.feedsOnly.contains { $0.name == rover.name }
      }
      if let coverage = regular.first?.coverage, !common.quiet {
        console.diagnostic("note: photo counts are \(coverage)")
      }
      return ExitCode.worst(RoverFailures.report(outcomes, base: common.baseURL, to: console))
    }
  }
}
