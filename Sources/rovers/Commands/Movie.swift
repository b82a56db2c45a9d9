import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsImaging
import MarsMirror
import RasterImages
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers movie`: a sequence's frames as an animated PNG or GIF, played where you are.
  struct Movie: DataCommand {
    static let name = "movie"
    static let spec = CommandSpec(
      name: name, abstract: "Make a sequence's frames into an APNG or GIF movie, and play it.",
      discussion: """
        The frames of one sequence of the sol (rovers sequences lists them), in the order \
        they were taken (by spacecraft clock, else by time), fetched -j at a time, or read \
        from a folder download or sync filled (--from DIR). Frames of another size than \
        most are left out, and the run says so. With image files instead of a rover, they \
        play in the order given. -o FILE.png writes an animated PNG, -o FILE.gif a GIF \
        (256 greys for grey frames, a palette made from the frames for colour ones); each \
        keeps only what changed from frame to frame. Each frame shows for 1/--fps s, or \
        with --real-time for the real gap to the next, --speed times faster. --diff shows \
        each frame minus the sequence's median (or --background mean), stretched around \
        mid-grey, so that what moves stands out: dust devils, clouds, shadows; --stack puts \
        each raw frame above its difference. --show plays it in the terminal until q, \
        Escape or Ctrl-C.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover-or-frames",
          help: "The rover, such as perseverance; or two or more image files.",
          isRepeated: true, completion: .rovers)
      ],
      options: [
        DayOptions.sol, Self.sequenceOption.spec, CameraOptions.repeatable, Self.output.spec,
        Self.fpsOption.spec, Self.realTimeFlag.spec, Self.speedOption.spec, Self.diffFlag.spec,
        Self.backgroundOption.spec, Self.stackFlag.spec, Self.fromOption.spec,
        Self.showFlag.spec, DownloadOutput.jobs.spec, PictureSetup.option.option.spec,
        Show.widthOption.spec, DebayerOption.flag.spec,
      ] + CommonOptions.options(deadline: 3600),
      examples: [
        "rovers movie perseverance --sol 888 --sequence NCAM00518 -o dust.gif",
        "rovers movie perseverance --sol 888 --sequence NCAM00518 --diff --show",
        "rovers movie perseverance --sol 888 --sequence NCAM00518 --real-time -o m.png",
        "rovers movie perseverance --sol 888 --sequence NCAM00518 --from mars -o m.gif",
        "rovers movie frames/*.png -o movie.gif --fps 8",
      ])

    static let sequenceOption = Option.text(
      "sequence", value: "id", help: "The sequence, such as NCAM00518 (see rovers sequences).")
    static let output = Option.text(
      "output", short: "o", value: "file",
      help: "The movie to write: FILE.png (animated PNG) or FILE.gif.", completion: .files)
    static let fpsOption = Option.number(
      "fps", value: "n", help: "Frames a second.", default: 4, shownDefault: "4",
      in: 0.01...100, reason: "give a number of frames a second, above 0 and at most 100")
    static let realTimeFlag = Flag(
      "real-time", help: "Each frame shows for the real time to the next one, sped up by --speed.")
    static let speedOption = Option.number(
      "speed", value: "x", help: "With --real-time, play this many times faster.", default: 1,
      shownDefault: "1", in: 0.001...1_000_000, reason: "give a number above 0")
    static let diffFlag = Flag(
      "diff", help: "Each frame minus the sequence's background, around mid-grey: what moves.")
    static let backgroundOption = Option<FrameDifference.Background>.choice(
      "background", value: "kind", help: "What --diff takes away: the median or the mean.",
      default: .median)
    static let stackFlag = Flag("stack", help: "Each raw frame above its difference.")
    static let fromOption = Option.text(
      "from", value: "dir", help: "Read the frames from a folder download or sync filled.",
      completion: .directories)
    static let showFlag = Flag("show", help: "Play the movie in the terminal.")

    /// What the frames come from.
    enum Input: Sendable {
      case sequence(SequenceLookup, id: String)
      case files([String])
    }

    /// The file format, by the output's extension.
    enum Format: String, Sendable {
      case png, gif
    }

    let common: CommonOptions
    let input: Input
    let output: String?
    let format: Format?
    let fps: Double
    let realTime: Bool
    let speed: Double
    let diff: Bool
    let stack: Bool
    let background: FrameDifference.Background
    let from: String?
    let show: Bool
    let jobs: Int
    let choice: PictureSetup.Choice
    let width: Int?
    let environment: [String: String]
    let debayer: Debayering

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      let jobs = try settings[DownloadOutput.jobs]
      common = try CommonOptions(settings, deadline: 3600, connectionsPerHost: jobs)
      self.jobs = jobs
      output = try arguments[Self.output].map(HomePath.expanded)
      fps = try arguments[Self.fpsOption] ?? 4
      realTime = arguments[Self.realTimeFlag]
      speed = try arguments[Self.speedOption] ?? 1
      stack = arguments[Self.stackFlag]
      diff = arguments[Self.diffFlag] || stack
      background = try arguments[Self.backgroundOption] ?? .median
      from = try arguments[Self.fromOption].map(HomePath.expanded)
      show = arguments[Self.showFlag]
      choice = try settings[PictureSetup.option]
      width = try arguments[Show.widthOption]
      environment = settings.environment
      debayer = try DebayerOption.parse(arguments, settings: settings)
      format = try output.map(Self.format)
      if output == nil {
        guard show else {
          throw UsageError(
            message: "give -o <file>.png or -o <file>.gif, or --show", command: Self.spec)
        }
      }
      let words = arguments.positionals
      if let sol = try DayOptions.sol(arguments, rover: words.count == 1 ? words[0] : nil) {
        guard words.count == 1 else {
          throw UsageError(
            message: "'--sol' is of one rover; give one <rover> (or image files, no --sol)",
            command: Self.spec)
        }
        guard let sequence = try arguments[Self.sequenceOption], !sequence.isEmpty else {
          throw UsageError(
            message: "Missing expected argument '--sequence <id>' (rovers sequences lists them)",
            command: Self.spec)
        }
        let lookup = try SequenceLookup(
          "movie",
          common: common, rover: try NameRules.rover(words[0], spec: Self.spec), sol: sol,
          cameras: try CameraOptions.parse(arguments), mirror: from)
        input = .sequence(lookup, id: sequence.uppercased())
      } else {
        guard words.count >= 2 else {
          // One word that names a file is a movie of files, one frame short; any other is a
          // rover without its sol.
          let oneFile = words.count == 1 && FileStatus.of(words[0])?.kind == .file
          throw UsageError(
            message: oneFile
              ? "'\(words[0])' is one frame: a movie needs 2 or more image files"
              : words.count == 1
                ? "Missing expected argument '--sol <sol>'"
                : "give a rover, --sol and --sequence, or two or more image files",
            command: Self.spec)
        }
        guard from == nil, try arguments[Self.sequenceOption] == nil else {
          throw UsageError(
            message: "'--sequence' and '--from' pick a rover's frames; image files are frames",
            command: Self.spec)
        }
        guard !realTime else {
          throw UsageError(
            message: "'--real-time' needs the times of a rover's frames; give --fps for files",
            command: Self.spec)
        }
        input = .files(words)
      }
    }

    func run(_ console: Console) async throws -> ExitCode {
      POSIX.keepLargeBlocksForReuse()
      let (frames, label, skipped) = try await frameInputs(console)
      // Files on disk need no client: making one loads libcurl and its thirty libraries.
      let fetches = frames.contains { $0.path == nil }
      let gatherer = MovieFrames(
        client: fetches ? common.makeImageClient(console) : nil, jobs: jobs, debayer: debayer)
      let gathered = try await gatherer.gather(frames)
      if !common.quiet, let remark = debayer.remark() { console.remark(remark) }
      // Those the feeds said were of another size, and those that turned out so once decoded.
      let leftOut = skipped + gathered.leftOut
      Self.remark(leftOut: leftOut, console, quiet: common.quiet)
      guard gathered.frames.count >= 2 else {
        throw ImageFileError(
          name: label,
          reason: "it has \(gathered.frames.count) usable frame"
            + "\(gathered.frames.count == 1 ? "" : "s"); a movie needs 2 or more")
      }
      let timing = MovieFrames.delays(
        gathered.frames, fps: fps, realTime: realTime, speed: speed)
      if realTime, !timing.real, !common.quiet {
        console.remark("the frames' times are not known: each shows for 1/\(fps) s")
      }
      let raw = gathered.frames.map(\.image)
      let pictures =
        stack
        ? FrameDifference.stacked(raw, from: background)
        : diff ? FrameDifference.frames(raw, from: background) : raw
      let animation = Animation(frames: pictures, delays: timing.delays)
      if let output, let format {
        try Self.write(animation, format: format, to: output, console, quiet: common.quiet)
      }
      if show {
        try await MoviePlayer(choice, width: width, environment: environment, console)
          .play(animation, caption: label)
      }
      return .success
    }

    /// The movie format an output's extension names; a usage error for any other.
    static func format(of output: String) throws -> Format {
      let suffix = URL(fileURLWithPath: output).pathExtension.lowercased()
      guard let format = Format(rawValue: suffix) else {
        throw UsageError(
          message: "'\(output)' is neither a .png nor a .gif file: the extension says which"
            + " movie to write", command: spec)
      }
      return format
    }

    /// Names the frames left out for their size, if any.
    static func remark(leftOut: [String], _ console: Console, quiet: Bool) {
      guard !leftOut.isEmpty, !quiet else { return }
      console.remark(
        "left out \(leftOut.count) frame\(leftOut.count == 1 ? "" : "s")"
          + " of another size: " + leftOut.joined(separator: ", "))
    }

    /// Writes `animation` whole to `output` in `format`, and says what was written.
    static func write(
      _ animation: Animation, format: Format, to output: String, _ console: Console, quiet: Bool
    ) throws {
      let bytes = format == .png ? APNGEncoder.encode(animation) : GIFEncoder.encode(animation)
      try AtomicFile.write(bytes: bytes, to: URL(fileURLWithPath: output))
      if !quiet {
        let seconds = Double(animation.delays.reduce(0, +)) / 1000
        console.remark(
          "wrote \(output): \(animation.frames.count) frames of"
            + " \(animation.width)x\(animation.height), \(Self.seconds(seconds)) a loop")
      }
    }

    /// Seconds to a tenth: `2.0 s`.
    static func seconds(_ value: Double) -> String {
      let tenths = Int((value * 10).rounded())
      return "\(tenths / 10).\(tenths % 10) s"
    }

    /// The frames to get, how the run names the movie, and the frames left out for their size.
    private func frameInputs(_ console: Console) async throws -> (
      [MovieFrames.Input], String, [String]
    ) {
      switch input {
      case .files(let paths):
        return (paths.map { MovieFrames.Input(name: $0, photo: nil, path: $0) }, "the frames", [])
      case .sequence(let lookup, let id):
        let (found, folder) = try await sequences(lookup, console)
        let matching = found.filter { $0.id == id }
        guard let chosen = matching.max(by: { $0.framesOfItsSize.count < $1.framesOfItsSize.count })
        else {
          let listed = found.map { "\($0.id) (\($0.kind.rawValue), \($0.photos.count))" }
          throw UsageError(
            message: "sol \(lookup.sol) of \(lookup.rover) has no sequence \(id)"
              + (listed.isEmpty
                ? " (it has none)" : "; it has " + listed.uniqued().joined(separator: ", ")),
            command: Self.spec)
        }
        if matching.count > 1, !common.quiet {
          console.remark(
            "\(id) was taken by \(matching.map(\.camera).uniqued().joined(separator: ", "))"
              + " (\(matching.compactMap(\.eye).uniqued().joined(separator: ", "))):"
              + " making \(chosen.camera)\(chosen.eye.map { " \($0)" } ?? ""); pick with --camera")
        }
        let frames = chosen.framesOfItsSize
        let kept = Set(frames.map(\.nasaID))
        let skipped = chosen.photos.map(\.nasaID).filter { !kept.contains($0) }
        let inputs = frames.map { photo in
          MovieFrames.Input(
            name: photo.nasaID, photo: photo,
            path: folder.map {
              $0.appendingPathComponent(PhotoFileLayout.pathInSol(for: photo)).path
            })
        }
        return (inputs, id, skipped)
      }
    }

    /// The sol's sequences: from the folder's record with `--from`, else fetched.
    private func sequences(_ lookup: SequenceLookup, _ console: Console) async throws -> (
      [ObservationSequence], URL?
    ) {
      let (photos, folder) = try await lookup.photos(
        from: from, common: common, console, spec: Self.spec)
      return (SequenceFinder.sequences(in: photos), folder)
    }
  }
}
