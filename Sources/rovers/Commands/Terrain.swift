import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsGallery
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
  /// `rovers terrain`: range maps, point clouds and meshes from a sol's stereo pairs, by their
  /// camera models.
  struct Terrain: DataCommand {
    static let name = "terrain"
    static let spec = CommandSpec(
      name: name,
      abstract: "Make range maps, point clouds and meshes from a sol's stereo pairs.",
      discussion: """
        Each pair's frames are fetched at full size (or read with --from from a folder \
        download or sync filled), a frame sent as tiles put together whole (its pair named \
        by its top-left tile) and Bayer frames given their colour, as develop makes them, \
        and resampled by their camera models onto a rectified pair whose rows are epipolar \
        lines. Disparities come \
        from semi-global matching (census costs, five paths, subpixel, a left-right check), \
        and each matched pixel is triangulated where its two rays pass closest; rays that \
        miss by more than 5 mm per metre of range, diverge, or meet beyond 1000 baselines \
        are no point. Written into DIR for each pair, on the left frame's own pixel grid: \
        LEFT_ID-range.png (16-bit, millimetres, 0 for none, 65535 for 65.535 m or more), \
        LEFT_ID-points.ply (binary, coloured from the left frame) and LEFT_ID-mesh.glb (glTF \
        2.0, textured with the left \
        frame, a vertex every few pixels, cut where the range jumps), each whole or not at \
        all; a pair whose files are there is skipped. Points are in metres in the rover \
        frame (+X forward, +Y right, +Z down), or with --frame in the site's or the left \
        camera's; the mesh is turned to glTF's +Y up. The models are in NASA's feeds only \
        (--source api is refused). A pair whose frame has no model is left out with a remark. \
        With --from and no -o, the files go beside the sol's photos (named terrain-LEFT_ID-…) \
        and the sol's gallery page shows each terrain in 3D: drag to turn, scroll to zoom.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover-or-files",
          help: "The rover, such as curiosity; or a left and a right image file (with --records).",
          isRepeated: true, completion: .rovers)
      ],
      options: [
        DayOptions.sol, CameraOptions.repeatable, Self.pairOption.spec, Self.recordsOption.spec,
        Self.output.spec,
        Self.frameOption.spec, Self.disparitiesOption.spec, Movie.fromOption.spec,
        Self.showFlag.spec, DownloadOutput.jobs.spec, PictureSetup.option.option.spec,
        Show.widthOption.spec,
      ] + CommonOptions.options(deadline: 3600),
      examples: [
        "rovers terrain curiosity --sol 86 -o 3d",
        "rovers terrain curiosity --sol 86 --show",
        "rovers terrain perseverance --sol 888 --camera NAVCAM -o 3d --frame site",
        "rovers terrain curiosity --sol 86 --from mars",
        "rovers terrain left.jpg right.jpg --records sol86.json -o 3d",
      ])

    static let pairOption = Option.text(
      "pair", value: "left-id", help: "Only the pair whose left frame has this NASA id.")
    static let recordsOption = Option.text(
      "records", value: "file",
      help: "With two image files: their records, as photos --source nasa --json prints them.",
      completion: .files)
    static let output = Option.text(
      "output", short: "o", value: "dir", help: "The folder for each pair's files.",
      completion: .directories)
    static let frameOption = Option<TerrainFrame>.choice(
      "frame", value: "frame", help: "The frame the points are in.", default: .rover)
    static let disparitiesOption = Option.integer(
      "disparities", value: "n",
      help: "How far apart (pixels) a point's two pixels may be, 16 to 1024. (default: 256)",
      in: 16...1024, reason: "give a whole number of pixels, 16 to 1024")
    static let showFlag = Flag(
      "show", help: "Draw each range map in the terminal, a scale in metres under it.")

    /// What the pairs come from: a sol, or two files and their records.
    enum Input {
      case sol(SequenceLookup)
      case files(left: String, right: String, records: String)
    }

    let common: CommonOptions
    let input: Input
    let (pair, output, from, show): (String?, String?, String?, Bool)
    let (frame, disparities, jobs): (TerrainFrame, Int, Int)
    let (choice, width, environment): (PictureSetup.Choice, Int?, [String: String])

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      jobs = try settings[DownloadOutput.jobs]
      common = try CommonOptions(settings, deadline: 3600, connectionsPerHost: jobs)
      from = try arguments[Movie.fromOption].map(HomePath.expanded)
      let words = arguments.positionals
      if let records = try arguments[Self.recordsOption].map(HomePath.expanded) {
        guard words.count == 2, from == nil, try arguments[DayOptions.solOption] == nil else {
          throw UsageError(
            message: "--records goes with a left and a right image file, and no --sol or --from",
            command: Self.spec)
        }
        input = .files(left: words[0], right: words[1], records: records)
      } else {
        guard words.count <= 1 else {
          throw UsageError(
            message: "give a rover and --sol, or two image files and --records <file>",
            command: Self.spec)
        }
        input = .sol(
          try SequenceLookup(arguments, common: common, spec: Self.spec, mirror: from))
      }
      pair = try arguments[Self.pairOption]
      output = try arguments[Self.output].map(HomePath.expanded)
      show = arguments[Self.showFlag]
      frame = try arguments[Self.frameOption] ?? .rover
      disparities = try arguments[Self.disparitiesOption] ?? 256
      guard output != nil || show || from != nil else {
        throw UsageError(
          message: "terrain writes files: give -o <dir>, --from <dir> (beside the sol's photos),"
            + " or --show to only draw", command: Self.spec)
      }
      (choice, width) = (try settings[PictureSetup.option], try arguments[Show.widthOption])
      environment = settings.environment
      try common.output.check(fields: TerrainEntry.fields.map(\.name), spec: Self.spec)
    }

    func run(_ console: Console) async throws -> ExitCode {
      // Frames are decoded and matched in arrays of megabytes: the freed ones are reused.
      POSIX.keepLargeBlocksForReuse()
      var (pairs, folder, files): ([StereoPair], URL?, [String: String]) = ([], nil, [:])
      var tiled: [String: FrameTiles] = [:]
      var lookup: SequenceLookup?
      switch input {
      case .files(let left, let right, let records):
        let pair = try TerrainMaker.pair(of: left, right, records: records)
        (pairs, files) = ([pair], [pair.left.nasaID: left, pair.right.nasaID: right])
      case .sol(let asked):
        lookup = asked
        (pairs, tiled, folder) = try await solPairs(of: asked, console)
      }
      // With --from and no -o, into the sol's folder beside its photos, for the gallery.
      let besidePhotos = output == nil && !show ? folder : nil
      var maker = TerrainMaker(
        client: from == nil && files.isEmpty ? common.makeImageClient(console) : nil,
        mirror: folder,
        folder: output.map { URL(fileURLWithPath: $0) } ?? besidePhotos, frame: frame,
        disparities: disparities, keepRanges: show)
      if besidePhotos != nil { maker.prefix = TerrainView.prefix }
      (maker.files, maker.tiled) = (files, tiled)
      let drawer =
        show ? PictureDrawer(choice, width: width, environment: environment, console) : nil
      var entries: [TerrainEntry] = []
      try await maker.make(pairs) { made in
        var entry = Self.entry(made, console, quiet: common.quiet)
        if let besidePhotos, made.status == .written || made.status == .skipped {
          do {
            try TerrainView.writeScript(pair: made.pair.left.nasaID, in: besidePhotos)
          } catch {
            entry.error = console.redacted(ErrorReport(error).message)
            entry.failure = error
            console.error(ErrorReport(error).message)
          }
        }
        if let ranges = made.ranges, let drawer,
          let picture = RangePicture(
            width: ranges.width, height: ranges.height, millimetres: ranges.millimetres)
        {
          drawer.draw(
            PNGEncoder.encode(picture.image),
            caption: "\(made.pair.camera) · sol \(made.pair.left.sol) · \(made.pair.left.nasaID)"
              + " · " + picture.caption)
        }
        entries.append(entry)
      }
      try common.output.write(
        TerrainEntry.records(entries), json: entries, table: show ? { _, _ in } : nil,
        to: console)
      if besidePhotos != nil, let from, let lookup {
        Gallery.refresh(root: from, rover: lookup.rover, sol: lookup.sol, common, console)
      }
      if let output = output ?? besidePhotos?.path, !common.quiet, !pairs.isEmpty {
        let count = { (status: String) in entries.filter { $0.status == status }.count }
        let written = count("written")
        console.remark(
          "wrote the terrain of \(written) pair\(written == 1 ? "" : "s") to \(output)"
            + (count("skipped") > 0 ? ", \(count("skipped")) already there" : "")
            + (count("left out") > 0 ? ", \(count("left out")) left out" : "")
            + (count("failed") > 0 ? ", \(count("failed")) failed" : ""))
      }
      return ExitCode.worst(entries.compactMap { $0.failure.map { ErrorReport($0).code } })
    }

    /// The sol's pairs (of the cameras asked, or the one asked by any tile of its left frame)
    /// and their frames sent as tiles, from NASA's feeds, which carry the camera models, or
    /// from a mirror's record (with its folder).
    private func solPairs(of lookup: SequenceLookup, _ console: Console) async throws
      -> ([StereoPair], [String: FrameTiles], URL?)
    {
      let (photos, folder) =
        from == nil
        ? (try await lookup.photos(in: common.makeFeeds(console)), nil)
        : try await lookup.photos(from: from, common: common, console, spec: Self.spec)
      let wanted = lookup.cameras.map { $0.uppercased() }
      var (pairs, tiled) = TerrainMaker.pairs(in: photos)
      if !wanted.isEmpty {
        pairs.removeAll { pair in !wanted.contains { Stereo.matches(pair, $0) } }
      }
      if pairs.isEmpty, self.pair == nil, !common.quiet {
        console.diagnostic(
          Stereo.withoutPairs(
            photos: photos.count, cameras: wanted, sol: lookup.sol, rover: lookup.rover))
      }
      if let asked = self.pair {
        let names = { (photo: Photo) in
          photo.nasaID == asked
            || tiled[photo.nasaID]?.tiles.contains { $0.photo.nasaID == asked } == true
        }
        // A right frame's id is a likely slip: the pair it belongs to is named.
        if let other = pairs.first(where: { names($0.right) }) {
          throw UsageError(
            message: "\(asked) is the right frame of the pair \(other.left.nasaID): give its"
              + " left frame to --pair", command: Self.spec)
        }
        pairs = pairs.filter { names($0.left) }
        guard !pairs.isEmpty else {
          throw UsageError(
            message: "sol \(lookup.sol) of \(lookup.rover) has no stereo pair whose left frame"
              + " is \(asked)", command: Self.spec)
        }
      }
      return (pairs, tiled, folder)
    }

    /// The output entry of what was made; a failure or a pair left out is said on stderr.
    static func entry(_ made: TerrainMaker.Made, _ console: Console, quiet: Bool)
      -> TerrainEntry
    {
      var entry = TerrainEntry(pair: made.pair, status: made.status.rawValue)
      entry.files = made.files
      if let summary = made.summary {
        entry.points = summary.points
        entry.coverage = summary.coverage
        entry.range = summary.range
        entry.medianMiss = summary.medianMiss
      }
      if let failure = made.failure {
        entry.error = console.redacted(ErrorReport(failure).message)
        entry.failure = failure
        console.error(ErrorReport(failure).message)
      } else if let reason = made.reason {
        entry.error = reason
        if !quiet { console.remark("\(made.pair.left.nasaID): left out, \(reason)") }
      }
      return entry
    }
  }
}
