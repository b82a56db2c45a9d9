import Foundation
import MarsData
import RoverAPI

/// The options every data command takes: output, and where and how to reach the API.
///
/// Flags beat environment variables, which beat defaults.
struct CommonOptions: Sendable {
  static let defaultBase = "https://rovers.nebulum.one/api/v1"
  static let defaultNASABase = "https://mars.nasa.gov"

  static let specs = options(deadline: 300)

  /// The options, with the command's own default deadline: browsing takes seconds, a
  /// download may take an hour.
  static func options(deadline: Int) -> [OptionSpec] {
    OutputOptions.specs + [
      .option(
        "api-base", value: "url", help: "The API's base URL; or set ROVERS_API_BASE.",
        default: defaultBase),
      .option("api-key", value: "key", help: "The API key; or set ROVERS_API_KEY or NASA_API_KEY."),
      .option(
        "api-key-file", value: "path", help: "Read the API key from this file's first line.",
        completion: .files),
      .option(
        "config", value: "path", help: "The config file; or set ROVERS_CONFIG.",
        completion: .files),
      .option(
        "source", value: "source",
        help: "api, nasa (NASA's raw-image feeds) or auto (the API, then the feeds).",
        default: "auto", completion: .values(DataSource.allCases.map(\.rawValue))),
      .option(
        "nasa-base", value: "url", help: "The feeds' host; or set ROVERS_NASA_BASE.",
        default: defaultNASABase),
      .option(
        "timeout", value: "seconds", help: "How long one request may take; or ROVERS_TIMEOUT.",
        default: "30"),
      .option(
        "retries", value: "n", help: "Retries of a failed request; or set ROVERS_RETRIES.",
        default: "3"),
      .option(
        "deadline", value: "seconds",
        help: "How long the whole command may take; or ROVERS_DEADLINE.",
        default: String(deadline)),
      .flag("no-cache", help: "Neither read nor write the response cache."),
      .flag("refresh", help: "Fetch again, then keep the fresh answers in the cache."),
      .flag("verbose", short: "v", help: "Log every request and retry on stderr."),
      .flag(
        "quiet", short: "q", help: "Print nothing on stderr but errors (and, with -v, the log)."),
    ]
  }

  var output: OutputOptions
  /// `--json` or `--format json`.
  var json: Bool { output.format == .json }
  var baseURL: URL
  /// Where photos come from.
  var source: DataSource
  /// The host of NASA's raw-image feeds.
  var nasaBaseURL: URL
  var apiKey: String?
  var timeout: Double
  var retries: Int
  var deadline: Double
  /// The most bytes of one JSON answer: `ROVERS_MAX_BODY_MB`, 256 MB unless set.
  var maxBodyBytes: Int
  var verbose: Bool
  var quiet: Bool
  /// The response cache's folder; `nil` with `--no-cache` or when there is no home folder.
  var cacheFolder: URL?
  var refresh: Bool
  /// Things the user should know before the run, such as a key about to travel in clear.
  var warnings: [String] = []

  init(
    _ arguments: ParsedArguments, environment: [String: String],
    deadline defaultDeadline: Double = 300
  ) throws {
    let config = try ConfigFile.load(arguments, environment)
    let settings = SettingSource(arguments: arguments, environment: environment, config: config)
    output = try OutputOptions(arguments)
    quiet = arguments.flag("quiet")
    refresh = arguments.flag("refresh")
    cacheFolder = arguments.flag("no-cache") ? nil : XDGPaths(environment: environment).cache
    verbose = arguments.flag("verbose")
    let base = settings.text("api-base", "ROVERS_API_BASE") ?? (Self.defaultBase, "")
    guard let url = Self.validBase(base.value) else {
      // Shown without its query, fragment or user: a key may have been put there.
      throw settings.invalid(
        Self.withoutSecrets(base.value), base.origin,
        "give an absolute http or https URL without a query (pass the key with --api-key)")
    }
    baseURL = url
    let sourceText = settings.text("source", "ROVERS_SOURCE") ?? ("auto", "")
    guard let source = DataSource(rawValue: sourceText.value.lowercased()) else {
      throw settings.invalid(sourceText.value, sourceText.origin, "give api, nasa or auto")
    }
    self.source = source
    let nasa = settings.text("nasa-base", "ROVERS_NASA_BASE") ?? (Self.defaultNASABase, "")
    guard let nasaURL = Self.validBase(nasa.value) else {
      throw settings.invalid(
        Self.withoutSecrets(nasa.value), nasa.origin, "give an absolute http or https URL")
    }
    nasaBaseURL = nasaURL
    apiKey = try APIKeySource.key(arguments, environment, config: config)
    timeout = try settings.number(
      "timeout", "ROVERS_TIMEOUT", default: 30, in: 0.001...86_400,
      reason: "give a number of seconds above 0")
    retries = try settings.integer(
      "retries", "ROVERS_RETRIES", default: 3, in: 0...20, reason: "give a whole number, 0 to 20")
    deadline = try settings.number(
      "deadline", "ROVERS_DEADLINE", default: defaultDeadline, in: 0.001...604_800,
      reason: "give a number of seconds above 0")
    maxBodyBytes =
      try settings.integer(
        "max-body-mb", "ROVERS_MAX_BODY_MB", default: 256, in: 1...65_536,
        reason: "give a whole number of megabytes, 1 to 65536") * 1_048_576
    let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"]
    if apiKey != nil, baseURL.scheme == "http", !loopback.contains(baseURL.host ?? ""), !quiet {
      let host = baseURL.host ?? "the server"
      warnings.append("warning: the API key travels in clear text to \(host) over plain http")
    }
  }

  /// The archive these options describe; retries and, with `--verbose`, every answer are
  /// written to `console`.
  ///
  /// `fresh` never answers from the cache (it still stores): for `sync`, whose job is to see
  /// what changed.
  func makeArchive(_ console: Console, fresh: Bool = false) -> any PhotoArchive {
    makeSources(console, fresh: fresh).archive
  }

  /// The archive these options describe, and NASA's feeds as it uses them (`nil` with
  /// `--source api`), so that a caller asking the feeds more (late downlinks) shares what the
  /// archive already asked.
  func makeSources(_ console: Console, fresh: Bool = false)
    -> (archive: any PhotoArchive, feeds: (any DownlinkSource)?)
  {
    let cache = cacheFolder.map {
      ResponseCache(folder: $0, mode: refresh || fresh ? .refresh : .use, secret: apiKey)
    }
    // Eight in flight: a sol of up to 900 photos is page 1 and then 8 pages of 100, which all
    // start together, so any sol arrives in two round trips.
    let api = MarsArchive(
      client: makeClient(baseURL, key: apiKey, cache: cache, console), maxConcurrentRequests: 8,
      expectedRovers: KnownRovers.names)
    let feeds = makeFeedArchive(console)
    switch source {
    case .api: return (api, nil)
    case .nasa: return (feeds, feeds)
    case .auto:
      let quiet = self.quiet
      let failover = FailoverArchive(primary: api, fallback: feeds) { notice in
        if !quiet { console.diagnostic(notice) }
      }
      return (failover, feeds)
    }
  }

  /// NASA's raw-image feeds, never from the cache (they change every few minutes).
  func makeFeeds(_ console: Console) -> any DownlinkSource & PhotoArchive {
    makeFeedArchive(console)
  }

  /// The feeds as their own archive: the one place with ``makeSources(_:fresh:)`` that names
  /// a concrete source.
  private func makeFeedArchive(_ console: Console) -> FeedArchive {
    var client = makeClient(nasaBaseURL, key: nil, cache: nil, console)
    // NASA's Mars 2020 feed takes 20 to 23 s to answer a sol: its requests get three times the
    // API's timeout (90 s by default).
    client.timeout = timeout * Self.feedTimeoutFactor
    return FeedArchive(client: client, maxConcurrentRequests: 8)
  }

  /// How many times the API's timeout NASA's feeds get.
  static let feedTimeoutFactor = 3.0

  /// The client that fetches images: image hosts are not the API, and are never sent the key.
  func makeImageClient(_ console: Console) -> APIClient {
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
      retryPolicy: RetryPolicy(maxRetries: retries), transport: URLSessionTransport(),
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
    String(format: "%.2f", seconds)
  }

  /// The address up to its query or fragment, without a `user:password@`.
  static func withoutSecrets(_ text: String) -> String {
    var shown = String(text.prefix { $0 != "?" && $0 != "#" })
    if shown.count < text.count { shown += "?…" }
    if let scheme = shown.range(of: "://"),
      let at = shown[scheme.upperBound...].firstIndex(of: "@"),
      !shown[scheme.upperBound..<at].contains("/")
    {
      shown.replaceSubrange(scheme.upperBound...at, with: "…@")
    }
    return shown
  }

  /// The base as an address, its scheme and host in lower case (`HTTP://Host` is the same
  /// server as `http://host`); `nil` when it is not an absolute http(s) URL without a query.
  static func validBase(_ text: String) -> URL? {
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
