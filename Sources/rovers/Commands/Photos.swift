import MarsData
import RoverAPI

extension Rovers {
  /// `rovers photos`: the photos of one sol or Earth day, every page fetched at once.
  struct Photos: DataCommand {
    static let spec = CommandSpec(
      name: "photos", abstract: "List the photos a rover took on one sol or Earth day.",
      discussion: """
        Fetches every page of the day at once, keeping the server's order (by camera, then id). \
        A day without photos prints nothing and exits 0.
        """,
      synopsis:
        "<rover> (--sol <sol> | --earth-date <date>) [--camera <name> ...] [--page <n>] [--urls] [--json]",
      arguments: [ArgumentSpec(name: "rover", help: "The rover, such as perseverance.")],
      options: [
        DayOptions.sol, DayOptions.earthDate,
        CameraOptions.repeatable,
        .option("page", value: "n", help: "Only this page of 25 photos, 1 and up."),
        .flag("urls", help: "Print only the image URLs, one per line, for xargs or wget -i."),
      ] + CommonOptions.specs)

    let common: CommonOptions
    let rover: String
    let day: PhotoDay
    let cameras: [String]
    let page: Int?
    let urls: Bool

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
      common = try CommonOptions(arguments, environment: environment)
      rover = try NameRules.rover(arguments.positionals[0], spec: Self.spec)
      day = try DayOptions.parseDay(arguments)
      cameras = try arguments.all("camera").map { try NameRules.camera($0, spec: Self.spec) }
      page = try arguments.integer("page", minimum: 1, reason: "pages count from 1")
      urls = arguments.flag("urls")
      try common.output.check(fields: Self.fields.map(\.name), spec: Self.spec)
    }

    static let fields: [Records.Field] = [
      .init("id", alignRight: true), .init("sol", alignRight: true), .init("camera"),
      .init("earth_date"), .init("img_src", "URL"), .init("nasa_id", "NASA ID"),
      .init("instrument"),
    ]

    func run(_ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console)
      let photos =
        try await page == nil
        ? PhotoQuery(rover: rover, day: .day(day), cameras: cameras).fetch(archive)
        : archive.checkingRover(rover) { try await fetchPage(archive) }
      if urls {
        let out = OutputBuffer(console)
        for photo in photos { out.write(TerminalText.safe(photo.imgSrc) + "\n") }
        out.flush()
        return .success
      }
      let records = Records(Self.fields, photos, table: ["id", "camera", "earth_date", "img_src"]) {
        photo in
        [
          .number(photo.id), .number(photo.sol), .text(photo.camera.name), .text(photo.earthDate),
          .text(photo.imgSrc), .text(photo.nasaID), .text(photo.instrument),
        ]
      }
      try common.output.write(records, json: photos, to: console)
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
