import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The catalogue on a machine that is not kind to it: a folder it cannot write, a disk that
/// fills during a sync, no SQLite at all, and readers while a sync writes. Each mishap is
/// made for real, in a mount namespace of the test's own (`unshare`): a read-only bind mount,
/// a tmpfs too small, `/dev/null` over SQLite's library. The namespace ends with its process,
/// so nothing outlives the test.
@Suite(.timeLimit(.minutes(3))) struct CatalogMishapTests {
  let folder: TemporaryFolder
  var path: String { folder.file("catalog.sqlite").path }

  init() throws { folder = try TemporaryFolder() }

  /// Whether this machine gives a test user and mount namespaces of its own, which the
  /// mishaps are made in; a container that forbids them skips those tests, saying so.
  static let privateMounts =
    (try? ReferenceTool.run(
      "/usr/bin/unshare", ["-rm", "/bin/sh", "-c", "mount -t tmpfs tmpfs /mnt"]))?.status == 0

  func environment(_ server: FixtureServer, catalog: String? = nil) -> [String: String] {
    Offline.environment(["ROVERS_NASA_BASE": server.host, "ROVERS_CATALOG": catalog ?? path])
  }

  func rovers(_ words: [String], _ server: FixtureServer) async throws -> CapturedRun {
    try await CapturedRun.rovers(
      words, base: Offline.apiBase, environment: environment(server))
  }

  /// Runs `script` with `sh` as root of a user and mount namespace of its own, `$1…` being
  /// `arguments`; the script ends by running the rest of its arguments (`"$@"`), the tool.
  func privately(
    _ script: String, _ arguments: [String], rovers words: [String], _ server: FixtureServer,
    catalog: String? = nil
  ) throws -> ReferenceTool.Output {
    let tool =
      ["/usr/bin/env", "-i"]
      + environment(server, catalog: catalog).map { "\($0.key)=\($0.value)" }
      + [Binaries.rovers.path] + words
    return try ReferenceTool.run(
      "/usr/bin/unshare", ["-rm", "/bin/sh", "-eu", "-c", script, "sh"] + arguments + tool)
  }

  /// Each sol the file at `file` holds, with its photos' names, as Python's sqlite3 reads it,
  /// and its integrity check.
  func holdings(_ file: String) throws -> (check: String, sols: [Int: Set<String>]) {
    let script = """
      import sqlite3, sys
      db = sqlite3.connect(sys.argv[1])
      print(db.execute("PRAGMA integrity_check").fetchone()[0])
      for (sol,) in db.execute("SELECT sol FROM sols"): print(sol, "")
      for (sol, name) in db.execute("SELECT sol, nasa_id FROM photo_list"): print(sol, name)
      """
    let lines = String(
      decoding: try ReferenceTool.stdout(ReferenceTool.python, ["-c", script, file]),
      as: UTF8.self
    ).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var sols: [Int: Set<String>] = [:]
    for line in lines.dropFirst() where !line.isEmpty {
      let words = line.split(separator: " ", maxSplits: 1).map(String.init)
      guard let sol = Int(words[0]) else { continue }
      sols[sol, default: []].formUnion(words.dropFirst())
    }
    return (lines.first ?? "", sols)
  }

  /// What the fixture feeds serve of Curiosity, sol by sol.
  static let servedBySol = Dictionary(
    grouping: FeedRecords.fixturePhotos(folder: "msl", rover: "curiosity"), by: \.sol
  ).mapValues { Set($0.map(\.nasaID)) }

  @Test(.enabled(if: privateMounts, "needs namespaces of its own (unshare -rm)"))
  func aReadOnlyFolderIsSearchedAndASyncThereSaysWhyInOneLine() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let made = try await rovers(["catalog", "sync", "curiosity", "--to-sol", "1000", "-q"], server)
    #expect(made.status == 0, "\(made.stderr)")
    let before = try Data(contentsOf: folder.file("catalog.sqlite"))
    let readOnly = """
      mount --bind "$1" "$1" && mount -o remount,bind,ro "$1"
      shift
      exec "$@"
      """
    let searched = try privately(
      readOnly, [folder.url.path], rovers: ["search", "--sol", "1000", "--count"], server)
    #expect(searched.status == 0, "\(searched.stderr)")
    let served = try #require(Self.servedBySol[1000])
    #expect(String(decoding: searched.stdout, as: UTF8.self) == "\(served.count)\n")
    let synced = try privately(
      readOnly, [folder.url.path], rovers: ["catalog", "sync", "curiosity", "--to-sol", "1100"],
      server)
    #expect(synced.status == 73)
    #expect(synced.stderr == "Error: cannot write \(path): Read-only file system\n")
    #expect(try Data(contentsOf: folder.file("catalog.sqlite")) == before)
  }

  @Test(.enabled(if: privateMounts, "needs namespaces of its own (unshare -rm)"))
  func aDiskFullMidSyncStopsInOneLineAndEverySolHeldIsWhole() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let made = try await rovers(["catalog", "sync", "curiosity", "--to-sol", "999", "-q"], server)
    #expect(made.status == 0, "\(made.stderr)")
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    // Room for a few empty sols more, not for sol 1000's 861 photos.
    let disk = folder.file("disk")
    let back = folder.file("back")
    for made in [disk, back] {
      try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true)
    }
    let full = """
      mount -t tmpfs -o size="$1" tmpfs "$2"
      cp "$3" "$2/"
      room="$2" back="$4"
      shift 4
      status=0
      "$@" || status=$?
      cp "$room"/catalog.sqlite* "$back/"
      exit $status
      """
    let catalog = disk.appendingPathComponent("catalog.sqlite").path
    let synced = try privately(
      full,
      ["\(size + 96 * 1024)", disk.path, path, back.path],
      rovers: ["catalog", "sync", "curiosity", "--to-sol", "1100", "-q"], server,
      catalog: catalog)
    #expect(synced.status == 73, "\(synced.stderr)")
    #expect(synced.stderr.hasPrefix("Error: cannot write \(catalog): "))
    #expect(synced.stderr.split(separator: "\n").count == 1)
    let after = try holdings(back.appendingPathComponent("catalog.sqlite").path)
    #expect(after.check == "ok")
    #expect(Set(0...999).isSubset(of: Set(after.sols.keys)), "nothing held before is lost")
    #expect(after.sols[1000] == nil, "the sol the disk had no room for is absent")
    for (sol, names) in after.sols {
      #expect(names == Self.servedBySol[sol, default: []], "sol \(sol) whole")
    }
    // With room again, the next run goes on from there.
    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.copyItem(
      atPath: back.appendingPathComponent("catalog.sqlite").path, toPath: path)
    let resumed = try await rovers(
      ["catalog", "sync", "curiosity", "--to-sol", "1100", "-q"], server)
    #expect(resumed.status == 0, "\(resumed.stderr)")
    let whole = try holdings(path)
    #expect(whole.check == "ok" && whole.sols.count == 1101)
    #expect(whole.sols[1000] == Self.servedBySol[1000])
  }

  @Test(.enabled(if: privateMounts, "needs namespaces of its own (unshare -rm)"))
  func withoutSQLiteTheCatalogueSaysWhatToInstallAndMakesNothing() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let hidden = """
      library=$(/sbin/ldconfig -p | awk '/libsqlite3\\.so\\.0 / { print $NF; exit }')
      mount --bind /dev/null "$(readlink -f "$library")"
      exec "$@"
      """
    for words in [["search", "--count"], ["catalog", "sync", "curiosity"], ["catalog"]] {
      let run = try privately(hidden, [], rovers: words, server)
      #expect(run.status == 69, "\(words): \(run.stderr)")
      #expect(
        run.stderr
          == "Error: the catalogue needs SQLite's library (libsqlite3.so.0): install"
          + " libsqlite3-0 (Debian, Ubuntu) or sqlite-libs (Fedora)\n")
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
  }

  @Test func aFirstSyncThatWritesNoSolLeavesNoCatalogueAndALaterOneKeepsWhatIsHeld()
    async throws
  {
    // NASA's host refuses: the first sync writes nothing, and no empty catalogue stays, nor
    // its writer's lock.
    let refused = try await CapturedRun.rovers(
      ["catalog", "sync", "curiosity", "--to-sol", "2"], base: Offline.apiBase,
      environment: Offline.environment([
        "ROVERS_NASA_BASE": Offline.refusedFeeds, "ROVERS_CATALOG": path,
      ]))
    #expect(refused.status == 69, "\(refused.stderr)")
    #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
    for name in [path, path + "-wal", path + "-shm", path + ".lock"] {
      #expect(!FileManager.default.fileExists(atPath: name), "\(name)")
    }
    let search = try await CapturedRun.rovers(
      ["search", "--count"], base: Offline.apiBase,
      environment: Offline.environment(["ROVERS_CATALOG": path]))
    #expect(search.status != 0 && search.stderr.contains("catalog sync"), "\(search.stderr)")

    // A catalogue that holds sols keeps them when a later sync fails.
    let server = try await FixtureServer.start(shape: "nasa")
    let made = try await rovers(["catalog", "sync", "curiosity", "--to-sol", "2", "-q"], server)
    #expect(made.status == 0, "\(made.stderr)")
    let before = try holdings(path)
    #expect(before.sols.count == 3)
    let failed = try await CapturedRun.rovers(
      ["catalog", "sync", "curiosity", "--to-sol", "5"], base: Offline.apiBase,
      environment: Offline.environment([
        "ROVERS_NASA_BASE": Offline.refusedFeeds, "ROVERS_CATALOG": path,
      ]))
    #expect(failed.status == 69, "\(failed.stderr)")
    let after = try holdings(path)
    #expect(after.check == "ok" && after.sols == before.sols)
  }

  @Test func aSearchWhileASyncWritesFindsWholeSolsOnly() async throws {
    let server = try await FixtureServer.start(latencyMilliseconds: 5, shape: "nasa")
    let child = try Subprocess(
      Binaries.rovers.path, ["catalog", "sync", "curiosity", "--to-sol", "1100", "-j", "2", "-q"],
      environment: environment(server))
    defer {
      child.signal(SIGKILL)
      _ = child.waitBlocking()
    }
    var looks = 0
    var midway = 0
    while !child.hasEnded || looks == 0 {
      let run = try await rovers(
        ["search", "curiosity", "--format", "tsv", "--fields", "sol,nasa_id"], server)
      // Before the sync has made the file, there is no catalogue yet.
      guard run.status == 0 else {
        #expect(run.status == 69, "\(run.stderr)")
        continue
      }
      looks += 1
      var found: [Int: Set<String>] = [:]
      for line in run.stdout.split(separator: "\n").dropFirst() {
        let words = line.split(separator: "\t").map(String.init)
        found[Int(words[0]) ?? -1, default: []].insert(words[1])
      }
      for (sol, names) in found {
        #expect(names == Self.servedBySol[sol], "sol \(sol): \(names.count) photos")
      }
      if found.count < 2 { midway += 1 }
    }
    #expect(await child.exitStatus() == 0)
    #expect(midway > 0, "some searches ran while sols were still to come")
  }
}
