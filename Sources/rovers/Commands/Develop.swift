import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsGallery
import MarsImaging
import MarsMirror
import PlainText
import RasterImages
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers develop`: raw frames made whole (tiles put back together) and, where they are
  /// Bayer mosaics, colour, as PNG.
  struct Develop: DataCommand {
    static let name = "develop"
    static let spec = CommandSpec(
      name: name, abstract: "Put tiled frames back together and Bayer frames in colour.",
      discussion: """
        Writes the sol's frames that need it whole, as PNG: a full-resolution frame sent as \
        tiles is put back together by each tile's subframe rectangle and scale (never by the \
        tile number in its name), overlaps blended with no seam; a tile that is missing is \
        listed and its area left transparent. A frame whose name says it is a colour \
        camera's raw Bayer readout, and whose pixels confirm it, is demosaicked \
        (Malvar-He-Cutler) and balanced with its camera's published multipliers \
        (--no-debayer only puts tiles together); any other frame is left as it is. Each \
        developed frame goes beside its raw ones, as download lays a folder out: \
        DIR/<rover>/<sol>/<camera>/<first tile>.developed.png, which the gallery shows in \
        their place. Frames are fetched at full resolution, -j at a time, or read from a \
        folder download or sync filled (--from DIR). With image files instead of a rover, \
        they are one frame's tiles (their folder's record gives the rectangles) or one \
        frame, developed into -o FILE.png. Developed into a folder with a gallery, the sol's \
        page is brought up to date.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover-or-files",
          help: "The rover, such as perseverance; or image files of one frame.",
          isRepeated: true, completion: .rovers)
      ],
      options: [
        DayOptions.sol, CameraOptions.repeatable, Self.output.spec, Movie.fromOption.spec,
        Self.noDebayerFlag.spec, Self.matchFlag.spec, DownloadOutput.jobs.spec,
      ]
        // PNG files and a line each, not records: the output formats have nothing to shape.
        + CommonOptions.options(deadline: 3600).filter {
          !["format", "json", "fields", "crlf"].contains($0.long)
        },
      examples: [
        "rovers develop perseverance --sol 895 -o mars",
        "rovers develop perseverance --sol 895 --camera MCZ_LEFT --from m -o m",
        "rovers develop m/perseverance/895/NAVCAM_RIGHT/*NCAM09901* -o frame.png",
      ])

    static let output = Option.text(
      "output", short: "o", value: "path",
      help: "The folder to write into (a rover's sol), or the PNG file (image files).",
      completion: .files)
    static let noDebayerFlag = Flag(
      "no-debayer", help: "Only put tiles together: leave Bayer mosaics grey.")
    static let matchFlag = Flag(
      "match", help: "Scale each tile's brightness to agree with its neighbours' overlaps.")

    /// What the frames come from.
    enum Input: Sendable {
      case sol(SequenceLookup)
      case files([String])
    }

    let common: CommonOptions
    let input: Input
    let output: String
    let from: String?
    let developer: FrameDeveloper
    let jobs: Int

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      let jobs = try settings[DownloadOutput.jobs]
      common = try CommonOptions(settings, deadline: 3600, connectionsPerHost: jobs)
      self.jobs = jobs
      guard let output = try arguments[Self.output].map(HomePath.expanded), !output.isEmpty else {
        throw UsageError(
          message: "Missing expected argument '-o <path>': a folder for a rover's sol, a"
            + " .png file for image files", command: Self.spec)
      }
      self.output = output
      from = try arguments[Movie.fromOption].map(HomePath.expanded)
      developer = FrameDeveloper(
        debayer: !arguments[Self.noDebayerFlag], matchBrightness: arguments[Self.matchFlag])
      let words = arguments.positionals
      if let sol = try DayOptions.sol(arguments, rover: words.count == 1 ? words[0] : nil) {
        guard words.count == 1 else {
          throw UsageError(
            message: "'--sol' is of one rover; give one <rover> (or image files, no --sol)",
            command: Self.spec)
        }
        input = .sol(
          try SequenceLookup(
            "develop",
            common: common, rover: try NameRules.rover(words[0], spec: Self.spec), sol: sol,
            cameras: try CameraOptions.parse(arguments), mirror: from))
      } else {
        guard !words.isEmpty else {
          throw UsageError(
            message: "give a rover and --sol, or image files", command: Self.spec)
        }
        if words.count == 1,
          KnownRovers.names.map({ $0.lowercased() }).contains(words[0].lowercased()),
          FileStatus.of(words[0]) == nil
        {
          throw UsageError(message: "Missing expected argument '--sol <sol>'", command: Self.spec)
        }
        guard from == nil, !arguments.isGiven(CameraOptions.repeatable) else {
          throw UsageError(
            message: "'--from' and '--camera' pick a rover's frames; image files are frames",
            command: Self.spec)
        }
        guard output.lowercased().hasSuffix(".png") else {
          throw UsageError(
            message: "'\(output)' is not a .png file: image files develop into one PNG",
            command: Self.spec)
        }
        input = .files(words)
      }
    }

    func run(_ console: Console) async throws -> ExitCode {
      POSIX.keepLargeBlocksForReuse()
      switch input {
      case .files(let paths):
        try await developFiles(paths, console)
      case .sol(let lookup):
        try await developSol(lookup, console)
      }
      return .success
    }

    /// Image files: the tiles of one frame, or one frame.
    private func developFiles(_ paths: [String], _ console: Console) async throws {
      let frame: (frame: FrameTiles, paths: [String: String])
      do {
        frame = try DevelopedFiles.frame(of: paths)
      } catch let error as DevelopedFiles.NotOneFrame {
        throw UsageError(message: error.description, command: Self.spec)
      }
      let tiles = DevelopTiles(client: nil, jobs: jobs, folder: nil)
      let images = try await tiles.images(of: frame.frame, paths: frame.paths)
      let developed = try develop(frame.frame, images)
      try AtomicFile.write(
        bytes: PNGEncoder.encode(developed.image, alpha: developed.alpha),
        to: URL(fileURLWithPath: output))
      report(developed, frame.frame, path: output, console)
    }

    /// A rover's sol: every frame that needs developing.
    private func developSol(_ lookup: SequenceLookup, _ console: Console) async throws {
      let (photos, folder) = try await lookup.photos(
        from: from, common: common, console, spec: Self.spec)
      let frames = FrameTiles.frames(in: photos.map { $0.resized(to: .full) })
      let wanted = frames.filter {
        $0.isTiled || (developer.debayer && BayerCamera.claimed(by: $0.name) != nil)
      }
      let tiles = DevelopTiles(
        client: folder == nil ? common.makeImageClient(console) : nil, jobs: jobs, folder: folder)
      let root = PhotoFileLayout(root: URL(fileURLWithPath: output))
      var written = 0
      for frame in wanted {
        let images = try await tiles.images(of: frame, paths: nil)
        guard !images.isEmpty else {
          console.remark("\(frame.name): none of its tiles could be had; nothing written")
          continue
        }
        let developed = try develop(frame, images)
        if case .notAMosaic = developed.colour, !frame.isTiled { continue }
        let target = root.folder(rover: lookup.rover, sol: lookup.sol)
          .appendingPathComponent(PhotoFileLayout.pathInSol(for: frame.tiles[0].photo))
          .deletingLastPathComponent()
          .appendingPathComponent(frame.developedFileName)
        try Directories.create(target.deletingLastPathComponent())
        try AtomicFile.write(
          bytes: PNGEncoder.encode(developed.image, alpha: developed.alpha), to: target)
        report(developed, frame, path: target.path, console)
        written += 1
      }
      // Developed into a folder with a gallery: the sol's page shows the frames now.
      if written > 0 {
        Gallery.refresh(root: output, rover: lookup.rover, sol: lookup.sol, common, console)
      }
      if !common.quiet {
        let left = frames.count - written
        console.remark(
          "developed \(written) frame\(written == 1 ? "" : "s") of sol \(lookup.sol);"
            + " \(left) \(left == 1 ? "was" : "were") whole and not a mosaic, left as sent")
      }
    }

    /// The frame developed; a tile that does not fit is a data error (65), naming it.
    private func develop(_ frame: FrameTiles, _ images: [String: RasterImage]) throws
      -> FrameDeveloper.Developed
    {
      do {
        return try developer.develop(frame, images: images)
      } catch let misfit as FrameDeveloper.Misfit {
        throw ImageFileError(name: misfit.name, reason: misfit.reason)
      }
    }

    /// The frame's line on stdout, and on stderr its missing tiles and a colour not made.
    private func report(
      _ developed: FrameDeveloper.Developed, _ frame: FrameTiles, path: String, _ console: Console
    ) {
      for missing in developed.missing {
        console.remark("\(frame.name): tile \(missing) is missing; its area is transparent")
      }
      var what: [String] = []
      if frame.isTiled { what.append("\(frame.tiles.count) tiles") }
      switch developed.colour {
      case .demosaicked(let camera): what.append("colour (\(camera.name))")
      case .notAMosaic:
        if !common.quiet {
          console.remark("\(frame.name) is not a Bayer mosaic: its pixels are left as they are")
        }
      case .asSent:
        if developer.debayer, !frame.isTiled, !common.quiet {
          console.remark(
            "\(frame.name) is not a colour camera's Bayer readout: its pixels are left as they are")
        }
      }
      let out = OutputBuffer(console)
      out.write(
        TerminalText.safe(path)
          + "  \(developed.image.width)x\(developed.image.height)"
          + (what.isEmpty ? "" : "  " + what.joined(separator: ", ")) + "\n")
      out.flush()
    }
  }
}
