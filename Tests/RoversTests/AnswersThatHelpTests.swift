import Foundation
import TestSupport
import Testing

/// Answers that say why: an empty day outside the mission names the mission's range, a page
/// past the end says how many there are, and the plans of `--dry-run` are true.
@Suite(.timeLimit(.minutes(3))) struct AnswersThatHelpTests {
  static let curiosityRange = "Curiosity has photos from sol 0 to 2540 (2012-08-06 to 2019-09-28)\n"

  @Test(arguments: [
    ["photos", "curiosity", "--sol", "99999"],
    ["photos", "curiosity", "--earth-date", "2001-01-01"],
    ["photos", "curiosity", "--sol", "99999", "--urls"],
  ])
  func aDayOutsideTheMissionNamesTheRange(_ arguments: [String]) async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(arguments, base: server.baseURL)
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == Self.curiosityRange)
    let quiet = try await CapturedRun.rovers(arguments + ["-q"], base: server.baseURL)
    #expect(quiet.stderr.isEmpty)
  }

  @Test func aPagePastTheEndSaysHowManyPagesThereAre() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["photos", "perseverance", "--sol", "100", "--page", "5"], base: server.baseURL)
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr == "Perseverance has 49 photos on sol 100: pages 1 to 2\n")
  }

  @Test func aDayWithinTheMissionWithoutPhotosSaysNothing() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "2539"], base: server.baseURL)
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.isEmpty)
  }

  @Test func syncSinceASolPastTheEndNamesTheRange() async throws {
    let server = try await FixtureServer.start()
    let folder = try TemporaryFolder()
    let run = try await CapturedRun.rovers(
      ["sync", "curiosity", "-o", folder.url.path, "--since-sol", "5000"], base: server.baseURL)
    #expect(run.status == 0)
    #expect(run.stderr == Self.curiosityRange + "nothing new\n")
  }

  @Test func latestKeepsEveryCameraAndEachRoverOnce() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      [
        "latest", "curiosity", "curiosity", "--camera", "FHAZ", "--camera", "rhaz", "--format",
        "csv", "--fields", "rover,camera",
      ], base: server.baseURL)
    #expect(run.status == 0)
    let rows = run.stdout.split(separator: "\n").dropFirst()
    #expect(Set(rows) == ["Curiosity,FHAZ", "Curiosity,RHAZ"])
    // Curiosity named twice is fetched and shown once: its one FHAZ photo appears once.
    #expect(rows.filter { $0 == "Curiosity,FHAZ" }.count == 1)
  }

  @Test func forcedDryRunWouldDownloadEveryPhoto() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder()
    let base = ["download", "perseverance", "--sol", "100", "-o", folder.url.path]
    let first = try await CapturedRun.rovers(base, base: server.baseURL)
    #expect(first.status == 0)
    let plain = try await CapturedRun.rovers(base + ["--dry-run"], base: server.baseURL)
    #expect(plain.stderr == "would download 0, 49 already there\n")
    let forced = try await CapturedRun.rovers(
      base + ["--dry-run", "--force"], base: server.baseURL)
    #expect(forced.stderr == "would download 49 (--force: again)\n")
    #expect(!forced.stdout.contains("present"))
  }

  @Test func syncDryRunListsTheWorkAndWritesNothing() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder()
    let mirror = folder.url.appendingPathComponent("mars")
    let arguments = ["sync", "perseverance", "-o", mirror.path, "--since-sol", "1041"]
    let plan = try await CapturedRun.rovers(
      arguments + ["--dry-run", "--format", "csv", "--fields", "status"], base: server.baseURL)
    #expect(plan.status == 0)
    #expect(!FileManager.default.fileExists(atPath: mirror.path))
    let planned = plan.stdout.split(separator: "\n").dropFirst()
    #expect(!planned.isEmpty && planned.allSatisfy { $0 == "missing" })
    let run = try await CapturedRun.rovers(arguments + ["--json"], base: server.baseURL)
    let entries = try JSONDecoder().decode([DownloadEntry].self, from: Data(run.stdout.utf8))
    #expect(entries.count == planned.count)
  }

  /// Whether the 404 ends the command or one rover of several, the line says what to try.
  @Test(arguments: [
    (["list"], "/rovers"),
    (["latest", "spirit", "curiosity"], "/rovers/spirit/latest_photos?per_page=100"),
    (["sync", "spirit", "-o", "MIRROR"], "/manifests/spirit"),
    (["sync", "spirit", "-o", "MIRROR", "--dry-run"], "/manifests/spirit"),
  ])
  func anAPIBaseWithoutItsPathSuggestsIt(_ arguments: [String], _ path: String) async throws {
    let server = try await FixtureServer.start()
    let folder = try TemporaryFolder()
    let run = try await CapturedRun.rovers(
      arguments.map { $0 == "MIRROR" ? folder.url.appendingPathComponent("mars").path : $0 },
      base: server.host)
    #expect(run.status == 69)
    #expect(
      run.stderr.split(separator: "\n").first
        == "Error: GET \(server.host)\(path): the server answered 404 Not Found (the API base has no /api/v1: try \(server.host)/api/v1)"
    )
  }

  @Test func aSyncDryRunSaysWhichRoverItCouldNotPlan() async throws {
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/manifests/spirit", "status": 503}]"#)
    let folder = try TemporaryFolder()
    let mirror = folder.url.appendingPathComponent("mars")
    let plan = try await CapturedRun.rovers(
      [
        "sync", "spirit", "opportunity", "-o", mirror.path, "--since-sol", "5111", "--retries",
        "0", "--dry-run", "--format", "csv", "--fields", "path",
      ], base: server.baseURL)
    // Opportunity's plan is listed; Spirit's failure is said, and the exit code is not 0.
    #expect(plan.status == 69)
    #expect(
      plan.stderr.hasPrefix(
        "Error: GET \(server.baseURL)/manifests/spirit: the server answered 503"),
      "\(plan.stderr)")
    let paths = plan.stdout.split(separator: "\n").dropFirst()
    #expect(paths.count == 8 && paths.allSatisfy { $0.contains("/opportunity/5111/") })
    #expect(!FileManager.default.fileExists(atPath: mirror.path))
  }
}
