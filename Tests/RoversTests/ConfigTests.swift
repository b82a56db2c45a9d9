import ArgumentParsing
import CommandRuntime
import Foundation
import TestSupport
import Testing

@testable import rovers

@Suite(.timeLimit(.minutes(3))) struct ConfigTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  func write(_ text: String) throws -> [String: String] {
    let file = folder.url.appendingPathComponent("rovers/config")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return ["XDG_CONFIG_HOME": folder.url.path]
  }

  func options(_ words: [String], _ environment: [String: String]) throws -> CommonOptions {
    try CommonOptions(
      Settings(
        arguments: ArgumentParser.parse(words, for: Rovers.List.spec), environment: environment))
  }

  @Test func theFileSitsBelowFlagsAndEnvironment() throws {
    var environment = try write(
      "# defaults for this machine\napi-base = http://127.0.0.1:1/api/v1\ntimeout = 9\n\nretries = 1\n"
    )
    let fromFile = try options([], environment)
    #expect(fromFile.baseURL.absoluteString == "http://127.0.0.1:1/api/v1")
    #expect(fromFile.timeout == 9 && fromFile.retries == 1)
    environment["ROVERS_TIMEOUT"] = "4"
    #expect(try options([], environment).timeout == 4)
    #expect(try options(["--timeout", "2"], environment).timeout == 2)
  }

  @Test func theFileCanNameTheKeyFileLast() throws {
    let keyFile = folder.url.appendingPathComponent("key")
    try "from-file-key\n".write(to: keyFile, atomically: true, encoding: .utf8)
    var environment = try write("api-key-file = \(keyFile.path)\n")
    #expect(try options([], environment).apiKey == "from-file-key")
    environment["NASA_API_KEY"] = "env-key-1234"
    #expect(try options([], environment).apiKey == "env-key-1234")
  }

  @Test(arguments: [
    ("timeout = 5\nthis is not a setting\n", ":2: expected 'key = value'"),
    ("timeuot = 5\n", ":1: unknown setting 'timeuot' (did you mean 'timeout'?)"),
    ("retries =\n", ":1: 'retries' has no value"),
    ("\n\nretries = many\n", ":3: the value 'many' is invalid: give a whole number, 0 to 20"),
    (
      "api-base = ftp://x\n",
      ":1: the value 'ftp://x' is invalid: give an absolute http or https URL"
    ),
  ])
  func aMalformedFileIsExit78WithItsLine(_ text: String, _ message: String) async throws {
    let environment = try write(text)
    let run = await CapturedRun.run("list", environment: environment)
    #expect(run.code == .configError)
    #expect(
      run.stderr.hasPrefix("Error: \(folder.url.path)/rovers/config\(message)"), "\(run.stderr)")
  }

  @Test(arguments: [
    // A comment line repeated past a megabyte: read no further than the limit.
    (
      Data(String(repeating: "# a line of a very long comment\n", count: 40_000).utf8),
      ": is over 1 MB, too large for a config file"
    ),
    (
      Data([0x74, 0x69, 0x6D, 0x65, 0x6F, 0x75, 0x74, 0x20, 0x3D, 0x20, 0xFF, 0x0A]),
      ": is not UTF-8 text"
    ),
  ])
  func aFileTooLargeOrNotTextIsExit78(_ bytes: Data, _ message: String) async throws {
    let environment = try write("")
    try bytes.write(to: folder.url.appendingPathComponent("rovers/config"))
    let run = await CapturedRun.run("list", environment: environment)
    #expect(run.code == .configError)
    #expect(run.stderr == "Error: \(folder.url.path)/rovers/config\(message)\n", "\(run.stderr)")
  }

  @Test func showPrintsTheEffectiveSettingsWithTheKeyMasked() async throws {
    var environment = try write("timeout = 12\njobs = 3\nsize = small\n")
    environment["ROVERS_API_KEY"] = "mv_live_SHOWSECRET"
    let run = await CapturedRun.run("config show --retries 5", environment: environment)
    #expect(run.code == .success)
    #expect(run.stdout.contains("api-key      ***"))
    #expect(run.stdout.contains("ROVERS_API_KEY"))
    #expect(run.stdout.contains("timeout      12"))
    #expect(run.stdout.contains("\(folder.url.path)/rovers/config:1"))
    let retries = run.stdout.split(separator: "\n").first { $0.hasPrefix("retries ") }
    #expect(
      retries?.split(separator: " ", omittingEmptySubsequences: true) == [
        "retries", "5", "--retries", "<n>",
      ])
    #expect(run.stdout.contains("jobs         3"))
    // Every setting the file takes is shown, with the line it came from.
    let size = run.stdout.split(separator: "\n").first { $0.hasPrefix("size ") }
    #expect(
      size?.split(separator: " ", omittingEmptySubsequences: true) == [
        "size", "small", "\(folder.url.path)/rovers/config:3",
      ])
    #expect(!run.stdout.contains("SHOWSECRET"))
  }
}
