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
        .option("sol", value: "sol", help: "The Martian day, counted from landing (0 and up)."),
        .option("earth-date", value: "date", help: "The Earth day, as YYYY-MM-DD."),
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
      let sol = try arguments.integer(
        "sol", minimum: 0, reason: "a sol is a whole number, 0 or more")
      switch (sol, arguments.value("earth-date")) {
      case (let sol?, nil):
        day = .sol(sol)
      case (nil, let text?):
        guard let date = EarthDate(text) else {
          throw UsageError.invalidValue(
            text, for: "--earth-date <date>", reason: "give a real date as YYYY-MM-DD",
            in: Self.spec)
        }
        day = .earthDate(date)
      case (nil, nil):
        throw UsageError(
          message: "Missing expected argument '--sol <sol>' or '--earth-date <date>'",
          command: Self.spec)
      case (.some, .some):
        throw UsageError(
          message: "'--sol <sol>' and '--earth-date <date>' cannot be used together",
          command: Self.spec)
      }
      cameras = try arguments.all("camera").map { try NameRules.camera($0, spec: Self.spec) }
      page = try arguments.integer("page", minimum: 1, reason: "pages count from 1")
    }

    func run(_ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console)
      let photos = try await archive.checkingRover(rover) { try await checkedFetch(archive) }
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

    /// Fetches the photos and, at the same time, the rover's cameras to check `--camera`
    /// against: whichever fails first cancels the other.
    private func checkedFetch(_ archive: MarsArchive) async throws -> [Photo] {
      guard !cameras.isEmpty else { return try await fetch(archive) }
      let rover = self.rover
      let cameras = self.cameras
      return try await withThrowingTaskGroup(of: [Photo]?.self) { group in
        group.addTask {
          let details = try await archive.client.send(Endpoints.rover(rover))
          try UnknownCamera.check(cameras, on: [details])
          return nil
        }
        group.addTask { try await fetch(archive) }
        var photos: [Photo] = []
        for try await result in group { photos = result ?? photos }
        return photos
      }
    }

    private func fetch(_ archive: MarsArchive) async throws -> [Photo] {
      guard let page else {
        return try await archive.fetchPhotos(rover: rover, on: day, cameras: cameras)
      }
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
