import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsImaging
import MarsMirror
import RasterImages
import RoverAPI
import SystemInterface
import TerminalPictures

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers stereo`: a sol's stereo pairs, and red/cyan anaglyphs of them.
  struct Stereo: DataCommand {
    static let name = "stereo"
    static let spec = CommandSpec(
      name: name, abstract: "List a sol's stereo pairs; make and show red/cyan anaglyphs.",
      discussion: """
        The Hazcams, Navcams and Mastcam-Z (and Spirit's and Opportunity's cameras) take a \
        left and a right frame at once, named alike but for the eye: those of the sol whose \
        partner is there too are a pair. Curiosity's Mastcam, whose eyes differ in focal \
        length, is paired only with --camera MAST, its right frame scaled to the left's \
        size. A --camera matches either eye's camera, or the start of its name (NAVCAM for \
        NAVCAM_LEFT). With -o DIR, both frames of each pair are fetched and one anaglyph is \
        written as DIR/<left NASA id>-anaglyph.png, red from the left eye, green and blue \
        from the right, whole or not at all; one already there is skipped. With two image \
        files instead of a rover, their anaglyph is written to -o FILE, a PNG, or a JPEG at \
        quality 90 when its name ends in .jpg. --shift moves the \
        right frame to set where the picture sits in depth; --show draws the anaglyphs in \
        the terminal as show does.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover-or-files",
          help: "The rover, such as curiosity; or a left and a right image file.",
          isRepeated: true, completion: .rovers)
      ],
      options: [
        DayOptions.sol, CameraOptions.repeatable, Self.output.spec, Self.shiftOption.spec,
        Self.showFlag.spec, SizeOption.spec, DownloadOutput.jobs.spec,
        PictureSetup.option.option.spec, Show.widthOption.spec, DebayerOption.flag.spec,
      ] + PlaceOptions.specs + CommonOptions.options(deadline: 3600),
      examples: [
        "rovers stereo curiosity --sol 1000",
        "rovers stereo curiosity --sol 1000 -o 3d",
        "rovers stereo perseverance --sol 0 --camera FRONT_HAZCAM --show",
        "rovers stereo left.jpg right.jpg -o 3d.png --shift 12",
        "rovers stereo perseverance --near 18.4447,77.4508 --within 100m",
      ])

    static let output = Option.text(
      "output", short: "o", value: "path",
      help: "The folder for the anaglyphs; with two image files, the file to write (.png, or"
        + " .jpg for a JPEG).",
      completion: .directories)
    static let shiftOption = Option.integer(
      "shift", value: "px",
      help: "Move the right frame this many pixels right (left if negative). (default: 0)",
      in: -100_000...100_000, reason: "give a whole number of pixels")
    static let showFlag = Flag("show", help: "Draw the anaglyphs in the terminal.")

    /// What the pairs come from.
    enum Input {
      /// A sol's pairs; with `--near` alone, those of every sol near the place (`nil`).
      case sol(rover: String, sol: Int?)
      case files(left: String, right: String)
    }

    let common: CommonOptions
    let input: Input
    let cameras: [String]
    let output: String?
    let shift: Int
    let show: Bool
    let size: SizeOption
    let jobs: Int
    let choice: PictureSetup.Choice
    let width: Int?
    let environment: [String: String]
    let placing: PhotoPlacing
    let debayer: Debayering

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      let jobs = try settings[DownloadOutput.jobs]
      common = try CommonOptions(settings, deadline: 3600, connectionsPerHost: jobs)
      self.jobs = jobs
      cameras = try CameraOptions.parse(arguments)
      output = try arguments[Self.output].map(HomePath.expanded)
      shift = try arguments[Self.shiftOption] ?? 0
      show = arguments[Self.showFlag]
      size = try SizeOption(settings)
      choice = try settings[PictureSetup.option]
      width = try arguments[Show.widthOption]
      environment = settings.environment
      placing = try PhotoPlacing(arguments, common: common)
      debayer = try DebayerOption.parse(arguments, settings: settings)
      let words = arguments.positionals
      if let sol = try DayOptions.sol(arguments, rover: words.count == 1 ? words[0] : nil) {
        guard words.count == 1 else {
          throw UsageError(
            message: "'--sol' is of one rover; give one <rover> (or two image files, no --sol)",
            command: Self.spec)
        }
        input = .sol(rover: try NameRules.rover(words[0], spec: Self.spec), sol: sol)
      } else if words.count == 1, placing.area != nil {
        input = .sol(rover: try NameRules.rover(words[0], spec: Self.spec), sol: nil)
      } else {
        guard words.count == 2 else {
          throw UsageError(
            message: words.count == 1
              ? "Missing expected argument '--sol <sol>'"
              : "give a rover and --sol, or a left and a right image file", command: Self.spec)
        }
        guard output != nil || show else {
          throw UsageError(
            message: "two image files make one anaglyph: give -o <file>.png or --show",
            command: Self.spec)
        }
        guard cameras.isEmpty else {
          throw UsageError(
            message: "'--camera' picks a sol's pairs; two image files are one pair",
            command: Self.spec)
        }
        input = .files(left: words[0], right: words[1])
      }
      try common.output.check(fields: StereoEntry.fields.map(\.name), spec: Self.spec)
    }

    static var fieldNames: [String] { StereoEntry.fields.map(\.name) }

    func run(_ console: Console) async throws -> ExitCode {
      // Pictures are decoded and encoded in arrays of megabytes: the freed ones are reused.
      POSIX.keepLargeBlocksForReuse()
      defer { if !common.quiet, let remark = debayer.remark() { console.remark(remark) } }
      switch input {
      case .files(let left, let right): return try await combineFiles(left, right, console)
      case .sol(let rover, let sol): return try await pairs(of: rover, sol: sol, console)
      }
    }

    /// What is said on stderr when a sol (`nil`: the sols near a place) has no pair of the
    /// cameras asked, so an empty answer is not taken for a quiet failure: `stereo` and
    /// `terrain` say it alike.
    static func withoutPairs(photos: Int, cameras: [String], sol: Int?, rover: String) -> String {
      let which = cameras.isEmpty ? "" : " of \(cameras.joined(separator: ", "))"
      // A sol with photos of other cameras is not a sol without photos.
      guard photos > 0 else { return "no photos\(which) on sol \(sol ?? 0) of \(rover)" }
      let of = sol.map { "of sol \($0)" } ?? "near the place"
      return "no stereo pairs\(which) among the \(photos) photos \(of)"
    }

    /// Whether `camera` (upper-cased) asks for the pair: either eye's camera, or its start.
    static func matches(_ pair: StereoPair, _ camera: String) -> Bool {
      CameraCheck.names([pair.left.camera.name, pair.right.camera.name], startWith: camera)
    }

    /// The sol's pairs (or with `--near` alone, those of the sols near the place): listed,
    /// made into anaglyphs in `-o`, drawn with `--show`.
    private func pairs(of rover: String, sol: Int?, _ console: Console) async throws -> ExitCode {
      let archive = common.makeArchive(console)
      let day = sol.map { PhotoQuery.Day.day(.sol($0)) } ?? placing.everySol ?? .latest
      let (listed, traverse, placeCode) = try await placing.fetch(
        PhotoQuery(rover: rover, day: day, cameras: []), from: archive, common: common, console)
      let photos = placing.apply(traverse, to: listed)
      let wanted = cameras.map { $0.uppercased() }
      if !wanted.isEmpty {
        // A camera the rover never had is a typo to point out (exit 64), as everywhere.
        let listed = try await archive.checkingRover(rover) { try await archive.fetchRover(rover) }
        try CameraCheck.checkStarts(wanted, on: listed)
      }
      let found = StereoPairing.pairs(in: photos, mastcam: wanted.contains("MAST"))
        .filter { pair in wanted.isEmpty || wanted.contains { Self.matches(pair, $0) } }
        .map {
          StereoPair(left: $0.left.resized(to: size.size), right: $0.right.resized(to: size.size))
        }
      if found.isEmpty, !common.quiet {
        console.diagnostic(
          (photos.isEmpty ? placing.emptyNote : nil)
            ?? Self.withoutPairs(photos: photos.count, cameras: wanted, sol: sol, rover: rover))
      }
      guard output != nil || show else {
        let entries = found.map { StereoEntry(pair: $0) }
        try common.output.write(
          StereoEntry.records(entries, made: false), json: entries, to: console)
        return placeCode
      }
      return ExitCode.worst([placeCode, try await makeAnaglyphs(of: found, console)])
    }

    /// Each pair's anaglyph, `-j` at a time: written into `-o`, drawn with `--show`, in order;
    /// a summary on stderr, and the worst failure's exit code.
    private func makeAnaglyphs(of found: [StereoPair], _ console: Console) async throws
      -> ExitCode
    {
      let batch = AnaglyphBatch(
        maker: AnaglyphMaker(
          client: common.makeImageClient(console), shift: shift, debayer: debayer),
        folder: output.map { URL(fileURLWithPath: $0) }, keep: show, jobs: jobs)
      let drawer = show ? PictureDrawer(self, console) : nil
      var entries: [StereoEntry] = []
      try await batch.make(found) { made in
        var entry = StereoEntry(pair: made.pair, file: made.file, status: made.status.rawValue)
        if let failure = made.failure {
          entry.error = console.redacted(ErrorReport(failure).message)
          entry.failure = failure
          console.error(ErrorReport(failure).message)
        }
        if let png = made.png {
          drawer?.draw(
            png,
            caption: "\(made.pair.camera) · sol \(made.pair.left.sol) · \(made.pair.left.nasaID)")
        }
        entries.append(entry)
      }
      if output != nil {
        try common.output.write(
          StereoEntry.records(entries, made: true), json: entries, table: show ? { _, _ in } : nil,
          to: console)
      }
      let written = entries.filter { $0.status == "written" }.count
      let skipped = entries.filter { $0.status == "skipped" }.count
      let failed = entries.filter { $0.status == "failed" }
      if let output, !common.quiet, !found.isEmpty {
        console.remark(
          "wrote \(written) anaglyph\(written == 1 ? "" : "s") to \(output)"
            + (skipped > 0 ? ", \(skipped) already there" : "")
            + (failed.isEmpty ? "" : ", \(failed.count) failed"))
      }
      return ExitCode.worst(failed.compactMap { $0.failure.map { ErrorReport($0).code } })
    }

    /// Two local files' anaglyph, written to `-o` and drawn with `--show`.
    private func combineFiles(_ leftPath: String, _ rightPath: String, _ console: Console)
      async throws -> ExitCode
    {
      let extensionName = output.map { URL(fileURLWithPath: $0).pathExtension.lowercased() }
      let png = try await AnaglyphMaker.combine(
        leftPath, rightPath, shift: shift, debayer: debayer,
        jpeg: ["jpg", "jpeg"].contains(extensionName))
      if let output {
        // Whole or not at all, but not forced to disk: the picture is made again from the two
        // files by the same command (nothing skips it as already there), and the sync was a
        // tenth of the command's time.
        try AtomicFile.write(bytes: png, to: URL(fileURLWithPath: output), durable: false)
        if !common.quiet { console.diagnostic("wrote \(output)") }
      }
      if show {
        PictureDrawer(self, console).draw(
          png,
          caption: "\(URL(fileURLWithPath: leftPath).lastPathComponent) + "
            + URL(fileURLWithPath: rightPath).lastPathComponent)
      }
      return .success
    }
  }
}
