import MarsData
import RoverAPI

extension Rovers {
  /// `rovers list`: every rover the server knows, with its mission status.
  struct List: RoverCommand {
    static let spec = CommandSpec(
      name: "list", abstract: "List the rovers and their mission status.",
      synopsis: "[--json]", options: CommonOptions.specs)

    let common: CommonOptions

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
      common = try CommonOptions(arguments, environment: environment)
    }

    func run(_ console: Console) async throws -> ExitCode {
      let rovers = try await common.makeArchive(console).fetchAllRovers()
      if common.json {
        console.output(try JSONOutput.render(rovers))
        return .success
      }
      var table = TextTable([
        .init(title: "NAME"), .init(title: "STATUS"), .init(title: "LAUNCHED"),
        .init(title: "LANDED"), .init(title: "MAX SOL", alignRight: true),
        .init(title: "MAX DATE"), .init(title: "PHOTOS", alignRight: true),
        .init(title: "CAMERAS"),
      ])
      for rover in rovers {
        table.append([
          rover.name, rover.status, rover.launchDate, rover.landingDate, String(rover.maxSol),
          rover.maxDate, String(rover.totalPhotos),
          rover.cameras.map(\.name).joined(separator: " "),
        ])
      }
      console.output(table.render(console.style))
      return .success
    }
  }
}
