import ArgumentParsing
import Foundation
import RoverAPI
import TestSupport
import Testing

/// The smaller cases a hostile test of the tool found, one test each.
@Suite(.timeLimit(.minutes(3))) struct SmallerCaseTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  var configFolder: URL { folder.url.appendingPathComponent("config/rovers") }

  func writeConfig(_ text: String) throws {
    try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: configFolder.appendingPathComponent("config"))
  }

  var environment: [String: String] {
    ["XDG_CONFIG_HOME": folder.url.appendingPathComponent("config").path]
  }

  @Test func aConfigWithWindowsLineEndsWorks() async throws {
    try writeConfig("timeout = 7\r\nretries = 2 # after a comment\r\n")
    let run = try await CapturedRun.rovers(
      ["config", "show"], base: "http://127.0.0.1:9/api/v1", environment: environment)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("timeout      7 "))
    #expect(run.stdout.contains("retries      2 "))
  }

  @Test func aConfigThatIsASymlinkLoopIsExit78() async throws {
    try FileManager.default.createDirectory(at: configFolder, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: configFolder.appendingPathComponent("config").path, withDestinationPath: "config")
    let run = try await CapturedRun.rovers(
      ["list"], base: "http://127.0.0.1:9/api/v1", environment: environment)
    #expect(run.status == 78)
    #expect(run.stderr.contains("config: is a loop of symbolic links"))
  }

  @Test func anAPIBaseHoldingAKeyIsNeverEchoed() async throws {
    try writeConfig("api-base = https://host.test/api/v1?api_key=SECRETSECRET\n")
    let run = try await CapturedRun.rovers(["list"], base: "", environment: environment)
    #expect(run.status == 78)
    #expect(run.stderr.contains("config:1: the value 'https://host.test/api/v1?…' is invalid"))
    #expect(!run.stderr.contains("SECRETSECRET"))
  }

  @Test func clearingACacheThatCannotBeReadIsExit73() async throws {
    // A file where the cache folder should be: it cannot be listed, whoever runs the test.
    try Data("x".utf8).write(to: folder.url.appendingPathComponent("rovers"))
    let run = try await CapturedRun.rovers(
      ["cache", "clear"], base: "http://127.0.0.1:9/api/v1",
      environment: ["XDG_CACHE_HOME": folder.url.path])
    #expect(run.status == 73)
    #expect(run.stderr.hasPrefix("Error: cannot write \(folder.url.path)/rovers: Not a directory"))
  }

  @Test(arguments: TransportUnderTest.inTheBinary)
  func networkFailuresAreSaidInPlainWords(_ transport: TransportUnderTest) async throws {
    let server = try await FixtureServer.start(
      faults: #"""
        [{"match": "/manifests/spirit", "status": 200, "body": "xx", "headers": {"Content-Encoding": "br"}},
         {"match": "/manifests/opportunity", "status": 302, "headers": {"Location": "http://127.0.0.1:{port}/api/v1/manifests/opportunity"}}]
        """#)
    let chosen = ["ROVERS_TRANSPORT": transport.rawValue]
    let encoding = try await CapturedRun.rovers(
      ["manifest", "spirit", "--retries", "0"], base: server.baseURL, environment: chosen)
    #expect(encoding.status == 65)
    #expect(
      encoding.stderr.hasSuffix(
        "a body in an encoding this tool cannot read (Content-Encoding: br)\n"))
    let loop = try await CapturedRun.rovers(
      ["manifest", "opportunity", "--retries", "0"], base: server.baseURL, environment: chosen)
    #expect(loop.status == 69)
    #expect(loop.stderr.hasSuffix("redirected too many times (a redirect loop)\n"))
    #expect(!(encoding.stderr + loop.stderr).contains("network error"))
  }

  @Test func anImageAddressInCapitalsIsFetched() async throws {
    let photo =
      #"{"id": 1, "sol": 1, "earth_date": "2004-01-05", "img_src": "HTTP://127.0.0.1:{port}/images/a/B.jpg", "camera": {"id": 1, "name": "FHAZ"}, "rover": {"id": 7, "name": "Spirit"}}"#
    let body = #"{"photos": [\#(photo)]}"#.replacingOccurrences(of: "\"", with: "\\\"")
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/rovers/spirit/photos", "status": 200, "body": "\#(body)"}]"#,
      imageLatencyMilliseconds: 0)
    let output = folder.url.appendingPathComponent("mars")
    let run = try await CapturedRun.rovers(
      ["download", "spirit", "--sol", "1", "-o", output.path], base: server.baseURL)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(Folder.photos(output) == ["spirit/1/FHAZ/B.jpg"])
  }

  @Test(arguments: [["latest"], ["manifest"]])
  func aListedRoverTheServerRefusesIsAFailureNotAUsageError(_ command: [String]) async throws {
    let server = try await FixtureServer.start(
      faults: #"""
        [{"match": "/rovers/Spirit/", "status": 400, "body": "{\"errors\": \"Invalid Rover Name\"}"},
         {"match": "/manifests/Spirit", "status": 400, "body": "{\"errors\": \"Invalid Rover Name\"}"}]
        """#)
    let run = try await CapturedRun.rovers(command, base: server.baseURL)
    #expect(run.status == 65, "\(run.stderr)")
    #expect(run.stderr.contains("Spirit"))
    #expect(!run.stderr.contains("Unknown rover"))
    #expect(run.stdout.contains("Curiosity"))
  }
}
