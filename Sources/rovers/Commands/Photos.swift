import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsGallery
import MarsMirror
import PlainText
import RoverAPI

extension Rovers {
  /// `rovers photos`: the photos of one sol or Earth day, every page fetched at once.
  struct Photos: DataCommand {
    static let name = "photos"
    static let spec = CommandSpec(
      name: name, abstract: "List the photos a rover took on one sol or Earth day.",
      discussion: """
        Fetches every page of the day at once, keeping the server's order (by camera, then id). \
        A day without photos prints nothing and exits 0. A range (--from-sol to --to-sol, or \
        --from-date to --to-date) lists the sols in it that have photos, in sol order.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover", help: "The rover, such as perseverance.", completion: .rovers)
      ],
      options: [
        DayOptions.sol, DayOptions.earthDate,
      ] + DayOptions.range + [
        CameraOptions.repeatable,
        Self.pageOption.spec, Self.urlsFlag.spec, SizeOption.spec,
      ] + PhotoFilterOptions.specs + PlaceOptions.specs + CommonOptions.specs,
      oneOf: DayOptions.oneOf,
      examples: [
        "rovers photos perseverance --sol 100",
        "rovers photos curiosity --earth-date 2015-05-30 --camera FHAZ --json",
        "rovers photos perseverance --sol 100 --urls | wget -i -",
        "rovers photos curiosity --from-sol 1000 --to-sol 1010 --camera NAVCAM",
        "rovers photos curiosity --sol 86 --fields nasa_id,mars_time,mast_az,mast_el",
        "rovers photos perseverance --near 18.4447,77.4508 --within 50m",
      ])

    static let pageOption = Option.integer(
      "page", value: "n", help: "Only this page of 25 photos, 1 and up.", in: 1...Int.max,
      reason: "pages count from 1")
    static let urlsFlag = Flag(
      "urls", help: "Print only the image URLs, one per line, for xargs or wget -i.")

    let common: CommonOptions
    let rover: String
    let day: PhotoQuery.Day
    /// The sol or Earth day, when one was asked for rather than a range.
    var oneDay: PhotoDay? { if case .day(let day) = day { day } else { nil } }
    let cameras: [String]
    let filter: PhotoFilter
    let page: Int?
    let urls: Bool
    let size: SizeOption
    let placing: PhotoPlacing

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      common = try CommonOptions(settings)
      rover = try NameRules.rover(arguments.positionals[0], spec: Self.spec)
      placing = try PhotoPlacing(arguments, common: common)
      let days = try DayOptions.parse(
        arguments, rover: rover, orElse: placing.everySol, bySols: false)
      let isRange = if case .day = days { false } else { true }
      page = try arguments[Self.pageOption]
      // A page is the server's own page of the day it was asked.
      day = page == nil ? EarthDays.bySols(days, rover: rover) : days
      cameras = try CameraOptions.parse(arguments)
      filter = try PhotoFilterOptions.parse(arguments)
      // A page, and an HTML page, are of one sol or Earth day.
      if let page, isRange {
        throw UsageError(
          message: "'--page \(page)' is for one sol or Earth day, not a range", command: Self.spec)
      }
      if isRange, arguments.text(of: OutputOptions.format) == "html" {
        throw UsageError(
          message: "'--format html' shows one sol or Earth day, not a range", command: Self.spec)
      }
      urls = arguments[Self.urlsFlag]
      if urls,
        let other = arguments.text(of: OutputOptions.format).map({ _ in "format" })
          ?? arguments.text(of: OutputOptions.fields).map({ _ in "fields" })
          ?? (arguments[OutputOptions.json] ? "json" : nil)
      {
        throw UsageError(
          message: "'--urls' prints only URLs; it cannot be used with '--\(other)'",
          command: Self.spec)
      }
      size = try SizeOption(settings)
      try common.output.check(fields: Self.fields.map(\.name), spec: Self.spec, html: true)
    }

    static var fieldNames: [String] { fields.map(\.name) }
    static var fields: [Records.Field] { PhotoRecords.fields }

    func run(_ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console, sampleTypes: filter.sampleTypes)
      let query = PhotoQuery(
        rover: rover, day: day, cameras: cameras, page: page)
      let (found, traverse, placeCode) = try await placing.fetch(
        query, from: archive, common: common, console)
      let kept = PhotoFilterOptions.apply(
        filter, to: placing.apply(traverse, to: found), quiet: common.quiet, console: console)
      let photos = size.apply(consume kept, common, console)
      if photos.isEmpty, !common.quiet, let note = placing.emptyNote {
        console.diagnostic(note)
      } else if photos.isEmpty, !common.quiet {
        let empty = EmptyAnswer(rover: rover, archive: archive)
        let reason =
          if let page, let oneDay {
            await empty.explain(oneDay, page: page, cameras: cameras)
          } else {
            await empty.explain(day)
          }
        if let reason { console.diagnostic(reason) }
      }
      if urls {
        let out = OutputBuffer(console)
        for photo in photos { out.write(TerminalText.safe(photo.imgSrc) + "\n") }
        out.flush()
        return placeCode
      }
      let records = PhotoRecords.records(photos)
      try common.output.write(
        records, json: photos,
        html: { out in
          // The photos' own addresses: a sol to look at without downloading it.
          let tiles = photos.map {
            PhotoTile(
              picture: $0.imgSrc, camera: $0.camera.name, cameraFullName: $0.camera.fullName,
              nasaID: $0.nasaID, earthDate: $0.earthDate, sol: $0.sol, details: $0.details)
          }
          let name = photos.first?.rover.name ?? rover.prefix(1).uppercased() + rover.dropFirst()
          let sol = photos.first?.sol ?? { if case .sol(let sol) = oneDay { sol } else { 0 } }()
          out.write(SolPage(rover: name, sol: sol, tiles: tiles).render())
        }, to: console)
      return placeCode
    }

  }
}
