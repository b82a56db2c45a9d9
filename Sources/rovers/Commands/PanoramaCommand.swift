import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsGallery
import MarsImaging

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers panorama`: a sol's panoramas, measured from their frames' camera models, and one
  /// of them made.
  struct PanoramaCommand: DataCommand {
    static let name = "panorama"
    static let spec = CommandSpec(
      name: name, abstract: "List a sol's panoramas, or stitch one by its camera models.",
      discussion: """
        A panorama is a sequence whose frames point apart. Each frame's outline is sent \
        through its camera model to the azimuths the frames cover (360 for a ring), the \
        elevations, and a tier: full from 300 degrees, wide from 200, half from 120, else \
        partial. The models are in NASA's feeds only (--source api is refused). With \
        --sequence the pan is stitched by its models: a grid of azimuth and elevation from \
        the cameras' mean centre, the ground below the horizon, gains matched; -o FILE.jpg \
        or FILE.png, or with --from and no -o beside the sol's photos, for the gallery.
        """,
      arguments: [
        ArgumentSpec(name: "rover", help: "The rover, such as perseverance.", completion: .rovers)
      ],
      options: [
        DayOptions.sol, CameraOptions.repeatable, Self.sequenceOption.spec, Self.output.spec,
        Self.scaleOption.spec, Self.qualityOption.spec, Self.levelFlag.spec, Self.northFlag.spec,
        Movie.fromOption.spec, Self.showFlag.spec, DownloadOutput.jobs.spec,
        PictureSetup.option.option.spec, Show.widthOption.spec, DebayerOption.flag.spec,
      ] + CommonOptions.options(deadline: 600),
      examples: [
        "rovers panorama perseverance --sol 888",
        "rovers panorama perseverance --sol 888 --sequence NCAM00501 -o pano.jpg",
        "rovers panorama perseverance --sol 888 --sequence NCAM00501 --level --show",
        "rovers panorama perseverance --sol 888 --sequence NCAM00501 --from mars",
      ])

    static let sequenceOption = Option.text(
      "sequence", value: "id", help: "Stitch this pan, such as NCAM00501 (see the list).")
    static let output = Option.text(
      "output", short: "o", value: "file",
      help: "The panorama to write: FILE.jpg or FILE.png.", completion: .files)
    static let scaleOption = Option.number(
      "scale", value: "x", help: "Grid pixels per frame pixel at a frame's centre.", default: 1,
      shownDefault: "1", in: 0.05...8, reason: "give a number from 0.05 to 8")
    static let qualityOption = Option.integer(
      "quality", value: "n", help: "The JPEG's quality, 1 to 100.", default: 90, in: 1...100,
      reason: "give a whole number, 1 to 100")
    static let levelFlag = Flag(
      "level", help: "Turn it by the rover's attitude so the horizon is flat.")
    static let northFlag = Flag("north", help: "Put north at azimuth 0 (by the rover's heading).")
    static let showFlag = Flag("show", help: "Draw it in the terminal, an azimuth scale under it.")

    let common: CommonOptions
    let lookup: SequenceLookup
    let (sequence, output, from, show): (String?, String?, String?, Bool)
    let (scale, quality, level, north, jobs): (Double, Int, Bool, Bool, Int)
    let (debayer, choice, width, environment):
      (Debayering, PictureSetup.Choice, Int?, [String: String])

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      jobs = try settings[DownloadOutput.jobs]
      common = try CommonOptions(settings, deadline: 600, connectionsPerHost: jobs)
      from = try arguments[Movie.fromOption].map(HomePath.expanded)
      lookup = try SequenceLookup(arguments, common: common, spec: Self.spec, mirror: from)
      sequence = try arguments[Self.sequenceOption]
      output = try arguments[Self.output].map(HomePath.expanded)
      (scale, quality) = (
        try arguments[Self.scaleOption] ?? 1, try arguments[Self.qualityOption] ?? 90
      )
      (level, north, show) = (
        arguments[Self.levelFlag], arguments[Self.northFlag], arguments[Self.showFlag]
      )
      if let output, !["jpg", "jpeg", "png"].contains(Self.suffix(output)) {
        throw UsageError(
          message:
            "'\(output)' is neither a .jpg nor a .png file: the extension says which picture to"
            + " write",
          command: Self.spec)
      }
      if sequence != nil, output == nil, from == nil, !show {
        throw UsageError(message: "give -o <file>.jpg, --show, or --from <dir>", command: Self.spec)
      }
      debayer = try DebayerOption.parse(arguments, settings: settings)
      (choice, width) = (try settings[PictureSetup.option], try arguments[Show.widthOption])
      environment = settings.environment
      try common.output.check(
        fields: (sequence == nil ? PanoramaEntry.fields : PanoramaMadeEntry.fields).map(\.name),
        spec: Self.spec)
    }

    static func suffix(_ path: String) -> String {
      URL(fileURLWithPath: path).pathExtension.lowercased()
    }

    func run(_ console: Console) async throws -> ExitCode {
      let (photos, folder) =
        from == nil
        ? (try await lookup.photos(in: common.makeFeeds(console)), nil)
        : try await lookup.photos(from: from, common: common, console, spec: Self.spec)
      let found = try PanoramaFinder.panoramas(in: photos)
      for pan in found where !common.quiet && (sequence == nil || pan.sequence.id == sequence) {
        for remark in pan.leftOutRemarks { console.remark(remark) }
      }
      guard let sequence else {
        let entries = found.map(PanoramaEntry.init)
        try common.output.write(PanoramaEntry.records(entries), json: entries, to: console)
        return .success
      }
      guard let pan = found.first(where: { $0.sequence.id == sequence }) else {
        throw UsageError(
          message: PanoramaFinder.noSuch(
            sequence, among: found, rover: lookup.rover, sol: lookup.sol),
          command: Self.spec)
      }
      let maker = PanoramaMaker(
        panorama: pan, jobs: jobs, debayer: debayer, scale: scale, level: level, north: north)
      let made = try await maker.make(
        client: from == nil ? common.makeImageClient(console) : nil, folder: folder)
      Movie.remark(leftOut: made.leftOut, console, quiet: common.quiet)
      let drawer =
        show ? PictureDrawer(choice, width: width, environment: environment, console) : nil
      try PanoramaOutput(made: made, pan: pan, quality: quality, console: console, common: common)
        .finish(
          file: output ?? folder.map { PanoramaMaker.file(in: $0, sequence: sequence).path },
          forGallery: output == nil, drawer: drawer)
      if output == nil, let from {
        Gallery.refresh(root: from, rover: lookup.rover, sol: lookup.sol, common, console)
      }
      return .success
    }
  }
}
