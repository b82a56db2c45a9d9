import CommandRuntime
import FixtureServing
import Foundation
import MarsCatalog
import TestSupport
import Testing

@testable import rovers

/// The four ways NASA's host (the feeds and the traverse maps, `--nasa-base`) fails a user.
enum NASAHostState: String, CaseIterable, Sendable {
  /// Nothing listens: a firewall, a machine that cannot reach NASA.
  case refused
  /// The name does not resolve: a DNS failure.
  case unresolvable
  /// Every connection is taken and never answered: a broken proxy, an overloaded host.
  case hanging
  /// Every answer comes a byte a second.
  case dripping

  /// The host as `--nasa-base` takes it, and the fixture server behind it when there is one.
  func host() async throws -> (address: String, server: FixtureServer?) {
    switch self {
    case .refused: return (Offline.refusedFeeds, nil)
    case .unresolvable: return ("http://nasa-host.invalid", nil)
    case .hanging:
      let server = try await FixtureServer.start(latencyMilliseconds: 600_000, shape: "nasa")
      return (server.host, server)
    case .dripping:
      let server = try await FixtureServer.start(
        faults: #"[{"match": "/", "action": "drip", "bytes": 1, "interval_ms": 1000}]"#,
        shape: "nasa")
      return (server.host, server)
    }
  }
}

/// One command as the matrix runs it: a canonical invocation, and what NASA's host is to it.
struct NASAHostRow: Sendable, CustomTestStringConvertible {
  enum Kind: Sendable {
    /// The API alone answers: the run ends within 10 s with `--source api`'s stdout (places
    /// null) and this exit code.
    case apiAnswers(Int32)
    /// NASA's host is what was asked for: 69, or 75 when it timed out, within the timeout and
    /// retries.
    case nasaAnswers
    /// The answer is made of what NASA's records carry, so the feeds are asked first: when they
    /// fail, within their timeout and retries, the API answers (exit 0) and the run says what
    /// its photos lack; the output is the same in every state.
    case feedsFirst
    /// Asks no server at all: nothing reaches either.
    case asksNoServer
    /// `browse`, checked in a terminal through its loop.
    case terminal
  }

  /// The subcommand (or `help`, `completion`).
  var command: String
  var kind: Kind
  /// The words after `rovers`, given a scratch folder of the run's own.
  var words: @Sendable (URL) -> [String]

  var testDescription: String {
    "\(command): rovers " + words(URL(fileURLWithPath: "DIR")).joined(separator: " ")
  }
}

/// "The API answers; NASA's host only ever adds", for every subcommand, with NASA's host
/// refused, unresolvable, hanging and dripping. A new subcommand without a row fails the
/// suite: the next feature that asks NASA for something cannot skip the rule.
@Suite(.timeLimit(.minutes(3))) struct NASAHostMatrixTests {
  static let image = PackagePaths.fixtures.appendingPathComponent(
    "real-images/FLB_486265257EDR_F0481570FHAZ00323M_.jpg"
  ).path

  static let rows: [NASAHostRow] = [
    NASAHostRow(command: "list", kind: .apiAnswers(0)) { _ in ["list"] },
    NASAHostRow(command: "latest", kind: .apiAnswers(0)) { _ in ["latest"] },
    NASAHostRow(command: "manifest", kind: .apiAnswers(0)) { _ in ["manifest", "curiosity"] },
    NASAHostRow(command: "photos", kind: .apiAnswers(0)) { _ in
      ["photos", "perseverance", "--sol", "100", "--json"]
    },
    NASAHostRow(command: "photos", kind: .nasaAnswers) { _ in
      ["photos", "perseverance", "--sol", "100", "--source", "nasa"]
    },
    NASAHostRow(command: "download", kind: .apiAnswers(0)) { folder in
      ["download", "perseverance", "--sol", "100", "-o", folder.path, "--json"]
    },
    NASAHostRow(command: "sync", kind: .apiAnswers(75)) { folder in
      ["sync", "perseverance", "-o", folder.path, "--json"]
    },
    NASAHostRow(command: "verify", kind: .asksNoServer) { folder in ["verify", folder.path] },
    NASAHostRow(command: "gallery", kind: .asksNoServer) { folder in ["gallery", folder.path] },
    NASAHostRow(command: "show", kind: .asksNoServer) { _ in
      ["show", image, "--image-protocol", "blocks"]
    },
    NASAHostRow(command: "stereo", kind: .apiAnswers(0)) { _ in
      ["stereo", "perseverance", "--sol", "0"]
    },
    NASAHostRow(command: "sequences", kind: .feedsFirst) { _ in
      ["sequences", "perseverance", "--sol", "100", "--json"]
    },
    NASAHostRow(command: "sequences", kind: .nasaAnswers) { _ in
      ["sequences", "perseverance", "--sol", "888", "--source", "nasa"]
    },
    NASAHostRow(command: "movie", kind: .feedsFirst) { folder in
      [
        "movie", "perseverance", "--sol", "0", "--sequence", "AUT_04096", "--camera",
        "REAR_HAZCAM_LEFT", "-o", folder.appendingPathComponent("m.gif").path,
      ]
    },
    NASAHostRow(command: "movie", kind: .nasaAnswers) { folder in
      [
        "movie", "perseverance", "--sol", "901", "--sequence", "NCAM09900", "--source", "nasa",
        "-o", folder.appendingPathComponent("m.png").path,
      ]
    },
    NASAHostRow(command: "develop", kind: .feedsFirst) { folder in
      ["develop", "perseverance", "--sol", "100", "-o", folder.path]
    },
    NASAHostRow(command: "develop", kind: .nasaAnswers) { folder in
      ["develop", "perseverance", "--sol", "896", "--source", "nasa", "-o", folder.path]
    },
    NASAHostRow(command: "timelapse", kind: .nasaAnswers) { _ in
      ["timelapse", "perseverance", "--from-sol", "910", "--to-sol", "914", "--list"]
    },
    NASAHostRow(command: "panorama", kind: .nasaAnswers) { _ in
      ["panorama", "perseverance", "--sol", "888"]
    },
    NASAHostRow(command: "where", kind: .nasaAnswers) { _ in ["where", "perseverance"] },
    NASAHostRow(command: "terrain", kind: .nasaAnswers) { folder in
      ["terrain", "curiosity", "--sol", "86", "-o", folder.path + "/3d"]
    },
    NASAHostRow(command: "browse", kind: .terminal) { _ in ["browse"] },
    NASAHostRow(command: "clock", kind: .asksNoServer) { _ in ["clock"] },
    NASAHostRow(command: "catalog", kind: .nasaAnswers) { folder in
      ["catalog", "sync", "curiosity", "--to-sol", "2", "--catalog", folder.path + "/c.sqlite"]
    },
    NASAHostRow(command: "catalog", kind: .asksNoServer) { _ in ["catalog", "--schema"] },
    NASAHostRow(command: "search", kind: .asksNoServer) { folder in
      // An empty catalogue of the folder's own: a search reads it and nothing else.
      let path = folder.path + "/c.sqlite"
      _ = try? Catalog(path: path, writing: true)
      return ["search", "--az", "350..20", "--catalog", path]
    },
    // `--near` places photos on NASA's traverse maps: its host is what is asked, even with
    // the catalogue empty.
    NASAHostRow(command: "search", kind: .nasaAnswers) { folder in
      let path = folder.path + "/c.sqlite"
      _ = try? Catalog(path: path, writing: true)
      return [
        "search", "perseverance", "--near", "18.4447,77.4508", "--within", "100m", "--catalog",
        path,
      ]
    },
    // `--source catalog`: the lists from the file alone, whatever state NASA's host is in.
    NASAHostRow(command: "latest", kind: .asksNoServer) { folder in
      let path = folder.path + "/c.sqlite"
      _ = try? Catalog(path: path, writing: true)
      return ["latest", "--source", "catalog", "--catalog", path]
    },
    NASAHostRow(command: "list", kind: .asksNoServer) { folder in
      let path = folder.path + "/c.sqlite"
      _ = try? Catalog(path: path, writing: true)
      return ["list", "--source", "catalog", "--catalog", path]
    },
    NASAHostRow(command: "cache", kind: .asksNoServer) { _ in ["cache", "info"] },
    NASAHostRow(command: "config", kind: .asksNoServer) { _ in ["config", "show"] },
    NASAHostRow(command: "help", kind: .asksNoServer) { _ in ["help", "photos"] },
    NASAHostRow(command: "completion", kind: .asksNoServer) { _ in
      ["--generate-completion-script", "bash"]
    },
  ]

  @Test func everySubcommandHasARow() {
    let covered = Set(Self.rows.map(\.command))
    for command in Rovers.commands where !covered.contains(command.spec.name) {
      Issue.record("'\(command.spec.name)' has no row in the NASA host matrix")
    }
  }

  /// A finished run and how long it took.
  struct TimedRun {
    var run: ProcessRun
    var seconds: Double
  }

  /// Runs the built binary with NASA's host at `nasa`, a cache and folders of its own.
  static func run(
    _ row: NASAHostRow, api: FixtureServer, nasa: String, source: String = "auto",
    extra: [String] = []
  ) async throws -> TimedRun {
    let home = try TemporaryFolder()
    let folder = home.url.appendingPathComponent("mars")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let run = try await ProcessRun.roversProcess(
      row.words(folder) + extra, base: api.baseURL,
      environment: [
        "ROVERS_SOURCE": source, "ROVERS_NASA_BASE": nasa,
        "XDG_CACHE_HOME": home.url.appendingPathComponent("cache").path,
        "XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path,
        "HOME": home.url.path,
      ])
    var shown = run
    // Each run has a folder of its own; its output names it the same way.
    shown.stdout = run.stdout.replacingOccurrences(of: home.url.path, with: "HOME")
    return TimedRun(run: shown, seconds: run.seconds)
  }

  @Test(arguments: rows)
  func theAPIAnswersWhateverNASAsHostDoes(_ row: NASAHostRow) async throws {
    if case .terminal = row.kind {
      try await browse()
      return
    }
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let reference: TimedRun? =
      switch row.kind {
      case .apiAnswers:
        try await Self.run(row, api: api, nasa: Offline.refusedFeeds, source: "api")
      case .feedsFirst:
        // What the API alone gives, once the feeds cannot be had at all.
        try await Self.run(row, api: api, nasa: Offline.refusedFeeds)
      default: nil
      }
    try await withThrowingTaskGroup(of: Void.self) { group in
      for state in NASAHostState.allCases {
        group.addTask {
          // Answers hold the API server's address: the reference's server answers them too.
          try await Self.check(row, state: state, reference: reference, shared: api)
        }
      }
      try await group.waitForAll()
    }
  }

  /// One row in one state; a row that asks no server has an API server of its own, so that
  /// its log is the row's.
  static func check(
    _ row: NASAHostRow, state: NASAHostState, reference: TimedRun?, shared: FixtureServer
  ) async throws {
    let api =
      if case .asksNoServer = row.kind {
        try await FixtureServer.start(imageLatencyMilliseconds: 0)
      } else { shared }
    let (nasa, server) = try await state.host()
    let label = "\(row.command) with NASA's host \(state.rawValue)"
    switch row.kind {
    case .apiAnswers(let code):
      let timed = try await run(row, api: api, nasa: nasa, extra: ["--timeout", "30"])
      #expect(timed.seconds < 10, "\(label): \(timed.seconds) s")
      #expect(timed.run.status == code, "\(label): \(timed.run.stderr)")
      #expect(Self.canonical(timed.run.stdout) == reference.map { Self.canonical($0.run.stdout) })
      if row.command == "download" {
        // Nobody asked for places: nothing is said about them.
        #expect(!timed.run.stderr.contains("place"), "\(label): \(timed.run.stderr)")
      }
    case .nasaAnswers:
      // Two tries of at most 3 s each (the feeds get three times the timeout) and a back-off.
      let timed = try await run(
        row, api: api, nasa: nasa, extra: ["--timeout", "1", "--retries", "1"])
      let timedOut = state == .hanging || state == .dripping
      #expect(timed.run.status == (timedOut ? 75 : 69), "\(label): \(timed.run.stderr)")
      #expect(timed.seconds < 20, "\(label): \(timed.seconds) s")
    case .feedsFirst:
      // The feeds get three times the timeout, twice; then the API answers at once.
      let timed = try await run(
        row, api: api, nasa: nasa, extra: ["--timeout", "1", "--retries", "1"])
      #expect(timed.seconds < 20, "\(label): \(timed.seconds) s")
      #expect(timed.run.status == 0, "\(label): \(timed.run.stderr)")
      #expect(timed.run.stderr.contains("whose photos carry no pointing"), "\(label)")
      #expect(Self.canonical(timed.run.stdout) == reference.map { Self.canonical($0.run.stdout) })
    case .asksNoServer:
      let timed = try await run(row, api: api, nasa: nasa)
      #expect(timed.seconds < 10, "\(label): \(timed.seconds) s")
      #expect(timed.run.status == 0, "\(label): \(timed.run.stderr)")
      #expect(api.requests.isEmpty, "\(label): \(api.requests.map(\.target))")
      #expect(server?.requests.isEmpty ?? true, "\(label)")
    case .terminal:
      break
    }
  }

  /// The output as compared: a JSON array's elements in a stable order (a sync lists its
  /// downloads as they end), any other output as it is.
  static func canonical(_ output: String) -> String {
    guard let items = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [Any] else {
      return output
    }
    return items.map { item in
      String(decoding: ParsedJSON.data(item, sortedKeys: true), as: UTF8.self)
    }.sorted().joined(separator: "\n")
  }

  /// `browse` in a terminal: the API's rovers drawn, the missions said to be left out within
  /// 10 s, and q ends it with 0, in every state.
  func browse() async throws {
    guard Tmux.isInstalled else { return }
    for state in NASAHostState.allCases {
      let setup = try await BrowseTests.Setup()
      let (nasa, _) = try await state.host()
      let terminal = try await Tmux.start(
        columns: 120, rows: 30,
        command: try setup.command(
          "--timeout 30", environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": nasa]))
      for rover in ["Curiosity", "Spirit", "Opportunity", "Perseverance"] {
        try await terminal.waitFor(rover, within: 10)
      }
      try await terminal.waitFor("Ingenuity and InSight are left out", within: 10)
      try await terminal.press("q")
      #expect(try await setup.exitCode() == "0", "browse with NASA's host \(state.rawValue)")
    }
  }
}
