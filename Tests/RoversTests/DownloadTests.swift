import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// One photo of `download --json` or `sync --json`.
struct DownloadEntry: Decodable {
  var id: Int
  var img_src: String
  var path: String
  var status: String
  var error: String?
}

/// `rovers download` end to end against a fixture server that serves the images itself.
@Suite(.timeLimit(.minutes(3))) struct DownloadTests {
  let folder: TemporaryFolder
  var output: URL { folder.url.appendingPathComponent("mars") }

  init() throws { folder = try TemporaryFolder() }

  func download(_ server: FixtureServer, _ more: [String] = []) async throws -> CapturedRun {
    try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", output.path] + more, base: server.baseURL)
  }

  @Test func everyFileArrivesWithTheServersBytesAndARerunFetchesNothing() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let first = try await download(server, ["--json"])
    #expect(first.status == 0)
    #expect(first.stderr.hasPrefix("downloaded 49, skipped 0, gone 0, failed 0, "))
    let entries = try JSONDecoder().decode([DownloadEntry].self, from: Data(first.stdout.utf8))
    #expect(entries.count == 49)
    #expect(entries.allSatisfy { $0.status == "downloaded" })
    let files = Folder.photos(output)
    #expect(files.count == 49)
    #expect(files.allSatisfy { $0.hasPrefix("perseverance/100/") })
    #expect(
      files.contains("perseverance/100/SKYCAM/SKY_0100_608882828_144ECM_N0040136SKYC_1200.jpg"))
    for entry in entries.prefix(6) {
      let url = try #require(URL(string: entry.img_src))
      let (served, _) = try await URLSession.shared.data(from: url)
      #expect(try Data(contentsOf: URL(fileURLWithPath: entry.path)) == served)
    }
    let imagesBefore = server.requests.filter { $0.target.hasPrefix("/images/") }.count
    let second = try await download(server)
    #expect(second.status == 0)
    #expect(second.stderr.hasPrefix("downloaded 0, skipped 49, gone 0, failed 0, "))
    #expect(server.requests.filter { $0.target.hasPrefix("/images/") }.count == imagesBefore)
  }

  @Test func neverMoreThanJobsTransfersInFlight() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 150)
    let run = try await download(server, ["-j", "4"])
    #expect(run.status == 0)
    let images = server.requests.filter { $0.target.hasPrefix("/images/") }
    #expect(images.count == 49)
    // The log counts every request in flight; the photo list has ended before images start.
    #expect(images.map(\.inFlight).max() == 4)
  }

  @Test func aTransferThatDropsOnceIsRetried() async throws {
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/images/", "action": "drop", "times": 1}]"#, imageLatencyMilliseconds: 0
    )
    let run = try await download(server)
    #expect(run.status == 0)
    #expect(Folder.photos(output).count == 49)
    #expect(server.requests.filter { $0.target.hasPrefix("/images/") }.count == 50)
  }

  @Test func anImageThatKeepsFailingIsNamedAndTheRestStay() async throws {
    let server = try await FixtureServer.start(
      faults:
        #"[{"match": "/images/mars2020-raw-images/pub/ods/surface/sol/00100/ids/edr/browse/skycam/SKY_0100_608882828", "status": 500}]"#,
      imageLatencyMilliseconds: 0)
    let run = try await download(server, ["--retries", "1"])
    #expect(run.status == 69)
    #expect(run.stderr.contains("downloaded 48, skipped 0, gone 0, failed 1, "))
    #expect(
      run.stderr.contains(
        "Error: photo SKY_0100_608882828_144ECM_N0040136SKYC: GET http://127.0.0.1:"))
    #expect(run.stderr.contains("the server answered 500 Internal Server Error"))
    #expect(Folder.photos(output).count == 48)
  }

  @Test func aPhotoGoneFromItsHostIsReportedButDoesNotFailTheRun() async throws {
    let server = try await FixtureServer.start(
      faults:
        #"[{"match": "/images/mars2020-raw-images/pub/ods/surface/sol/00100/ids/edr/browse/skycam/SKY_0100_608882828", "status": 404}]"#,
      imageLatencyMilliseconds: 0)
    let run = try await download(server, ["--json"])
    #expect(run.status == 0)
    #expect(run.stderr.contains("downloaded 48, skipped 0, gone 1, failed 0, "))
    #expect(
      run.stderr.contains(
        "warning: photo SKY_0100_608882828_144ECM_N0040136SKYC is gone from its host"))
    let entries = try JSONDecoder().decode([DownloadEntry].self, from: Data(run.stdout.utf8))
    #expect(entries.filter { $0.status == "gone" }.count == 1)
    #expect(Folder.photos(output).count == 48)
  }

  @Test func interruptedRunLeavesNoPartFileAndExits130() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 60_000)
    let err = folder.url.appendingPathComponent("stderr").path
    let child = try Subprocess(
      Binaries.rovers.path,
      ["download", "perseverance", "--sol", "100", "-o", output.path, "-j", "4"],
      environment: Offline.environment(["ROVERS_API_BASE": server.baseURL, "NO_PROXY": "*"]),
      stderr: err)
    try await Poll.until("the first image request", every: .milliseconds(10)) {
      server.requests.contains { $0.target.hasPrefix("/images/") }
    }
    child.signal(SIGINT)
    #expect(await child.exitStatus() == 130)
    let stderr = try String(contentsOfFile: err, encoding: .utf8)
    #expect(stderr.hasPrefix("interrupted: downloaded 0, skipped 0, gone 0, failed 0, "))
    #expect(stderr.hasSuffix("Error: interrupted\n"))
    #expect(!Folder.files(output).contains { $0.hasSuffix(".rovers-tmp") })
  }

  @Test func killedRunLeavesNothingARerunWouldTrust() async throws {
    // The 16 NAVCAM images answer at once, the MCZ ones hang and fill every slot: the kill
    // lands with transfers in flight.
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/MCZ_", "latency_ms": 60000}]"#, imageLatencyMilliseconds: 0)
    let child = try Subprocess(
      Binaries.rovers.path,
      ["download", "perseverance", "--sol", "100", "-o", output.path, "-j", "8"],
      environment: Offline.environment(["ROVERS_API_BASE": server.baseURL, "NO_PROXY": "*"]))
    try await Poll.until("10 photos on disk") { Folder.photos(output).count >= 10 }
    child.signal(SIGKILL)
    #expect(await child.exitStatus() == 128 + SIGKILL)
    let healthy = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let rerun = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", output.path, "--json"],
      base: healthy.baseURL)
    #expect(rerun.status == 0)
    // Every file the killed run left under its real name is whole: the same bytes a fresh
    // download into another folder gets.
    let fresh = folder.url.appendingPathComponent("fresh")
    _ = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", fresh.path], base: healthy.baseURL)
    let files = Folder.photos(output)
    #expect(files.count == 49)
    // The rerun cleared what the kill left in the folders it wrote.
    #expect(!Folder.files(output).contains { $0.hasSuffix(".rovers-tmp") })
    for file in files {
      let kept = try Data(contentsOf: output.appendingPathComponent(file))
      #expect(kept == (try Data(contentsOf: fresh.appendingPathComponent(file))), "\(file)")
    }
  }

  @Test func hostileAddressesLandInsideTheFolder() async throws {
    let photo = { (id: Int, src: String, camera: String) in
      #"{"id": \#(id), "sol": 1, "earth_date": "2004-01-05", "img_src": "\#(src)", "camera": {"id": 27, "name": "\#(camera)", "full_name": "x"}, "rover": {"id": 7, "name": "Spirit"}}"#
    }
    let long = String(repeating: "b", count: 3000)
    let body =
      #"{"photos": ["#
      + [
        photo(1, "http://127.0.0.1:{port}/images/x/..%2F..%2F..%2Fetc%2Fpasswd", "FHAZ"),
        photo(2, "/etc/passwd", "FHAZ"),
        photo(3, "http://127.0.0.1:{port}/images/\(long).jpg", "../../../tmp"),
        photo(4, "file:///etc/passwd", "FHAZ"),
      ].joined(separator: ",") + "]}"
    let escaped = body.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
      of: "\"", with: "\\\"")
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/rovers/spirit/photos", "status": 200, "body": "\#(escaped)"}]"#,
      imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      ["download", "spirit", "--sol", "1", "-o", output.path], base: server.baseURL)
    #expect(run.status == 65)
    #expect(
      run.stderr.contains(
        "Error: photo passwd: GET /etc/passwd: the photo's img_src is not an http or https address"
      ))
    let everything = Folder.files(folder.url)
    // Only the sol's folder and the rover's own gallery records are written.
    #expect(everything.allSatisfy { $0.hasPrefix("mars/spirit/") }, "\(everything)")
    #expect(Folder.photos(folder.url).count == 2)
    #expect(everything.contains("mars/spirit/1/FHAZ/etcpasswd"))
    #expect(
      everything.contains { $0.hasPrefix("mars/spirit/1/tmp/bbbb") && $0.hasSuffix(".jpg") })
  }

  @Test func aFolderThatCannotBeCreatedIsExit73() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let blocker = folder.url.appendingPathComponent("blocker")
    try Data("a file".utf8).write(to: blocker)
    let run = try await CapturedRun.rovers(
      ["download", "spirit", "--sol", "1", "-o", blocker.path], base: server.baseURL)
    #expect(run.status == 73)
    #expect(
      run.stderr.contains(
        "Error: cannot write \(blocker.path): a file is in the way of this folder"))
  }

  @Test func dryRunListsWithoutFetching() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let run = try await download(server, ["--dry-run", "--json"])
    #expect(run.status == 0)
    let entries = try JSONDecoder().decode([DownloadEntry].self, from: Data(run.stdout.utf8))
    #expect(entries.count == 49 && entries.allSatisfy { $0.status == "missing" })
    #expect(run.stderr == "would download 49, 0 already there\n")
    #expect(!server.requests.contains { $0.target.hasPrefix("/images/") })
    #expect(Folder.files(output).isEmpty)
  }
}
