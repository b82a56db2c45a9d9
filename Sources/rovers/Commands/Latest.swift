import ArgumentParsing
import CommandRuntime
import MarsFetching
import PlainText
import RoverAPI

extension Rovers {
  /// `rovers latest`: each rover's most recent photos, every rover fetched at once.
  struct Latest: DataCommand {
    static let name = "latest"
    static let spec = CommandSpec(
      name: name, abstract: "Show each rover's most recent photos.",
      discussion: """
        Without a rover, asks the server for its rovers and then fetches all of them at once. \
        A rover that fails is named on stderr; the others are still shown.

        With --camera, each rover's photos from that camera on the last sol it took any, which \
        may be older than the rover's latest sol. A rover that never had the camera says so; \
        a camera none of the rovers has is an error (exit 64).
        """,
      arguments: [
        ArgumentSpec(
          name: "rover", help: "The rovers to show. (default: every rover)", isRequired: false,
          isRepeated: true, completion: .rovers)
      ],
      options: [CameraOptions.repeatable, SizeOption.spec]
        + CommonOptions.specs,
      elsewhere: [
        "--sol": "For the photos of one sol, use 'rovers photos <rover> --sol <sol>'.",
        "--earth-date": "For one Earth day, use 'rovers photos <rover> --earth-date <date>'.",
      ],
      examples: [
        "rovers latest",
        "rovers latest curiosity --camera FHAZ --camera RHAZ",
        "rovers latest --json | jq '.[] | {rover, sol}'",
      ])

    let common: CommonOptions
    let rovers: [String]
    let cameras: [String]
    let size: SizeOption

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      common = try CommonOptions(settings)
      // A rover named twice is shown once, in the order first given.
      rovers = try arguments.positionals.map { try NameRules.rover($0, spec: Self.spec) }
        .uniqued()
      cameras = try CameraOptions.parse(arguments).uniqued()
      size = try SizeOption(settings)
      try common.output.check(fields: Self.fields.map(\.name), spec: Self.spec)
    }

    static var fieldNames: [String] { fields.map(\.name) }

    static let fields: [Records.Field] =
      [
        .init("rover"), .init("sol", alignRight: true), .init("earth_date"),
        .init("id", alignRight: true), .init("camera"),
        .init("img_src", "URL", linkTo: "img_src"),
        .init("nasa_id", "NASA ID", linkTo: "img_src"),
      ] + PhotoDetailFields.fields

    func run(_ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console)
      let names: [String]? = rovers.isEmpty ? nil : rovers
      // The list holds each rover's cameras, which decide what each rover is asked for.
      let found =
        cameras.isEmpty
        ? try await archive.fetchLatestPhotos(rovers: names, camera: nil)
        : try await archive.fetchLatestPhotos(
          rovers: names, cameras: cameras, listed: try await archive.fetchAllRovers())
      // A rover the server does not know is a typo to point out, with the names it does know.
      let outcomes = await archive.explainingUnknownRovers(
        found,
        asked: !rovers.isEmpty
      ).map { outcome in
        var outcome = outcome
        if var latest = outcome.value {
          latest.photos = size.apply(latest.photos, common, console)
          outcome.result = .success(latest)
        }
        return outcome
      }
      let rows = outcomes.compactMap(\.value).flatMap { latest in
        latest.photos.map { (latest.rover, $0) }
      }
      let records = Records(Self.fields, rows) { rover, photo in
        [
          .text(rover), .number(photo.sol), .text(photo.earthDate), .number(photo.id),
          .text(photo.camera.name), .text(photo.imgSrc), .text(photo.nasaID),
        ] + PhotoDetailFields.cells(photo.details, sequence: photo.sequence)
      }
      let shown = outcomes
      try common.output.write(
        records, json: shown.map { LatestEntry(outcome: $0, scrub: console.redacted) },
        table: { $1.write(render(shown, $0)) }, to: console)
      return ExitCode.worst(RoverFailures.report(outcomes, base: common.baseURL, to: console))
    }

    private func render(_ outcomes: [RoverOutcome<LatestPhotos>], _ style: TerminalStyle)
      -> String
    {
      var blocks: [String] = []
      for latest in outcomes.compactMap(\.value) {
        let name = style.paint(TerminalText.safe(latest.rover), "1")
        // Cameras asked for that this rover never had are named, so "no photos" is not taken
        // for an idle camera.
        let missing =
          latest.missingCameras.isEmpty
          ? ""
          : " (never had \(latest.missingCameras.map(TerminalText.safe).joined(separator: ", ")))"
        guard let sol = latest.sol, let date = latest.earthDate else {
          blocks.append(name + ": no photos\(missing)\n")
          continue
        }
        let count = latest.photos.count
        var text = name
        text += ": sol \(sol), \(TerminalText.safe(date)), \(count) photo\(count == 1 ? "" : "s")"
        text += missing + "\n"
        let numbered = latest.photos.anyNumbered
        var table = TextTable(
          (numbered ? [.init(title: "ID", alignRight: true)] : [])
            + [.init(title: "CAMERA"), .init(title: "URL", isLink: true)])
        for photo in latest.photos {
          table.append(
            (numbered ? [photo.id.map(String.init) ?? ""] : []) + [photo.camera.name, photo.imgSrc])
        }
        blocks.append(text + table.render(style))
      }
      return blocks.joined(separator: "\n")
    }
  }
}
