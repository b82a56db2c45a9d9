import Foundation
import TestSupport
import Testing

/// NASA's feeds only ever add: down, hanging or ruled out, they never take away what the API
/// alone answers (`list`, `latest`), and `--source api` sends them nothing at all.
@Suite(.timeLimit(.minutes(3))) struct SourcesStandAloneTests {
  let home: TemporaryFolder

  init() throws { home = try TemporaryFolder() }

  /// The default source, the feeds at `feeds`, a cache of the test's own.
  func auto(_ feeds: String) -> [String: String] {
    ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": feeds, "XDG_CACHE_HOME": home.url.path]
  }

  /// Feeds that take every connection and never answer (for ten minutes).
  static func hangingFeeds() async throws -> FixtureServer {
    try await FixtureServer.start(latencyMilliseconds: 600_000, shape: "nasa")
  }

  /// The rover names of `list`'s table, in order.
  static func names(_ run: CapturedRun) -> [String] {
    run.stdout.split(separator: "\n").dropFirst().compactMap { $0.split(separator: " ").first }
      .map(String.init)
  }

  static let apiRovers = ["Curiosity", "Spirit", "Opportunity", "Perseverance"]

  @Test func listWithTheFeedsRefusedShowsTheAPIsRoversOneWarningAndExits0() async throws {
    let api = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["list"], base: api.baseURL, environment: auto(Offline.refusedFeeds))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.names(run) == Self.apiRovers)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(
      lines.first?.hasPrefix(
        "warning: Ingenuity and InSight are left out: NASA's feeds at 127.0.0.1: cannot connect")
        == true, "\(run.stderr)")
    let quiet = try await CapturedRun.rovers(
      ["list", "-q", "--json"], base: api.baseURL, environment: auto(Offline.refusedFeeds))
    #expect(quiet.status == 0)
    #expect(quiet.stderr == "")
    let rovers = try #require(
      try JSONSerialization.jsonObject(with: Data(quiet.stdout.utf8)) as? [[String: Any]])
    #expect(rovers.compactMap { $0["name"] as? String } == Self.apiRovers)
  }

  /// A deadline that a run waiting for the feeds could never keep (their requests get three
  /// times the 30 s timeout), and that a loaded machine keeps with room to spare.
  static let deadline = ["--deadline", "60"]

  @Test func listWithFeedsThatNeverAnswerEndsWithinItsDeadline() async throws {
    let api = try await FixtureServer.start()
    let feeds = try await Self.hangingFeeds()
    // Past the deadline it would exit 75, not 0.
    let run = try await CapturedRun.rovers(
      ["list"] + Self.deadline, base: api.baseURL,
      environment: auto(feeds.host).merging(["ROVERS_EXTRAS_GRACE": "2"]) { $1 })
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Self.names(run) == Self.apiRovers)
    #expect(
      run.stderr
        == "warning: Ingenuity and InSight are left out: NASA's feeds: no answer from 127.0.0.1"
        + " within 2 s\n")
    // The missions were asked for: the feeds did not answer, they were not skipped.
    #expect(feeds.requests.count == 2)
  }

  @Test func latestWithTheFeedsDownOrHangingShowsTheAPIsRovers() async throws {
    let api = try await FixtureServer.start()
    let feeds = try await Self.hangingFeeds()
    for host in [Offline.refusedFeeds, feeds.host] {
      let run = try await CapturedRun.rovers(
        ["latest", "--format", "csv", "--fields", "rover"] + Self.deadline, base: api.baseURL,
        environment: auto(host))
      #expect(run.status == 0, "\(run.stderr)")
      #expect(
        Set(run.stdout.split(separator: "\n").dropFirst().map(String.init)) == Set(Self.apiRovers))
      #expect(run.stderr == "")
    }
    // Named, a mission's failure is the command's.
    let named = try await CapturedRun.rovers(
      ["latest", "perseverance", "ingenuity", "--retries", "0"], base: api.baseURL,
      environment: auto(Offline.refusedFeeds))
    #expect(named.status == 69)
    #expect(named.stdout.hasPrefix("Perseverance: sol 1042"))
    #expect(named.stderr.hasPrefix("Error: GET http://127.0.0.1:9/rss/api/"))
  }

  @Test func sourceAPISendsNothingToTheFeedsAndRefusesTheMissions() async throws {
    let api = try await FixtureServer.start()
    let feeds = try await FixtureServer.start(shape: "nasa")
    func run(_ arguments: [String]) async throws -> CapturedRun {
      try await CapturedRun.rovers(
        arguments + ["--source", "api"], base: api.baseURL,
        environment: ["ROVERS_NASA_BASE": feeds.host, "XDG_CACHE_HOME": home.url.path])
    }
    let list = try await run(["list"])
    #expect(list.status == 0, "\(list.stderr)")
    #expect(Self.names(list) == Self.apiRovers)
    #expect(list.stderr == "")
    for rover in ["ingenuity", "InSight"] {
      let photos = try await run(["photos", rover, "--sol", "100"])
      #expect(photos.status == 64)
      let name = rover == "ingenuity" ? "Ingenuity" : "InSight"
      #expect(
        photos.stderr
          == "Error: \(name) is in NASA's raw-image feeds only, which --source api leaves out"
          + " (use --source auto or --source nasa)\n")
    }
    let latest = try await run(["latest", "curiosity", "ingenuity"])
    #expect(latest.status == 64)
    #expect(latest.stdout.hasPrefix("Curiosity: sol 2540"))
    let sync = try await run(["sync", "insight", "-o", home.url.appendingPathComponent("m").path])
    #expect(sync.status == 64, "\(sync.stderr)")
    let verify = try await run(["verify", home.url.path, "--remote"])
    #expect(verify.status == 64)
    #expect(verify.stderr.hasPrefix("Error: '--remote' asks NASA's feeds"))
    _ = try await run(["latest"])
    _ = try await run(["manifest", "perseverance"])
    #expect(feeds.requests.isEmpty, "\(feeds.requests.map(\.target))")
  }

  @Test func theEndedMissionsAreAskedOnceAndKeptUntilRefresh() async throws {
    let api = try await FixtureServer.start()
    var feeds: FixtureServer? = try await FixtureServer.start(shape: "nasa")
    let host = try #require(feeds?.host)
    func list(_ more: [String] = []) async throws -> CapturedRun {
      try await CapturedRun.rovers(["list"] + more, base: api.baseURL, environment: auto(host))
    }
    let first = try await list()
    #expect(first.status == 0, "\(first.stderr)")
    #expect(Self.names(first) == Self.apiRovers + ["Ingenuity", "InSight"])
    #expect(feeds?.requests.count == 2)
    let second = try await list()
    #expect(second.stdout == first.stdout)
    #expect(feeds?.requests.count == 2, "a second list asks the feeds nothing")
    _ = try await list(["--refresh"])
    #expect(feeds?.requests.count == 4, "--refresh asks again")
    // What a mission's latest photos are is kept too: `latest ingenuity` asks once.
    _ = try await CapturedRun.rovers(
      ["latest", "ingenuity"], base: api.baseURL, environment: auto(host))
    let asked = feeds?.requests.count
    let again = try await CapturedRun.rovers(
      ["latest", "ingenuity"], base: api.baseURL, environment: auto(host))
    #expect(again.status == 0 && again.stdout.hasPrefix("Ingenuity: sol 1069"))
    #expect(feeds?.requests.count == asked)
    // With the feeds' host gone, the kept answers still describe the missions.
    feeds = nil
    let offline = try await list()
    #expect(offline.stdout == first.stdout)
    #expect(offline.stderr == "")
  }

  @Test func listToAFullDiskWithTheFeedsDownIsOneLineAndExit73() async throws {
    let api = try await FixtureServer.start()
    let err = home.url.appendingPathComponent("err")
    let child = try Subprocess(
      Binaries.rovers.path, ["list", "--json"],
      environment: Offline.environment(
        [
          "ROVERS_API_BASE": api.baseURL, "NO_PROXY": "*",
          "XDG_CACHE_HOME": home.url.path,
        ].merging(auto(Offline.refusedFeeds)) { $1 }),
      out: .file("/dev/full"), err: .file(err.path))
    #expect(await child.exitStatus() == 73)
    #expect(
      try String(contentsOf: err, encoding: .utf8)
        == "Error: cannot write to standard output: No space left on device\n")
  }
}
