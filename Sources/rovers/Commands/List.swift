import ArgumentParsing
import CommandRuntime
import MarsFetching
import RoverAPI

extension Rovers {
  /// `rovers list`: every rover the server knows, with its mission status.
  struct List: DataCommand {
    static let name = "list"
    static let spec = CommandSpec(
      name: name, abstract: "List the rovers and their mission status.",
      discussion: """
        The rovers of the source, then Ingenuity and InSight, which only NASA's raw-image feeds \
        have (not with --source api, which asks nothing of the feeds). Their photo counts are \
        the feeds' (every image record). Their missions have ended: what the feeds say of them \
        is asked once and kept in the cache (--refresh asks again). When the feeds cannot be \
        reached or do not answer within 2 s, they are left out with a warning and the exit \
        status is still 0.
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
      // On a narrow terminal the dates of the launch, then of the landing, are left out.
      .init("name"), .status, .init("launch_date", "LAUNCHED", rank: -2),
      .init("landing_date", "LANDED", rank: -1),
      .init("max_sol", alignRight: true), .init("max_date"),
      .init("total_photos", "PHOTOS", alignRight: true), .init("cameras"),
    ]

    func run(_ console: Console) async throws -> ExitCode {
      let outcomes = try await common.makeArchive(console).fetchRoverOutcomes()
      // The source's own rovers either come whole or fail the command; what can fail here is
      // an extra, the missions only the feeds have.
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
        console.remark("note: photo counts are \(coverage)")
      }
      if !common.quiet,
        let warning = FeedsTrouble.warning(outcomes, feedsHost: common.nasaBaseURL.host ?? "")
      {
        console.remark(warning)
      }
      return .success
    }
  }
}
