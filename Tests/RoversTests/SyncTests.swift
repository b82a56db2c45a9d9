import Foundation
import TestSupport
import Testing

/// `rovers sync` end to end.
@Suite(.timeLimit(.minutes(3))) struct SyncTests {
  let folder: TemporaryFolder
  var output: URL { folder.url.appendingPathComponent("mirror") }

  init() throws { folder = try TemporaryFolder() }

  @Test func firstRunTakesTheLatestSolAndASecondFindsNothingNew() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let first = try await CapturedRun.rovers(
      ["sync", "perseverance", "spirit", "-o", output.path], base: server.baseURL)
    #expect(first.status == 0)
    #expect(first.stderr.hasPrefix("downloaded 78, skipped 0, gone 0, failed 0, "))
    let photos = Folder.photos(output)
    #expect(photos.filter { $0.hasPrefix("perseverance/1042/") }.count == 62)
    #expect(photos.filter { $0.hasPrefix("spirit/2208/") }.count == 16)
    #expect(photos.count == 78)
    let logged = server.requests.count
    let second = try await CapturedRun.rovers(
      ["sync", "perseverance", "spirit", "-o", output.path], base: server.baseURL)
    #expect(second.status == 0)
    #expect(second.stderr == "nothing new\n")
    let more = server.requests.dropFirst(logged).map(\.target).sorted()
    #expect(more == ["/api/v1/manifests/perseverance", "/api/v1/manifests/spirit"])
    // A dry run says what the real run says.
    let planned = try await CapturedRun.rovers(
      ["sync", "perseverance", "spirit", "-o", output.path, "--dry-run"], base: server.baseURL)
    #expect(planned.status == 0)
    #expect(planned.stderr == "nothing new\n")
  }

  @Test func sinceSolReachesBackAndIsRemembered() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      [
        "sync", "perseverance", "-o", output.path, "--since-sol", "1030", "--camera", "navcam_left",
        "--json",
      ],
      base: server.baseURL)
    #expect(run.status == 0)
    let entries = try JSONDecoder().decode([DownloadEntry].self, from: Data(run.stdout.utf8))
    #expect(!entries.isEmpty)
    #expect(entries.allSatisfy { $0.path.contains("/perseverance/1042/NAVCAM_LEFT/") })
    let journal = try String(
      contentsOf: output.appendingPathComponent(".rovers-sync.journal"), encoding: .utf8)
    #expect(journal.contains(#"{"rover":"perseverance","start_sol":1030}"#))
    let again = try await CapturedRun.rovers(
      ["sync", "perseverance", "-o", output.path, "--camera", "NAVCAM_LEFT"], base: server.baseURL)
    #expect(again.stderr == "nothing new\n")
  }

  @Test func aSecondSyncOnTheSameFolderExits75AtOnce() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 60_000)
    let first = try Subprocess(
      Binaries.rovers.path, ["sync", "spirit", "-o", output.path],
      environment: Offline.environment(["ROVERS_API_BASE": server.baseURL, "NO_PROXY": "*"]))
    try await Poll.until("the first image request", every: .milliseconds(10)) {
      server.requests.contains { $0.target.hasPrefix("/images/") }
    }
    let second = try await CapturedRun.rovers(
      ["sync", "spirit", "-o", output.path], base: server.baseURL)
    #expect(second.status == 75)
    #expect(second.stderr.hasPrefix("Error: another rovers sync is running on this folder"))
    first.signal(SIGTERM)
    #expect(await first.exitStatus() == 130)
    // The lock died with the process: the next sync runs.
    let quick = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let third = try await CapturedRun.rovers(
      ["sync", "spirit", "-o", output.path], base: quick.baseURL)
    #expect(third.status == 0)
    #expect(Folder.photos(output).count == 16)
  }

  @Test func outputIsRequired() async throws {
    let run = try await CapturedRun.rovers(["sync", "spirit"], base: "http://127.0.0.1:9/api/v1")
    #expect(run.status == 64)
    #expect(
      run.stderr.hasPrefix("Error: Missing expected argument '--output <dir>'\nUsage: rovers sync ")
    )
  }
}
