import Foundation

// Serves Fixtures/ as the Mars Rover Photos API on loopback, for tests and `make demo`.
let options = ServerOptions.parse(Array(CommandLine.arguments.dropFirst()))
do {
  let store = try FixtureStore(directory: options.fixtures)
  let faults = try FaultPlan(file: options.faultsFile)
  let log = try RequestLog(path: options.logFile)
  let server = try LoopbackServer(port: options.port)
  let imageBase = options.serveImages ? "http://127.0.0.1:\(server.port)/images/" : nil
  let images = options.serveImages ? try ImageStore(directory: options.fixtures) : nil
  let files = options.staticFolder.map(StaticFiles.init)
  let route: @Sendable (RequestHead) -> Reply
  if options.nasaFeeds {
    let feeds = FeedRouter(store: try FeedStore(directory: options.fixtures), imageBase: imageBase)
    route = { feeds.reply(to: $0) }
  } else {
    let api = FixtureRouter(
      store: store,
      dialect: options.marsVista
        ? MarsVistaDialect(stalePages: options.stalePages) : OriginalDialect(),
      imageBase: imageBase)
    route = { api.reply(to: $0) }
  }
  if let portFile = options.portFile {
    // Written whole then renamed, so a reader polling for it never sees half a number.
    let partial = portFile + ".partial"
    try String(server.port).write(toFile: partial, atomically: false, encoding: .utf8)
    // rename(2) replaces a port file left by an earlier run in one step.
    guard rename(partial, portFile) == 0 else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: portFile])
    }
  }
  // NASA's feeds live at the host's root (ROVERS_NASA_BASE), the API under /api/v1.
  let address = "http://127.0.0.1:\(server.port)" + (options.nasaFeeds ? "" : "/api/v1")
  let banner = "fixture-server: serving \(options.fixtures) at \(address)\n"
  Say.out(banner)
  let latency = options.latencyMilliseconds
  let memo = ReplyMemo()
  let rateLimit = options.rateLimit.flatMap {
    RateLimit($0, sendsHeaders: options.rateLimitHeaders)
  }
  server.run { request in
    log.begin(request)
    defer { log.end() }
    let isImage = request.path.hasPrefix(ImageStore.prefix)
    var reply =
      if let images, isImage {
        images.reply(for: request.path)
      } else if let files, request.path.hasPrefix(StaticFiles.prefix) {
        files.reply(for: request.path)
      } else if let rateLimit {
        rateLimit.apply { memo.reply(to: request) { route($0) } }
      } else { memo.reply(to: request) { route($0) } }
    var delay = isImage ? options.imageLatencyMilliseconds : latency
    if let rule = faults.rule(for: request.target) {
      reply = FaultPlan.apply(rule, to: reply, port: server.port)
      delay += rule.latencyMs ?? 0
    }
    // Image hosts serve ranges; the API does not.
    if isImage, let range = ByteRange(request) { reply = range.apply(to: reply) }
    // Waiting here, on the connection's own thread, keeps the request counted as in flight.
    if delay > 0 { Thread.sleep(forTimeInterval: Double(min(delay, 600_000)) / 1000) }
    return reply
  }
} catch {
  Say.error("fixture-server: \(error.localizedDescription)\n")
  exit(1)
}
