import Foundation
import TestSupport
import Testing

/// Writing output can fail: the tool says so in one line and exits with a code, never a trap.
@Suite(.timeLimit(.minutes(3))) struct OutputFailureTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  var errFile: String { folder.url.appendingPathComponent("err").path }

  func run(
    _ arguments: [String], out: Subprocess.Stream, err: Subprocess.Stream? = nil,
    base: String = "http://127.0.0.1:9/api/v1"
  ) async throws -> (status: Int32, stderr: String) {
    let child = try Subprocess(
      Binaries.rovers.path, arguments,
      environment: Offline.environment(["ROVERS_API_BASE": base, "NO_PROXY": "*"]),
      out: out, err: err ?? .file(errFile))
    let status = await child.exitStatus()
    return (status, (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? "")
  }

  @Test func aFullDiskIsExit73InOneLine() async throws {
    let server = try await FixtureServer.start()
    let run = try await run(["list", "--json"], out: .file("/dev/full"), base: server.baseURL)
    #expect(run.status == 73)
    #expect(run.stderr == "Error: cannot write to standard output: No space left on device\n")
  }

  @Test func aClosedStdoutIsExit73InOneLine() async throws {
    let server = try await FixtureServer.start()
    let run = try await run(["list"], out: .closed, base: server.baseURL)
    #expect(run.status == 73)
    #expect(run.stderr == "Error: cannot write to standard output: Bad file descriptor\n")
  }

  @Test func aReaderThatGoesAwayEndsTheRunQuietly() async throws {
    let server = try await FixtureServer.start()
    let run = try await run(
      ["photos", "curiosity", "--sol", "1000"], out: .abandonedPipe, base: server.baseURL)
    #expect(run.status == 141)
    #expect(run.stderr == "")
  }

  @Test func aClosedStderrNeverChangesTheExitCode() async throws {
    let server = try await FixtureServer.start()
    let typo = try await run(
      ["photos", "curiosty", "--sol", "1"], out: .file("/dev/null"), err: .closed,
      base: server.baseURL)
    #expect(typo.status == 64)
    let fine = try await run(
      ["manifest", "spirit", "-v"], out: .file("/dev/null"), err: .closed, base: server.baseURL)
    #expect(fine.status == 0)
  }

  @Test func aFullDiskUnderTheCronLineIsExit73() async throws {
    let server = try await FixtureServer.start()
    let run = try await run(
      ["latest", "perseverance", "--json", "-q"], out: .file("/dev/full"), base: server.baseURL)
    #expect(run.status == 73)
    #expect(!run.stderr.contains("Fatal error") && run.stderr.split(separator: "\n").count == 1)
  }
}
