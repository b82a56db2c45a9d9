import ArgumentParsing
import CommandRuntime
import MarsFetching
import MarsImaging
import MarsMirror
import PlainText
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
  /// `rovers show`: the photos themselves, drawn in the terminal.
  struct Show: DataCommand {
    static let name = "show"
    static let spec = CommandSpec(
      name: name, abstract: "Draw photos in the terminal: image files, or a rover's day.",
      discussion: """
        With --sol, --earth-date, --latest or a range, fetches that day's photos of the rover \
        and draws them in the server's order, each with a caption (camera, sol, NASA id), a \
        full-resolution frame sent as tiles as one picture, its tiles put back together and \
        numbered in its caption, each a link to its file; \
        otherwise draws the image files given (JPEG or PNG). The protocol is the terminal's \
        own (iTerm2's, kitty's, sixel) or half-blocks in colour; not on a terminal, or with \
        --image-protocol none, one line per image names it. One image takes the terminal's \
        width; several make a contact sheet of pictures 40 columns wide.
        """,
      arguments: [
        ArgumentSpec(
          name: "file-or-rover",
          help: "Image files, or the rover whose photos to fetch with --sol and the like.",
          isRepeated: true, completion: .files)
      ],
      options: [DayOptions.sol, DayOptions.earthDate, DayOptions.latest] + DayOptions.range + [
        CameraOptions.repeatable, Self.sizeOption.spec, Self.limitOption.spec,
        PictureSetup.option.option.spec, Self.widthOption.spec, DebayerOption.flag.spec,
      ]
        // Pictures, not records: the output formats and fields have nothing to shape.
        + CommonOptions.specs.filter { !["format", "json", "fields", "crlf"].contains($0.long) },
      elsewhere: [
        "--json":
          "show draws pictures; for the photos as JSON, use 'rovers photos <rover> --sol <sol> --json'.",
        "--format":
          "show draws pictures; for a list, use 'rovers photos <rover> --sol <sol> --format <format>'.",
      ],
      examples: [
        "rovers show perseverance --sol 100 --camera NAVCAM_LEFT",
        "rovers show ~/mars/perseverance/100/*/*",
        "rovers show curiosity --latest --image-protocol blocks --width 60",
      ])

    static let sizeOption = Option<ImageSize>.choice(
      "size", value: "size",
      help: "Perseverance images at 320, 800 or 1200 px, or full resolution. (default: small)")
    static let limitOption = Option.integer(
      "limit", value: "n", help: "At most this many photos, the first in the server's order.",
      in: 1...Int.max, reason: "give a number of photos, 1 or more")
    static let widthOption = Option.integer(
      "width", value: "cols",
      help:
        "Columns per picture. (default: the terminal's width for one, 40 for several)",
      in: 4...1000, reason: "give a number of columns from 4 to 1000")

    /// The width of each picture of a contact sheet, and the space between.
    static let sheetWidth = 40
    static let sheetGap = 2

    /// What to draw: files, a rover's day, or photos already found (`search --show`).
    enum Input {
      case files([String])
      case rover(PhotoQuery)
      case photos([Photo])
    }

    let common: CommonOptions
    var input: Input
    let size: ImageSize
    let limit: Int?
    let width: Int?
    let choice: PictureSetup.Choice
    let environment: [String: String]
    let debayer: Debayering

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      common = try CommonOptions(settings)
      if Self.dayGiven(arguments) {
        guard arguments.positionals.count == 1 else {
          throw UsageError(
            message: "A day (--sol, --earth-date, --latest) is of one rover; give one <rover>",
            command: Self.spec)
        }
        let rover = try NameRules.rover(arguments.positionals[0], spec: Self.spec)
        input = .rover(
          PhotoQuery(
            rover: rover, day: try DayOptions.parse(arguments, rover: rover, allowLatest: true),
            cameras: try CameraOptions.parse(arguments)))
      } else {
        if arguments.isGiven(CameraOptions.repeatable) {
          throw UsageError(
            message:
              "'--camera' picks a rover's photos; give a day (--sol, --earth-date, --latest)",
            command: Self.spec)
        }
        input = .files(arguments.positionals)
      }
      // What a terminal can show: the 320 px copy, unless asked otherwise.
      size = try arguments[Self.sizeOption] ?? .small
      limit = try arguments[Self.limitOption]
      width = try arguments[Self.widthOption]
      choice = try settings[PictureSetup.option]
      environment = settings.environment
      debayer = try DebayerOption.parse(arguments, settings: settings)
    }

    typealias Item = PhotoDrawing.Item

    func run(_ console: Console) async throws -> ExitCode {
      // Pictures are decoded and encoded in arrays of megabytes: the freed ones are reused.
      POSIX.keepLargeBlocksForReuse()
      let items = try await self.items(console)
      // Files on disk need no client: making one loads libcurl and its thirty libraries, a
      // good part of the time to draw one picture.
      let fetches = items.contains { $0.url != nil || $0.frame != nil }
      guard
        let (drawing, made) = drawing(
          of: items, client: fetches ? common.makeImageClient(console) : nil, console)
      else { return listed(items, console) }
      var printer = made
      // Fetched and decoded a few at a time; drawn in order as soon as each and those before
      // it are there.
      try await drawing.draw(items) { printer.take($0) }
      return finish(&printer, console)
    }

    /// One picture file on disk, drawn on the calling thread before any task starts (see
    /// ``RoverCommand/runAtOnce(_:)``); `nil` for anything else: a day, several files (drawn
    /// a few at a time on the cores), or what is no plain file (a pipe could wait forever,
    /// and only a task's run has a deadline).
    static func mayRunAtOnce(_ arguments: ParsedArguments) -> Bool {
      !dayGiven(arguments) && arguments.positionals.count == 1
        && FileStatus.of(arguments.positionals[0])?.kind == .file
    }

    /// Whether a rover's day is asked for, rather than files.
    private static func dayGiven(_ arguments: ParsedArguments) -> Bool {
      ([DayOptions.sol, DayOptions.earthDate, DayOptions.latest] + DayOptions.range)
        .contains(where: arguments.isGiven)
    }

    func runAtOnce(_ console: Console) throws -> ExitCode? {
      guard case .files(let paths) = input, paths.count == 1, FileStatus.of(paths[0])?.kind == .file
      else { return nil }
      POSIX.keepLargeBlocksForReuse()
      let items = fileItems(paths)
      guard let (drawing, made) = drawing(of: items, client: nil, console) else {
        return listed(items, console)
      }
      var printer = made
      printer.take(drawing.drawFile(items[0]))
      return finish(&printer, console)
    }

    /// The drawing of `items` and the printer of what it draws: the terminal's protocol, each
    /// picture's width and how many go on a line. `nil` when the terminal shows no pictures,
    /// where ``listed(_:_:)`` prints a line a file instead.
    private func drawing(of items: [Item], client: APIClient?, _ console: Console)
      -> (PhotoDrawing, PicturePrinter)?
    {
      let terminal = PictureSetup.terminal(
        choice, environment: environment, onTerminal: console.style.width != nil)
      guard terminal.imageProtocol != .none else { return nil }
      // Off a terminal (a forced protocol into a file), COLUMNS still says how wide to lay out.
      let columns =
        console.style.width ?? environment["COLUMNS"].flatMap(Int.init).flatMap {
          $0 > 0 ? $0 : nil
        }
        ?? 80
      let sheet = items.count > 1
      let pictureWidth = width ?? (sheet ? Self.sheetWidth : columns)
      let perLine =
        sheet && terminal.imageProtocol == .blocks
        ? ContactSheet.perLine(columns: columns, width: pictureWidth, gap: Self.sheetGap) : 1
      let style = console.style
      let drawing = PhotoDrawing(
        client: client, terminal: terminal, width: pictureWidth,
        cellWidth: PictureSetup.cellWidth, asCell: perLine > 1, debayer: debayer,
        link: { text, address in style.link(text, to: address) })
      let printer = PicturePrinter(
        perLine: perLine, width: pictureWidth, gap: Self.sheetGap,
        output: { console.output($0) }, failed: { console.error(ErrorReport($0).message) })
      return (drawing, printer)
    }

    /// A line a picture, where no picture is drawn: a tiled frame's tiles each have their own.
    /// A file on disk that could not be drawn is an error as it would be on a terminal, so a
    /// script learns of it from the exit code.
    private func listed(_ items: [Item], _ console: Console) -> ExitCode {
      let out = OutputBuffer(console)
      var codes: [ExitCode] = []
      for item in items.flatMap({ $0.tiles.isEmpty ? [$0] : $0.tiles }) {
        guard item.url != nil || Self.isReadableFile(item.address) else {
          out.flush()
          let report = ErrorReport(
            ImageFileError(name: item.address, reason: ImageFile.unreadable))
          console.error(report.message)
          codes.append(report.code)
          continue
        }
        out.write(TerminalText.safe(item.address) + "  " + TerminalText.safe(item.caption) + "\n")
      }
      out.flush()
      return ExitCode.worst(codes)
    }

    /// Whether `path` is a plain file that opens for reading; what it holds is not read.
    private static func isReadableFile(_ path: String) -> Bool {
      FileStatus.of(path)?.kind == .file && POSIX.readStart(ofFile: path, upTo: 0) != nil
    }

    /// Ends the printing: the last line, the remark on frames left grey, the worst code.
    private func finish(_ printer: inout PicturePrinter, _ console: Console) -> ExitCode {
      printer.finish()
      if !common.quiet, let remark = debayer.remark() { console.remark(remark) }
      return ExitCode.worst(printer.failures.map { ErrorReport($0).code })
    }

    private func fileItems(_ paths: [String]) -> [Item] {
      paths.map { Item(address: $0, url: nil, caption: URL(fileURLWithPath: $0).lastPathComponent) }
    }

    /// The pictures to draw, from the files or the rover's day.
    private func items(_ console: Console) async throws -> [Item] {
      switch input {
      case .files(let paths):
        return fileItems(paths)
      case .photos(let photos):
        return pictures(of: photos.map { $0.resized(to: size) })
      case .rover(let query):
        let archive = common.makeArchive(console)
        let photos = try await query.fetch(archive).map { $0.resized(to: size) }
        if photos.isEmpty, !common.quiet,
          let reason = await EmptyAnswer(rover: query.rover, archive: archive).explain(query.day)
        {
          console.diagnostic(reason)
        }
        return pictures(of: photos)
      }
    }

    /// One item a picture: a full-resolution frame sent as tiles is one, its tiles put back
    /// together; `--limit` counts pictures.
    private func pictures(of photos: [Photo]) -> [Item] {
      var frames = FrameTiles.frames(in: photos)
      if let limit { frames = Array(frames.prefix(limit)) }
      return frames.compactMap { frame in
        let tiles = frame.tiles.map { Item(of: $0.photo) }
        guard frame.isTiled, var whole = tiles.first else { return tiles.first }
        whole.caption += " · \(frame.tiles.count) tiles"
        whole.frame = frame
        whole.tiles = tiles
        return whole
      }
    }
  }
}

extension Rovers.Show {
  /// The drawing of photos another command finds (`search --show`), given them by
  /// ``drawing(_:)``: each at the size a terminal shows, in the protocol the settings choose,
  /// as a contact sheet when several.
  init(common: CommonOptions, settings: Settings) throws {
    self.common = common
    input = .photos([])
    size = .small
    limit = nil
    width = nil
    choice = try settings[PictureSetup.option]
    environment = settings.environment
    debayer = try DebayerOption.parse(settings.arguments, settings: settings)
  }

  /// The same drawing of other photos.
  func drawing(_ photos: [Photo]) -> Self {
    var copy = self
    copy.input = .photos(photos)
    return copy
  }
}
