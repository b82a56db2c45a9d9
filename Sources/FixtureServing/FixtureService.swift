import Foundation
import SystemInterface

/// The fixture server: Fixtures/ served as the Mars Rover Photos API (or as NASA's feeds) on
/// 127.0.0.1, with the faults, latency and limits its options ask for.
///
/// The `fixture-server` executable runs one for `make demo` and the benchmarks; tests start
/// theirs in their own process, where the parsed fixtures are shared by every server.
public final class FixtureService: Sendable {
  /// The port it listens on.
  public let port: UInt16
  /// Where clients find it: `http://127.0.0.1:<port>/api/v1`, or the host alone for the feeds.
  public let address: String
  private let server: LoopbackServer
  private let route: @Sendable (RequestHead) -> Reply

  /// Loads what the options name and listens; answers nothing until ``serve()`` or
  /// ``start()``.
  public init(options: ServerOptions) throws {
    let server = try LoopbackServer(port: options.port)
    // Answers are made with a stand-in for this server's image address, shared by every
    // server of the process with the same fixtures and shape, and given the real one here.
    let imageBase = options.serveImages ? SharedReplies.standInBase : nil
    let realBase = "http://127.0.0.1:\(server.port)/images/"
    let shapeKey = [
      URL(fileURLWithPath: options.fixtures).standardizedFileURL.path,
      options.nasaFeeds ? "nasa" : options.marsVista ? "marsvista-\(options.stalePages)" : "api",
      options.serveImages ? "images" : "",
    ].joined(separator: "\t")
    let shape: @Sendable (RequestHead) -> Reply
    if options.nasaFeeds {
      let feeds = FeedRouter(
        store: try feedStores.value(for: options.fixtures, FeedStore.init), imageBase: imageBase)
      shape = { feeds.reply(to: $0) }
    } else {
      let api = FixtureRouter(
        store: try apiStores.value(for: options.fixtures, FixtureStore.init),
        dialect: options.marsVista
          ? MarsVistaDialect(stalePages: options.stalePages) : OriginalDialect(),
        imageBase: imageBase)
      shape = { api.reply(to: $0) }
    }
    let images =
      options.serveImages ? try imageStores.value(for: options.fixtures, ImageStore.init) : nil
    let faults = try FaultPlan(file: options.faultsFile)
    let log = try RequestLog(path: options.logFile)
    let files = options.staticFolder.map(StaticFiles.init)
    let memo = ReplyMemo()
    let rateLimit = options.rateLimit.flatMap {
      RateLimit($0, sendsHeaders: options.rateLimitHeaders)
    }
    let port = server.port
    let answer: @Sendable (RequestHead) -> Reply = { request in
      SharedReplies.reply(to: request, shape: shapeKey, make: shape)
        .withImageBase(imageBase == nil ? nil : realBase)
    }
    self.route = { request in
      log.begin(request)
      defer { log.end() }
      let isImage = request.path.hasPrefix(ImageStore.prefix)
      var reply =
        if let images, isImage {
          images.reply(for: request.path)
        } else if let files, request.path.hasPrefix(StaticFiles.prefix) {
          files.reply(for: request.path)
        } else if let rateLimit {
          rateLimit.apply { memo.reply(to: request) { answer($0) } }
        } else { memo.reply(to: request) { answer($0) } }
      // A traverse map is a static file: ranges are served unless its validator changed.
      if request.path.hasSuffix("_waypoints.json"), let range = ByteRange(request),
        range.matches(reply)
      {
        reply = range.apply(to: reply)
      }
      var delay = isImage ? options.imageLatencyMilliseconds : options.latencyMilliseconds
      if let rule = faults.rule(for: request.target) {
        reply = FaultPlan.apply(rule, to: reply, port: port)
        delay += rule.latencyMs ?? 0
      }
      // Image hosts serve ranges; the API does not.
      if isImage, let range = ByteRange(request) { reply = range.apply(to: reply) }
      // Waiting here, on the connection's own thread, keeps the request counted as in flight
      // until it is answered or, as on a real server, its client has gone.
      if delay > 0 {
        let delay = min(delay, 600_000)
        if request.connection >= 0 {
          _ = POSIX.waitUnlessClosed(request.connection, milliseconds: delay)
        } else {
          Thread.sleep(forTimeInterval: Double(delay) / 1000)
        }
      }
      return reply
    }
    self.server = server
    self.port = port
    // NASA's feeds live at the host's root (ROVERS_NASA_BASE), the API under /api/v1.
    address = "http://127.0.0.1:\(port)" + (options.nasaFeeds ? "" : "/api/v1")
  }

  /// How many connections clients have opened so far.
  public var connections: Int { server.connections }

  /// The most connections that were open at once so far.
  public var peakConnections: Int { server.peakConnections }

  /// Answers on this thread until ``stop()``.
  public func serve() { server.serve(route) }

  /// Answers on a thread of its own until ``stop()``.
  public func start() {
    Thread { self.serve() }.start()
  }

  /// Stops accepting connections; answers under way finish.
  public func stop() { server.stop() }
}

/// Fixtures parsed once per process and folder: a test run starts a hundred servers over the
/// same tree, dozens of them at the same moment, and a store is never changed once loaded.
private final class Loaded<Store: Sendable>: Sendable {
  private let stores = Remembered<Store>()

  /// The store of `folder`, loaded by `load` the first time.
  func value(for folder: String, _ load: (String) throws -> Store) throws -> Store {
    let key = URL(fileURLWithPath: folder).standardizedFileURL.path
    return try stores.value(for: key) { try load(key) }
  }
}

private let apiStores = Loaded<FixtureStore>()
private let feedStores = Loaded<FeedStore>()
private let imageStores = Loaded<ImageStore>()
