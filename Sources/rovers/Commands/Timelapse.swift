import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsImaging
import MarsTime
import RasterImages
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers timelapse`: one view seen across sols, a frame a sol, aligned into a movie.
  struct Timelapse: DataCommand {
    static let name = "timelapse"
    static let spec = CommandSpec(
      name: name, abstract: "Make a view seen again across sols into a time-lapse movie.",
      discussion: """
        A view: one camera, eye and size, pointed the same way (within 0.5 degrees), or for \
        the Hazcams and sky camera, one site and drive. NASA's records of each sol (-j at a \
        time), or a folder download or sync filled (--from), say each frame's pointing and \
        local time. --list shows the views (so does a range where none repeats); else the \
        view of the most sols (or --view N), each sol's frame nearest --lmst (default: the \
        time most sols have), aligned to the first, cut to what all show, its light evened; \
        -o FILE.png for an APNG, FILE.gif for a GIF, --show to play it.
        """,
      arguments: [
        ArgumentSpec(name: "rover", help: "The rover, such as perseverance.", completion: .rovers)
      ],
      options: [
        DayOptions.fromSolOption.spec, DayOptions.toSolOption.spec, CameraOptions.repeatable,
        ViewChoice.lmst.spec, ViewChoice.view.spec, ViewChoice.list.spec, Movie.output.spec,
        Movie.fpsOption.spec, Movie.fromOption.spec, Movie.showFlag.spec,
        DownloadOutput.jobs.spec, PictureSetup.option.option.spec, Show.widthOption.spec,
        DebayerOption.flag.spec,
      ] + CommonOptions.options(deadline: 3600),
      examples: [
        "rovers timelapse perseverance --from-sol 900 --to-sol 930 --list",
        "rovers timelapse perseverance --from-sol 900 --to-sol 930 -o view.gif",
        "rovers timelapse curiosity --camera FHAZ --from-sol today-9 --show",
      ])

    let common: CommonOptions
    let maker: TimelapseMaker
    let (lmst, view, list, output, format): (Int?, Int?, Bool, String?, Movie.Format?)
    let (fps, from, show, debayer): (Double, String?, Bool, Debayering)
    let (choice, width, environment): (PictureSetup.Choice, Int?, [String: String])

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      let jobs = try settings[DownloadOutput.jobs]
      common = try CommonOptions(settings, deadline: 3600, connectionsPerHost: jobs)
      guard let word = arguments.positionals.first else {
        throw UsageError(message: "Missing expected argument '<rover>'", command: Self.spec)
      }
      let rover = try NameRules.rover(word, spec: Self.spec)
      let sols = try SolWord.range(
        from: try arguments[DayOptions.fromSolOption], to: try arguments[DayOptions.toSolOption],
        of: rover, spec: Self.spec)
      from = try arguments[Movie.fromOption].map(HomePath.expanded)
      if from == nil, common.source == .api { throw ArchiveError.needsFeeds("timelapse") }
      maker = TimelapseMaker(
        rover: rover, sols: sols, cameras: try CameraOptions.parse(arguments), jobs: jobs)
      lmst = try arguments[ViewChoice.lmst]
      (view, list) = (try arguments[ViewChoice.view], arguments[ViewChoice.list])
      output = try arguments[Movie.output].map(HomePath.expanded)
      format = try output.map { try Movie.format(of: $0) }
      (fps, show) = (try arguments[Movie.fpsOption] ?? 2, arguments[Movie.showFlag])
      guard list || output != nil || show else {
        throw UsageError(
          message: "give -o <file>.png or -o <file>.gif, --show, or --list", command: Self.spec)
      }
      debayer = try DebayerOption.parse(arguments, settings: settings)
      (choice, width) = (try settings[PictureSetup.option], try arguments[Show.widthOption])
      environment = settings.environment
      try common.output.check(fields: ViewEntry.fields.map(\.name), spec: Self.spec)
    }

    func run(_ console: Console) async throws -> ExitCode {
      let (photos, folders) = try await maker.photos(mirror: from) { common.makeFeeds(console) }
      let views = ViewFinder.views(in: photos)
      let range = "sols \(maker.sols.lowerBound) to \(maker.sols.upperBound) of \(maker.rover)"
      guard !list, let chosen = try ViewChoice.chosen(from: views, number: view, spec: Self.spec)
      else {
        if !list, !common.quiet {
          console.diagnostic(
            views.isEmpty
              ? "no photos on \(range)" : "no view is seen on two of \(range); its views:")
        }
        let entries = views.enumerated().map { ViewEntry(number: $0.offset + 1, view: $0.element) }
        try common.output.write(ViewEntry.records(entries), json: entries, to: console)
        return .success
      }
      let minute = lmst ?? chosen.usualMinute
      let frames = chosen.framesOfEachSol(nearest: minute)
      if !common.quiet {
        console.remark(
          "\(chosen.camera) on \(chosen.sols.count) sols, each sol's frame nearest local "
            + (minute.map(ViewEntry.clock) ?? "time unknown"))
      }
      let client = from == nil ? common.makeImageClient(console) : nil
      let (animation, leftOut) = try await maker.movie(
        of: frames, folders: folders, client: client, debayer: debayer, fps: fps)
      Movie.remark(leftOut: leftOut, console, quiet: common.quiet)
      if let output, let format {
        try Movie.write(animation, format: format, to: output, console, quiet: common.quiet)
      }
      if show {
        try await MoviePlayer(choice, width: width, environment: environment, console)
          .play(animation, caption: "\(chosen.camera), \(range)")
      }
      return .success
    }
  }
}
