import ArgumentParsing
import CommandRuntime
import MarsBrowser
import MarsCatalog
import MarsFetching
import MarsGallery
import MarsMirror
import PlainText
import RasterImages
import RoverAPI
import Synchronization
import SystemInterface
import TerminalScreen

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers browse`: rover, sol and photos in a full-screen terminal browser.
  struct Browse: DataCommand {
    static let name = "browse"
    static let spec = CommandSpec(
      name: name, abstract: "Explore rovers, sols and photos in a full-screen browser.",
      discussion: """
        Three levels: the rovers; a rover's sols, newest first, those already in DIR marked ●; \
        a sol's photos by camera, with a preview of the selected one in half-blocks where the \
        terminal shows colour. Arrows or k/j move, Enter opens, ← or Backspace goes back, / \
        searches (a rover, a sol, a date, a camera; other words, with a catalogue, list the \
        photos of the open rover, or of every mission, whose title or caption has them, the \
        newest 1000), d saves the sol or photo into DIR while browsing goes on, o opens the \
        photo, ? shows every key, q quits. Needs a terminal; scripts use list, manifest and \
        photos.
        """,
      arguments: [
        ArgumentSpec(
          name: "rover", help: "Open this rover's sols at once.", isRequired: false,
          completion: .rovers)
      ],
      options: [Self.output.spec, SizeOption.spec, PictureSetup.option.option.spec]
        // A screen, not records; and no deadline: a person browses as long as they like.
        + CommonOptions.specs.filter {
          !["format", "json", "fields", "crlf", "deadline"].contains($0.long)
        },
      examples: [
        "rovers browse",
        "rovers browse curiosity -o ~/mars",
      ])

    static let output = Option.text(
      "output", short: "o", value: "dir", help: "The folder d saves into.",
      completion: .directories
    ).setting(default: ".")

    /// Requests the browser keeps in flight at most, whatever keys are pressed.
    static let window = 8
    /// The largest image a preview fetches.
    static let previewLimit = 16 * 1_048_576

    let common: CommonOptions
    let rover: String?
    let folder: String
    let size: ImageSize
    let choice: PictureSetup.Choice
    let environment: [String: String]
    let baseTransport: @Sendable () -> any HTTPTransport
    /// The catalogue `/` searches for words, when there is one.
    let catalog: String?

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      var common = try CommonOptions(settings)
      // No deadline: ROVERS_DEADLINE is for the commands a script waits for.
      common.deadline = 604_800
      self.common = common
      rover = try arguments.positionals.first.map { try NameRules.rover($0, spec: Self.spec) }
      folder = try arguments[Self.output.option] ?? Self.output.defaultValue
      size = try SizeOption(settings).size
      choice = try settings[PictureSetup.option]
      environment = settings.environment
      baseTransport = common.transport
      // Only a catalogue that is there: browsing never makes one, nor loads SQLite before a
      // search asks it.
      catalog = (try? CatalogPath.resolve(settings, spec: Self.spec)).flatMap {
        FileStatus.exists($0) ? $0 : nil
      }
    }

    func run(_ console: Console) async throws -> ExitCode {
      guard console.style.width != nil, POSIX.isTerminal(.input) else { throw NeedsTerminal() }
      let (events, post) = AsyncStream.makeStream(of: BrowserEvent.self)
      guard let session = TerminalSession.start(onEvent: { post.yield(.terminal($0)) }) else {
        throw NeedsTerminal()
      }
      defer { session.restore() }
      // What the sources say (a fail-over, a pause for the rate limit) goes to the status
      // line: stderr is the screen.
      let notices = Console(
        style: console.style, out: { _ in },
        err: { line in post.yield(.notice(line.trimmingWhitespace())) })
      if let key = common.apiKey { notices.redact(key) }
      let services = makeServices(notices)
      let picture = PictureSetup.terminal(
        choice == .auto ? .blocks : choice, environment: environment, onTerminal: true)
      let colors = console.style.color
      let size = session.size
      let state = BrowserState(
        options: BrowserState.Options(
          previews: colors && picture.imageProtocol != .none && environment["TERM"] != "dumb",
          colors: colors, trueColor: picture.trueColor, cellAspect: picture.cellAspect,
          folder: folder, missions: common.source.asksFeeds, places: common.source.asksFeeds,
          catalogue: services.search != nil),
        columns: size.columns, rows: size.rows, rover: rover)
      _ = await BrowserLoop(services: services, screen: session).run(
        state, events: events, post: post)
      session.restore()
      try Task.checkCancellation()
      return .success
    }

    /// The browser's services over the archive, the image client and the folder.
    private func makeServices(_ console: Console) -> BrowserServices {
      // The API's requests and the previews share one window; downloads have their own jobs.
      let window = WindowedTransport(baseTransport(), limit: Self.window)
      var windowed = common
      windowed.transport = { window }
      let archives = windowed.makeArchives(console)
      let archive = archives.archive
      let extras = archives.extras
      let previews = windowed.makeImageClient(console)
      let images = common.makeImageClient(console)
      let layout = PhotoFileLayout(root: URL(fileURLWithPath: folder))
      let size = self.size
      let quiet = common.quiet
      let feedsHost = common.nasaBaseURL.host ?? ""
      let traverses = windowed.makeTraverses(console)
      return BrowserServices(
        rovers: {
          // The source's own rovers, drawn at once; the missions come apart (below), as
          // extras beside them.
          let rovers =
            if let extras {
              try await extras.main { try await archive.fetchAllRovers() }
            } else {
              try await archive.fetchAllRovers()
            }
          return (rovers.map { RoverRow($0, note: "") }, [])
        },
        sols: { rover in
          SolRow.rows(try await archive.fetchManifest(rover: rover, span: .recent))
        },
        photos: { key in
          try await archive.fetchPhotos(rover: key.rover, on: .sol(key.sol), cameras: [])
        },
        preview: { address, columns in
          guard let url = URL(string: address) else { throw ImageError("no address") }
          let bytes = try await previews.fetchImage(url, limit: Self.previewLimit)
          return try PreviewImage.make(from: bytes, columns: columns)
        },
        download: { order, progress in
          let photos: [Photo]
          if let photo = order.photo {
            photos = [photo]
          } else {
            photos = try await archive.fetchPhotos(
              rover: order.rover, on: .sol(order.sol), cameras: [])
          }
          let downloads = DownloadPlanner.downloads(
            of: photos.map { $0.resized(to: size) }, rover: order.rover, layout: layout)
          let count = DownloadCounter(total: downloads.count, progress)
          let results = try await PhotoDownloader(client: images, jobs: 8).run(downloads) { _ in
            count.step()
          }
          try SolRecordFile.record(results, rover: order.rover, layout: layout)
          if order.photo == nil {
            GalleryUpkeep(root: layout.root, enabled: true, console: console, quiet: quiet)
              .update(results)
          }
          return Self.report(results)
        },
        savedSols: { rover in
          let names = POSIX.names(inFolder: layout.folder(rover: rover).path) ?? []
          return Set(
            names.compactMap { name in
              let sol = Int(name)
              let record = layout.folder(rover: rover, sol: sol ?? 0).appendingPathComponent(
                SolRecordFile.name)
              return sol != nil && FileManager.default.fileExists(atPath: record.path) ? sol : nil
            })
        },
        open: { photo in
          let file = layout.root.appendingPathComponent(
            layout.relativePath(for: photo, rover: photo.rover.name))
          let target = FileManager.default.fileExists(atPath: file.path) ? file.path : photo.imgSrc
          return SystemOpener.open(target, environment: environment, secret: common.apiKey)
        },
        describe: { ErrorReport($0).message },
        missions: {
          let outcomes = try await archive.fetchMissionOutcomes()
          let rows = outcomes.compactMap(\.value).map { RoverRow($0, note: "NASA's feeds") }
          let failure = FeedsTrouble.sentence(outcomes, feedsHost: feedsHost)
          return (rows, failure.map { [$0] } ?? [])
        },
        traverse: { rover in
          // A rover NASA publishes no map for has no place to show; a map that cannot be had
          // leaves the status line without one, and the sols are there all the same.
          guard let traverses, FeedRover.named(rover)?.traverse != nil else { return nil }
          return try await traverses.fetchTraverse(rover: rover)
        },
        search: catalog.map { path in
          { @Sendable words, rover in
            var search = CatalogSearch()
            search.words = CatalogSearch.words(in: words)
            search.rovers = rover.map { [$0] } ?? []
            search.order = .newest
            search.limit = BrowserState.Found.limit
            let catalog = try Catalog(path: path, writing: false)
            // A rover it holds nothing of is said to be so, not that no caption matched.
            if let rover,
              try !catalog.missions().contains(where: { $0.name == rover && $0.sols > 0 })
            {
              throw CatalogError.notHeld(path: path, rover: rover, sol: nil)
            }
            return try catalog.photos(search)
          }
        })
    }

    /// How a download went, from its results.
    private static func report(_ results: [DownloadResult]) -> DownloadReport {
      var report = DownloadReport(saved: 0, present: 0, failed: 0)
      for result in results {
        switch result.status {
        case .downloaded: report.saved += 1
        case .skipped: report.present += 1
        case .gone(let error), .failed(let error):
          report.failed += 1
          report.firstFailure = report.firstFailure ?? ErrorReport(error).message
        }
      }
      return report
    }
  }
}

/// Counts a download's files as they end, for the status line.
private final class DownloadCounter: Sendable {
  private let done = Mutex(0)
  private let total: Int
  private let report: @Sendable (DownloadCount) -> Void

  init(total: Int, _ report: @escaping @Sendable (DownloadCount) -> Void) {
    self.total = total
    self.report = report
    report(DownloadCount(done: 0, total: total))
  }

  func step() {
    let done = self.done.withLock { done in
      done += 1
      return done
    }
    report(DownloadCount(done: done, total: total))
  }
}
