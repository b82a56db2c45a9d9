import ArgumentParsing
import MarsCatalog
import MarsFetching
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The options every data command takes: output, and where and how to reach the API.
///
/// Flags beat environment variables, which beat defaults.
package struct CommonOptions: Sendable {
  package static let defaultBase = "https://rovers.nebulum.one/api/v1"
  package static let defaultNASABase = "https://mars.nasa.gov"

  package static let specs = options(deadline: 300)

  package static let apiBase = Option.text(
    "api-base", value: "url", help: "The API's base URL; or set ROVERS_API_BASE.",
    variable: "ROVERS_API_BASE", inConfig: true
  ).setting(default: defaultBase)
  package static let apiKey = Option.text(
    "api-key", value: "key", help: "The API key; or set ROVERS_API_KEY or NASA_API_KEY.")
  package static let apiKeyFile = Option.text(
    "api-key-file", value: "path", help: "Read the API key from this file's first line.",
    completion: .files)
  package static let config = Option.text(
    "config", value: "path", help: "The config file; or set ROVERS_CONFIG.", completion: .files)
  package static let source = Option<DataSource>.choice(
    "source", value: "source",
    help: "api (the API alone), nasa (NASA's raw-image feeds), auto (the API, then the feeds)"
      + " or catalog (the local catalogue, offline).",
    variable: "ROVERS_SOURCE", inConfig: true
  ).setting(default: .auto, shown: "auto")
  package static let nasaBase = Option.text(
    "nasa-base", value: "url", help: "The feeds' host; or set ROVERS_NASA_BASE.",
    variable: "ROVERS_NASA_BASE", inConfig: true
  ).setting(default: defaultNASABase)
  package static let timeout = Option.number(
    "timeout", value: "seconds", help: "How long one request may take; or ROVERS_TIMEOUT.",
    in: 0.001...86_400, reason: "give a number of seconds above 0", variable: "ROVERS_TIMEOUT",
    inConfig: true
  ).setting(default: 30, shown: "30")
  package static let retries = Option.integer(
    "retries", value: "n", help: "Retries of a failed request; or set ROVERS_RETRIES.",
    in: 0...20, reason: "give a whole number, 0 to 20", variable: "ROVERS_RETRIES", inConfig: true
  ).setting(default: 3)
  /// The deadline, with the command's own default: browsing takes seconds, a download may
  /// take an hour.
  package static func deadline(_ seconds: Int) -> Setting<Double> {
    Option.number(
      "deadline", value: "seconds",
      help: "How long the whole command may take; or ROVERS_DEADLINE.",
      in: 0.001...604_800, reason: "give a number of seconds above 0", variable: "ROVERS_DEADLINE",
      inConfig: true
    ).setting(default: Double(seconds), shown: String(seconds))
  }
  /// The most megabytes of one JSON answer: only from the environment, for the rare server
  /// whose lists are larger.
  package static let maxBodyMegabytes = Option.integer(
    "max-body-mb", value: "n", help: "", in: 1...65_536,
    reason: "give a whole number of megabytes, 1 to 65536", variable: "ROVERS_MAX_BODY_MB"
  ).setting(default: 256)
  /// How long NASA's host may go on adding to a run after its main work, in seconds: only
  /// from the environment, for tests that run the tool inside a busy test process, where a
  /// timer may fire seconds late. Two seconds is the rule (``NASAExtras``).
  package static let extrasGrace = Option.number(
    "extras-grace", value: "seconds", help: "", in: 0.001...600,
    reason: "give a number of seconds above 0", variable: "ROVERS_EXTRAS_GRACE"
  ).setting(default: 2, shown: "2")
  /// The HTTP client: only from the environment, to compare the two in `make bench`.
  package static let transportKind = Option<TransportKind>.choice(
    "transport", value: "name", help: "", variable: "ROVERS_TRANSPORT"
  ).setting(default: .native)
  package static let noCache = Flag("no-cache", help: "Neither read nor write the response cache.")
  package static let cacheMaxMegabytes = Option.integer(
    "cache-max-mb", value: "n",
    help: "The most megabytes the cache keeps, oldest gone first; or ROVERS_CACHE_MAX_MB.",
    in: 1...1_000_000, reason: "give a whole number of megabytes, 1 or more",
    variable: "ROVERS_CACHE_MAX_MB", inConfig: true
  ).setting(default: 200)
  package static let refresh = Flag(
    "refresh", help: "Fetch again, then keep the fresh answers in the cache.")
  package static let verbose = Flag(
    "verbose", short: "v", help: "Log every request and retry on stderr.")
  package static let quiet = Flag(
    "quiet", short: "q", help: "Print nothing on stderr but errors (and, with -v, the log).")

  /// The options, with the command's own default deadline.
  package static func options(deadline: Int) -> [OptionSpec] {
    (OutputOptions.specs + [
      Self.apiBase.spec, Self.apiKey.spec, Self.apiKeyFile.spec, Self.config.spec,
      Self.source.spec, CatalogPath.option.spec, Self.nasaBase.spec, Self.timeout.spec,
      Self.retries.spec,
      Self.deadline(deadline).spec, Self.noCache.spec, Self.cacheMaxMegabytes.spec,
      Self.refresh.spec, Self.verbose.spec,
      Self.quiet.spec,
    ]).map(\.shared)
  }

  package var output: OutputOptions
  /// `--json` or `--format json`.
  package var json: Bool { output.format == .json }
  package var baseURL: URL
  /// Where photos come from.
  package var source: DataSource
  /// The catalogue's file, with `--source catalog`.
  package var catalogPath: String?
  /// The host of NASA's raw-image feeds.
  package var nasaBaseURL: URL
  package var apiKey: String?
  package var timeout: Double
  package var retries: Int
  package var deadline: Double
  /// The most bytes of one JSON answer: `ROVERS_MAX_BODY_MB`, 256 MB unless set.
  package var maxBodyBytes: Int
  /// How long NASA's host may add to a run after its main work: 2 s.
  package var extrasGrace: Double
  package var verbose: Bool
  package var quiet: Bool
  /// The response cache's folder; `nil` with `--no-cache` or when there is no home folder.
  package var cacheFolder: URL?
  /// The most bytes the cache keeps (`--cache-max-mb`).
  package var cacheMaxBytes: Int
  package var refresh: Bool
  /// Things the user should know before the run, such as a key about to travel in clear.
  package var warnings: [String] = []
  /// Makes what carries the requests.
  package var transport: @Sendable () -> any HTTPTransport

  /// The options of a run whose transfers to one server are at most `connectionsPerHost`
  /// at once: `--jobs` for the commands that download, 16 for the others.
  package init(
    _ settings: Settings, deadline defaultDeadline: Int = 300, connectionsPerHost: Int = 16
  ) throws {
    let arguments = settings.arguments
    let transportKind = try settings[Self.transportKind]
    transport = {
      settings.transport { transportKind.make(connectionsPerHost: connectionsPerHost) }
    }
    output = try OutputOptions(arguments)
    quiet = arguments[Self.quiet]
    refresh = arguments[Self.refresh]
    cacheFolder = arguments[Self.noCache] ? nil : XDGPaths(environment: settings.environment).cache
    cacheMaxBytes = try settings[Self.cacheMaxMegabytes] * 1_000_000
    verbose = arguments[Self.verbose]
    baseURL = try Self.base(
      settings, Self.apiBase,
      "give an absolute http or https URL without a query (pass the key with --api-key)")
    source = try settings[Self.source]
    catalogPath = nil
    let spec = settings.arguments.spec
    if source == .catalog, !DataSource.catalogCommands.contains(spec.name),
      try settings.origin(of: Self.source.option)?.hasPrefix("--") != true
    {
      // `catalog` from the environment or the config file is the default of the commands that
      // read the catalogue; the others keep their own.
      source = .auto
    }
    if source == .catalog {
      guard DataSource.catalogCommands.contains(spec.name) else {
        throw UsageError(
          message: "'--source catalog' is for rovers "
            + DataSource.catalogCommands.dropLast().joined(separator: ", ") + " and "
            + (DataSource.catalogCommands.last ?? "") + "; 'rovers \(spec.name)' asks the API"
            + " or NASA's feeds", command: spec)
      }
      catalogPath = try CatalogPath.resolve(settings, spec: spec)
    }
    nasaBaseURL = try Self.base(settings, Self.nasaBase, "give an absolute http or https URL")
    apiKey = try APIKeySource.key(settings)
    timeout = try settings[Self.timeout]
    retries = try settings[Self.retries]
    deadline = try settings[Self.deadline(defaultDeadline)]
    maxBodyBytes = try settings[Self.maxBodyMegabytes] * 1_048_576
    extrasGrace = try settings[Self.extrasGrace]
    let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"]
    if apiKey != nil, baseURL.scheme == "http", !loopback.contains(baseURL.host ?? ""), !quiet {
      let host = baseURL.host ?? "the server"
      warnings.append("warning: the API key travels in clear text to \(host) over plain http")
    }
  }

  /// A base URL setting as an address; a bad one is shown without its query, fragment or user,
  /// where a key may have been put.
  private static func base(_ settings: Settings, _ setting: Setting<String>, _ reason: String)
    throws -> URL
  {
    let text = try settings.text(of: setting.option) ?? (setting.defaultValue, "")
    guard let url = validBase(text.value) else {
      throw try settings.invalid(withoutSecrets(text.value), text.origin, reason)
    }
    return url
  }

  /// The archive these options describe; retries and, with `--verbose`, every answer are
  /// written to `console`.
  ///
  /// `fresh` never answers from the cache (it still stores): for `sync`, whose job is to see
  /// what changed.
  package func makeArchive(
    _ console: Console, fresh: Bool = false, sampleTypes: Set<String>? = nil
  ) -> any PhotoArchive {
    makeArchives(console, fresh: fresh, sampleTypes: sampleTypes).archive
  }

  /// The archive of a command whose answer is made of what only NASA's feeds' records carry
  /// (pointing, the clock, tiles): with `--source auto`, the feeds first and the API where
  /// they are out or lack the rover, saying what its photos lack. With `--source api` the
  /// command has already refused to run (``SequenceLookup``).
  package func makeRecordsArchive(_ console: Console) -> any PhotoArchive {
    makeArchives(console, feedsFirst: true).archive
  }

  /// What a run asks: the archive these options describe, and NASA's host as an extra, within
  /// `window` (`nil` with `--source api`).
  package struct RunArchives {
    package var archive: any PhotoArchive
    package var extras: NASAExtras?
  }

  /// The run's archives (``RunArchives``); the missions nobody named are extras within `window`.
  package func makeArchives(
    _ console: Console, fresh: Bool = false, sampleTypes: Set<String>? = nil,
    window: ExtraWindow? = nil, feedsFirst: Bool = false
  ) -> RunArchives {
    let window = window ?? makeWindow()
    let cache = makeCache(fresh: fresh)
    // Eight in flight: a sol of up to 900 photos is page 1 and then 8 pages of 100, which all
    // start together, so any sol arrives in two round trips.
    let api = makeAPIArchive(console, cache: cache, concurrency: 8)
    // The feeds share the cache, but keep only what an ended mission's feed says.
    var feeds = makeFeedArchive(console, cache: cache)
    feeds.sampleTypes = sampleTypes
    let extras = makeExtras(feeds, window: window)
    switch source {
    // The file alone: nothing is asked of any server for a list.
    case .catalog:
      return RunArchives(
        archive: CatalogArchive(path: catalogPath ?? "", sampleTypes: sampleTypes))
    // The API alone: nothing at all is asked of the feeds' host.
    case .api: return RunArchives(archive: MissionsArchive(main: api, feeds: nil))
    case .nasa:
      return RunArchives(
        archive: MissionsArchive(main: feeds, feeds: feeds, extras: extras), extras: extras)
    case .auto:
      let quiet = self.quiet
      let tell: @Sendable (String) -> Void = { notice in
        if !quiet { console.diagnostic(notice) }
      }
      let failover =
        feedsFirst
        ? FailoverArchive(
          primary: feeds, fallback: api,
          fallbackName: "the API (\(baseURL.host ?? "its server")), whose photos carry no"
            + " pointing, clock or tiles", onFailover: tell)
        : FailoverArchive(primary: api, fallback: feeds, onFailover: tell)
      return RunArchives(
        archive: MissionsArchive(main: failover, feeds: feeds, extras: extras), extras: extras)
    }
  }

  /// NASA's host as the extras of a run (``NASAExtras``): one try each, within `window`, with
  /// the traverse maps kept in the cache folder; `nil` with `--source api`.
  package func makeExtras(_ console: Console, window: ExtraWindow? = nil) -> NASAExtras? {
    guard source != .api else { return nil }
    return makeExtras(
      makeFeedArchive(console, cache: makeCache(fresh: false)), window: window ?? makeWindow())
  }

  /// A window for a run's extras, whose cut-off names the feeds' host.
  package func makeWindow() -> ExtraWindow {
    ExtraWindow(grace: extrasGrace, host: nasaBaseURL.host ?? "NASA's host")
  }

  private func makeExtras(_ feeds: FeedArchive, window: ExtraWindow) -> NASAExtras {
    NASAExtras(feeds: feeds, window: window)
  }

  /// NASA's feeds as `where` asks them for a traverse map, kept a day by the response cache;
  /// `nil` with `--source api`, which asks nothing of the feeds' host.
  package func makeTraverses(_ console: Console) -> FeedArchive? {
    guard source != .api else { return nil }
    return makeFeedArchive(console, cache: makeCache(fresh: false))
  }

  /// The response cache these options describe; `nil` with `--no-cache`. `fresh` (or
  /// `--refresh`) never answers from it, and still stores.
  private func makeCache(fresh: Bool) -> ResponseCache? {
    cacheFolder.map {
      ResponseCache(
        folder: $0, mode: refresh || fresh ? .refresh : .use, secret: apiKey,
        maxBytes: cacheMaxBytes)
    }
  }

  /// NASA's raw-image feeds, never from the cache (they change every few minutes).
  package func makeFeeds(_ console: Console) -> any DownlinkSource & PhotoArchive {
    makeFeedArchive(console, cache: nil)
  }

  /// NASA's feeds as the catalogue's sync asks them: never from the cache, and a sol's pages
  /// `jobs` at once.
  package func makeCatalogFeeds(_ console: Console, jobs: Int) -> FeedArchive {
    var feeds = makeFeedArchive(console, cache: nil)
    feeds.maxConcurrentRequests = jobs
    return feeds
  }

  /// The API server as the catalogue's sync asks it for the retired rovers, whose photos only
  /// it has: never from the cache (a whole mission would fill it), a sol's pages `jobs` at once.
  package func makeCatalogAPI(_ console: Console, jobs: Int) -> MarsArchive {
    makeAPIArchive(console, cache: nil, concurrency: jobs)
  }

  /// The API server as its own archive, with the key.
  private func makeAPIArchive(_ console: Console, cache: ResponseCache?, concurrency: Int)
    -> MarsArchive
  {
    MarsArchive(
      client: makeClient(baseURL, key: apiKey, cache: cache, console),
      maxConcurrentRequests: concurrency, expectedRovers: KnownRovers.names)
  }

  /// The feeds as their own archive: with ``makeAPIArchive(_:cache:concurrency:)``, the one
  /// place that names a concrete source. Their requests carry their own cache rules: only an
  /// ended mission's answers are kept.
  private func makeFeedArchive(_ console: Console, cache: ResponseCache?) -> FeedArchive {
    var client = makeClient(nasaBaseURL, key: nil, cache: cache, console)
    // NASA's Mars 2020 feed takes 20 to 23 s to answer a sol: its requests get three times the
    // API's timeout (90 s by default).
    client.timeout = timeout * Self.feedTimeoutFactor
    var feeds = FeedArchive(client: client, maxConcurrentRequests: 8)
    // Traverse maps are kept whatever the cache's mode: a map of any age is what places photos
    // when a fresh one cannot be had.
    feeds.maps = cacheFolder.map { folder in
      var maps = KeptMaps(folder: folder)
      // `--refresh` asks for a fresh map; the kept one still stands in if none comes.
      if refresh { maps.freshFor = 0 }
      return maps
    }
    return feeds
  }

  /// How many times the API's timeout NASA's feeds get.
  package static let feedTimeoutFactor = 3.0

  /// The client that fetches images: image hosts are not the API, and are never sent the key.
  package func makeImageClient(_ console: Console) -> APIClient {
    makeClient(baseURL, key: nil, cache: nil, console)
  }

  /// A client for one host with these options' timeouts, retries and limits; with
  /// `--verbose`, every answer and retry is written to `console`.
  private func makeClient(
    _ base: URL, key: String?, cache: ResponseCache?, _ console: Console
  ) -> APIClient {
    let verbose = self.verbose
    let quiet = self.quiet
    let pacingNotice = PacingNotice()
    return APIClient(
      baseURL: base, apiKey: key, timeout: timeout,
      retryPolicy: RetryPolicy(maxRetries: retries), transport: transport(),
      bodyLimit: maxBodyBytes, cache: cache
    ) { event in
      switch event {
      case .answered(let request, let status, let seconds) where verbose:
        console.diagnostic("\(request) → \(status) in \(Self.format(seconds)) s")
      case .cached(let request) where verbose:
        console.diagnostic("\(request) (cache)")
      case .retrying(let request, let retry, let total, let delay, let reason) where verbose:
        console.diagnostic(
          "retry \(retry) of \(total) for \(request) in \(Self.format(delay)) s: \(reason)")
      case .pacing(let request, let seconds, let limit):
        if verbose {
          console.diagnostic("waiting \(Self.format(seconds)) s before \(request): \(limit)")
        } else if !quiet, seconds >= 1 {
          pacingNotice.tell(
            seconds: seconds, limit: limit, host: base.host ?? "the server", console: console)
        }
      default:
        break
      }
    }
  }

  private static func format(_ seconds: Double) -> String {
    POSIX.fixed(seconds, places: 2)
  }

  /// The address up to its query or fragment, without a `user:password@`.
  package static func withoutSecrets(_ text: String) -> String {
    var shown = String(text.prefix { $0 != "?" && $0 != "#" })
    if shown.count < text.count { shown += "?…" }
    if let scheme = shown.firstRange(of: "://"),
      let at = shown[scheme.upperBound...].firstIndex(of: "@"),
      !shown[scheme.upperBound..<at].contains("/")
    {
      shown.replaceSubrange(scheme.upperBound...at, with: "…@")
    }
    return shown
  }

  /// The base as an address, its scheme and host in lower case (`HTTP://Host` is the same
  /// server as `http://host`); `nil` when it is not an absolute http(s) URL without a query.
  package static func validBase(_ text: String) -> URL? {
    guard var components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty, components.query == nil,
      components.fragment == nil
    else { return nil }
    components.scheme = scheme
    components.host = host.lowercased()
    return components.url
  }
}
