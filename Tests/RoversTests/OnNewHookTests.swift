import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `sync --on-new`: the command a cron job hangs its notification on. It gets exactly the new
/// files and never the key; one that fails or outlives its limit is a warning, and the sync's
/// exit code stays its own.
@Suite(.timeLimit(.minutes(3))) struct OnNewHookTests {
  let folder: TemporaryFolder
  let mirror: URL
  let out: URL

  init() throws {
    folder = try TemporaryFolder()
    mirror = folder.url.appendingPathComponent("mars")
    out = folder.url.appendingPathComponent("hook")
    try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
  }

  static let key = "k3y-that-must-not-travel"

  /// What the hook wrote into the test's folder, by file name.
  func written() throws -> [String: String] {
    var files: [String: String] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: out.path) {
      files[name] = try String(contentsOf: out.appendingPathComponent(name), encoding: .utf8)
    }
    return files
  }

  @Test func theCommandGetsExactlyTheNewPathsAndNoKey() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let feeds = try await LatePhotos.feeds(
      at: folder.url.appendingPathComponent("fixtures"), extra: 3)
    let hook =
      #"cat > "$HOOK_OUT/paths-$ROVERS_NEW_COUNT"; env > "$HOOK_OUT/env-$ROVERS_NEW_COUNT""#
    let environment = [
      "ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": feeds.host, "ROVERS_API_KEY": Self.key,
      "HOOK_OUT": out.path, "ROVERS_ON_NEW": hook,
    ]
    let sync = ["sync", "perseverance", "-o", mirror.path, "-q"]
    let first = try await CapturedRun.rovers(sync, base: api.baseURL, environment: environment)
    #expect(first.status == 0, "\(first.stderr)")
    var files = try written()
    let saved = Set(Folder.photos(mirror).map { mirror.appendingPathComponent($0).path })
    let firstPaths = Set((files["paths-62"] ?? "").split(separator: "\n").map(String.init))
    #expect(firstPaths.count == 62)
    #expect(firstPaths == saved)
    let variables = try #require(files["env-62"])
    #expect(variables.contains("ROVERS_NEW_COUNT=62\n"))
    #expect(variables.contains("ROVERS_NEW_SOLS=perseverance/1042\n"))
    #expect(variables.contains("ROVERS_FOLDER=\(mirror.path)\n"))
    #expect(!variables.contains(Self.key))
    #expect(!variables.contains("ROVERS_API_KEY"))
    // The late downlink's three photos, and only they.
    let second = try await CapturedRun.rovers(sync, base: api.baseURL, environment: environment)
    #expect(second.status == 0, "\(second.stderr)")
    files = try written()
    let late = Set((files["paths-3"] ?? "").split(separator: "\n").map(String.init))
    #expect(late.count == 3)
    #expect(
      late.allSatisfy { $0.hasPrefix(mirror.path + "/perseverance/1042/") && $0.contains("LATE") })
    #expect(!(files["env-3"] ?? Self.key).contains(Self.key))
    // Nothing new: nothing runs.
    let third = try await CapturedRun.rovers(sync, base: api.baseURL, environment: environment)
    #expect(third.status == 0, "\(third.stderr)")
    #expect(try written().count == 4)
  }

  @Test func aFailingCommandIsAWarningAndTheExitCodeStaysTheSyncs() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      ["sync", "perseverance", "-o", mirror.path, "--on-new", "exit 3"], base: api.baseURL,
      environment: ["ROVERS_SOURCE": "api"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "warning: the --on-new command failed with exit status 3; the photos are saved\n"),
      "\(run.stderr)")
    #expect(Folder.photos(mirror).count == 62)
  }

  @Test func aCommandPastItsLimitIsEndedWithItsChildren() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      [
        "sync", "perseverance", "-o", mirror.path, "--on-new",
        #"date +%s > "$HOOK_OUT/started"; sleep 120 & echo $! > "$HOOK_OUT/child"; wait"#,
        "--on-new-timeout", "1",
      ], base: api.baseURL, environment: ["ROVERS_SOURCE": "api", "HOOK_OUT": out.path])
    // Ended at its limit, not after the two minutes its command asked for (the whole sync's
    // time moves with the load of the rest of the suite; the command's does not).
    let started = try #require(
      Double((try written()["started"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(Date().timeIntervalSince1970 - started < 30)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains(
        "warning: the --on-new command ran past its limit of 1 s (--on-new-timeout) and was"
          + " ended, with its children; the photos are saved\n"), "\(run.stderr)")
    // The command's own child is gone too (or a zombie its new parent has yet to reap).
    let child = try #require(
      Int32((try written()["child"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
    let state = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
    let alive = kill(child, 0) == 0 && !state.contains(") Z ")
    #expect(!alive, "\(state)")
  }
}
