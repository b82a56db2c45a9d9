import ArgumentParsing
import MarsData
import RoverAPI

extension Rovers {
  /// `rovers list`: every rover the server knows, with its mission status.
  struct List: DataCommand {
    static let spec = CommandSpec(
      name: "list", abstract: "List the rovers and their mission status.",
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
      let rovers = try await common.makeArchive(console).fetchAllRovers()
      let records = Records(Self.fields, rovers) { rover in
        [
          .text(rover.name), .text(rover.status), .text(rover.launchDate), .text(rover.landingDate),
          .number(rover.maxSol), .text(rover.maxDate), .number(rover.totalPhotos),
          .list(rover.cameras.map(\.name)),
        ]
      }
      try common.output.write(records, json: rovers, to: console)
      // Counts of another kind are said, once, so they are not read as the API's.
      if let coverage = rovers.compactMap(\.coverage).first, !common.quiet {
        console.diagnostic("note: photo counts are \(coverage)")
      }
      return .success
    }
  }
}
