import Foundation
import TestSupport
import Testing

/// Server text cannot drive the terminal, the key never damages the data, bad answers are
/// never cached, and the tool writes nowhere it does not say.
@Suite(.timeLimit(.minutes(3))) struct SafetyTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  /// A Spirit sol 2208 list whose camera name and address carry escape sequences, a bell, a
  /// carriage return and an OSC 52 clipboard write.
  static let hostileList: String = {
    let evil = #"NAV\u001b[31m\u0007\r\u001b]52;c;ZXZpbA==\u0007"#
    let photo =
      #"{"id": 1, "sol": 2208, "earth_date": "2010-03-21", "img_src": "http://h/\#(evil).jpg", "camera": {"id": 27, "name": "\#(evil)", "full_name": "\#(evil)"}, "rover": {"id": 7, "name": "Spirit"}}"#
    let body = #"{"photos": [\#(photo)]}"#
    let escaped = body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
      of: "\"", with: "\\\"")
    return #"[{"match": "/rovers/spirit/photos", "status": 200, "body": "\#(escaped)"}]"#
  }()

  @Test(arguments: [
    ["--format", "table"], ["--format", "csv"], ["--format", "tsv"], ["--urls"],
    ["--format", "ndjson"], ["--json"],
  ])
  func serverTextNeverReachesTheTerminalRaw(_ format: [String]) async throws {
    let server = try await FixtureServer.start(faults: Self.hostileList)
    let run = try await CapturedRun.rovers(
      ["photos", "spirit", "--sol", "2208"] + format, base: server.baseURL)
    #expect(run.status == 0)
    #expect(!run.stdout.isEmpty)
    let controls = run.stdout.unicodeScalars.filter {
      ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
    }
    #expect(controls.isEmpty, "\(format): \(controls.map(\.value))")
  }

  @Test func theKeyIsHiddenInWhatTheToolSaysButNeverRewritesTheData() async throws {
    let server = try await FixtureServer.start()
    // A key that is also a word of the data: every rover list names Curiosity.
    let run = try await CapturedRun.rovers(
      ["list", "--json", "-v", "--api-key", "Curiosity"], base: server.baseURL)
    #expect(run.status == 0)
    let rovers = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]]
    #expect(rovers?.first?["name"] as? String == "Curiosity")
    #expect(!run.stderr.contains("Curiosity"))
  }

  @Test(arguments: ["a", "1", "short7!", "has space in it"])
  func aKeyThatCannotBeAKeyIsRefused(_ key: String) async throws {
    let flag = try await CapturedRun.rovers(["list", "--api-key", key], base: "http://127.0.0.1:9")
    #expect(flag.status == 64)
    #expect(flag.stderr.hasPrefix("Error: The value of '--api-key <key>' is not a key: "))
    let variable = try await CapturedRun.rovers(
      ["list"], base: "http://127.0.0.1:9", environment: ["ROVERS_API_KEY": key])
    #expect(variable.status == 64)
    #expect(variable.stderr.hasPrefix("Error: The value of ROVERS_API_KEY is not a key: "))
    #expect(!variable.stderr.contains("Usage:"))
  }

  @Test func anAnswerThatDoesNotDecodeIsNeverCached() async throws {
    let server = try await FixtureServer.start(
      faults:
        #"[{"match": "/manifests/spirit", "status": 200, "body": "{\"photo_manifest\": 7}", "times": 1}]"#
    )
    let cache = ["XDG_CACHE_HOME": folder.url.path]
    let first = try await CapturedRun.rovers(
      ["manifest", "spirit"], base: server.baseURL, environment: cache)
    #expect(first.status == 65)
    let second = try await CapturedRun.rovers(
      ["manifest", "spirit"], base: server.baseURL, environment: cache)
    #expect(second.status == 0)
    #expect(server.requests.count == 2)
  }

  @Test func everyCommandLeavesAnEmptyHomeEmpty() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let home = folder.url.appendingPathComponent("home")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let environment = [
      "HOME": home.path, "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
    ]
    let mirror = folder.url.appendingPathComponent("mirror").path
    for command in [
      ["list"], ["latest"], ["manifest"], ["manifest", "curiosity"],
      ["photos", "perseverance", "--sol", "100", "--no-cache"],
      ["download", "spirit", "--sol", "1", "-o", mirror], ["sync", "spirit", "-o", mirror],
      ["cache", "info"], ["config", "show"], ["--help"], ["--version"],
    ] {
      let run = try await CapturedRun.rovers(
        command, base: server.baseURL, environment: environment)
      #expect(run.status == 0, "\(command): \(run.stderr)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).isEmpty)
    // The cache holds the tool's own folder and nothing of Foundation's.
    #expect(
      try FileManager.default.contentsOfDirectory(
        atPath: folder.url.appendingPathComponent("cache").path) == ["rovers"])
    // A home that does not exist is not created.
    let missing = folder.url.appendingPathComponent("no-such-home")
    let run = try await CapturedRun.rovers(
      ["list"], base: server.baseURL, environment: ["HOME": missing.path])
    #expect(run.status == 0)
    #expect(!FileManager.default.fileExists(atPath: missing.path))
  }
}
