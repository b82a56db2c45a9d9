import MarsData
import RoverAPI

extension Rovers {
  /// `rovers photos`: the photos of one sol or Earth day, every page fetched at once.
  struct Photos: RoverCommand {
    static let spec = CommandSpec(
      name: "photos", abstract: "List the photos a rover took on one sol or Earth day.",
      discussion: """
        Fetches every page of the day at once, keeping the server's order (by camera, then id). \
        A day without photos prints nothing and exits 0.
        """,
      synopsis:
        "<rover> (--sol <sol> | --earth-date <date>) [--camera <name> ...] [--page <n>] [--json]",
      arguments: [ArgumentSpec(name: "rover", help: "The rover, such as perseverance.")],
      options: [
        DayOptions.sol, DayOptions.earthDate,
        .option(
          "camera", value: "name", repeatable: true,
          help: "Only photos from this camera; repeat for several."),
        .option("page", value: "n", help: "Only this page of 25 photos, 1 and up."),
      ] + CommonOptions.specs)

    let common: CommonOptions
    let rover: String
    let day: PhotoDay
    let cameras: [String]
    let page: Int?

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
      common = try CommonOptions(arguments, environment: environment)
      rover = try NameRules.rover(arguments.positionals[0], spec: Self.spec)
      day = try DayOptions.parseDay(arguments)
      cameras = try arguments.all("camera").map { try NameRules.camera($0, spec: Self.spec) }
      page = try arguments.integer("page", minimum: 1, reason: "pages count from 1")
    }

    func run(_ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console)
      let photos =
        try await page == nil
        ? PhotoQuery(rover: rover, day: .day(day), cameras: cameras).fetch(archive)
        : archive.checkingRover(rover) { try await fetchPage(archive) }
      if common.json {
        console.output(try JSONOutput.render(photos))
      } else if !photos.isEmpty {
        var table = TextTable([
          .init(title: "ID", alignRight: true), .init(title: "CAMERA"),
          .init(title: "EARTH DATE"), .init(title: "URL"),
        ])
        for photo in photos {
          table.append([String(photo.id), photo.camera.name, photo.earthDate, photo.imgSrc])
        }
        console.output(table.render(console.style))
      }
      return .success
    }

    private func fetchPage(_ archive: MarsArchive) async throws -> [Photo] {
      let page = self.page ?? 1
      // One page, as the server cuts it: 25 photos per camera asked for.
      let cameras: [String?] = self.cameras.isEmpty ? [nil] : self.cameras
      let pages = try await cameras.concurrentMap(limit: archive.maxConcurrentRequests) { camera in
        try await archive.client.send(
          Endpoints.photos(rover: rover, on: day, camera: camera, page: page)
        ).photos
      }
      return pages.flatMap { $0 }
    }
  }
}
