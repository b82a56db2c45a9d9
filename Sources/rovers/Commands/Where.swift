import ArgumentParsing
import CommandRuntime
import MarsFetching
import PlainText
import RoverAPI

extension Rovers {
  /// `rovers where`: where a rover is, or was on a sol, from NASA's traverse maps.
  struct Where: DataCommand {
    static let name = "where"
    static let spec = CommandSpec(
      name: name, abstract: "Show where a rover is on Mars, or was on a sol.",
      discussion: """
        Reads the waypoints of NASA's "Where is the rover" map of the rover (Curiosity and \\
        Perseverance; on the feeds' host, --nasa-base): one point at the end of each drive, \\
        with its site and drive counters (those every photo taken there carries), latitude, \\
        longitude east, elevation and the distance driven since landing. Without --sol, the \\
        latest point; with it, the last point of that sol or before it. The map is kept a day \\
        in the cache (--refresh asks again). Not with --source api, which asks nothing of \\
        NASA's host.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover", help: "The rover: curiosity or perseverance.", completion: .rovers)
      ],
      options: [DayOptions.sol] + CommonOptions.specs,
      examples: [
        "rovers where perseverance",
        "rovers where curiosity --sol 1000 --json",
      ])

    let common: CommonOptions
    let rover: String
    let sol: Int?

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      common = try CommonOptions(settings)
      rover = try NameRules.rover(arguments.positionals[0], spec: Self.spec)
      sol = try DayOptions.sol(arguments, rover: rover)
      if common.source == .api {
        throw UsageError(
          message: "the traverse maps are on NASA's feeds' host, which '--source api' leaves"
            + " out; use '--source auto' or '--source nasa'", command: Self.spec)
      }
      try common.output.check(fields: Self.fields.map(\.name), spec: Self.spec)
    }

    static var fieldNames: [String] { fields.map(\.name) }

    static let fields: [Records.Field] = [
      .init("rover"), .init("sol", alignRight: true), .init("site", alignRight: true),
      .init("drive", alignRight: true), .init("lat", "LATITUDE", alignRight: true),
      .init("lon", "LONGITUDE E", alignRight: true),
      .init("elevation", "ELEVATION M", alignRight: true),
      .init("distance_m", "DRIVEN M", alignRight: true),
    ]

    func run(_ console: Console) async throws -> ExitCode {
      guard let feeds = common.makeTraverses(console) else { return .usage }
      try PhotoPlacing.checkKnown(rover)
      let traverse = try await feeds.fetchTraverse(rover: rover)
      if !traverse.missingFields.isEmpty, !common.quiet {
        console.diagnostic(
          "note: the waypoint file has no \(traverse.missingFields.joined(separator: " or "))")
      }
      guard let point = sol.map(traverse.position(onSol:)) ?? traverse.latest else {
        if !common.quiet {
          let first = traverse.waypoints.first.map { " (the first is of sol \($0.sol))" } ?? ""
          console.diagnostic(
            "\(traverse.rover) has no waypoint on or before sol \(sol ?? 0)\(first)")
        }
        try common.output.write(
          Records(Self.fields, [Waypoint]()) { _ in [] }, json: Position?.none, to: console)
        return .success
      }
      if let sol, point.sol != sol, !common.quiet {
        console.diagnostic(
          "\(traverse.rover) reached no waypoint on sol \(sol): the last before it is of sol"
            + " \(point.sol)")
      }
      let position = Position(rover: traverse.rover, point: point)
      try common.output.write(
        Records(Self.fields, [position]) { position in position.cells }, json: position,
        to: console)
      return .success
    }
  }
}

/// A rover's place in `where`'s output: the waypoint's fields as NASA's file names them.
struct Position: JSONPrintable {
  var rover: String
  var point: Waypoint

  var cells: [Records.Cell] {
    [
      .text(rover), .number(point.sol), .number(point.site), .number(point.drive),
      .decimal(point.latitude), .decimal(point.longitude), .decimal(point.elevation),
      .decimal(point.distance),
    ]
  }

  func write(to json: inout JSONWriter) {
    json.object { json in
      json.member("distance_m", point.distance)
      json.member("drive", point.drive)
      json.member("elevation", point.elevation)
      json.member("lat", point.latitude)
      json.member("lon", point.longitude)
      json.member("rover", rover)
      json.member("site", point.site)
      json.member("sol", point.sol)
    }
  }
}
