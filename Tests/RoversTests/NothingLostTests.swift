import Foundation
import TestSupport
import Testing

/// "Lose no photo": sync and download against servers that send short lists, duplicates,
/// names no photo should have, and bodies that are not images.
@Suite(.timeLimit(.minutes(3))) struct NothingLostTests {
  let folder: TemporaryFolder
  var output: URL { folder.url.appendingPathComponent("mirror") }

  init() throws { folder = try TemporaryFolder() }

  func sync(_ server: FixtureServer, _ more: [String] = []) async throws -> CapturedRun {
    try await CapturedRun.rovers(
      ["sync", "perseverance", "-o", output.path] + more, base: server.baseURL)
  }

  @Test func aListShortOnceIsFetchedAgainAndEndsWithEveryPhoto() async throws {
    let server = try await FixtureServer.start(
      faults:
        #"[{"match": "/rovers/perseverance/photos?sol=1042", "action": "short", "count": 3, "times": 1}]"#,
      imageLatencyMilliseconds: 0)
    let first = try await sync(server)
    #expect(first.status == 0)
    #expect(
      first.stderr.contains(
        "warning: perseverance sol 1042 is incomplete: the server lists 59 of the 62 photos its"
          + " manifest counts; it is fetched again on the next run"))
    #expect(Folder.photos(output).count == 59)
    let second = try await sync(server)
    #expect(second.status == 0)
    #expect(second.stderr.hasPrefix("downloaded 3, skipped 59, gone 0, failed 0, "))
    #expect(Folder.photos(output).count == 62)
    let third = try await sync(server)
    #expect(third.stderr == "nothing new\n")
  }

  @Test func aListNamingPhotosTwiceStillSavesTheState() async throws {
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/rovers/perseverance/photos", "action": "duplicate", "count": 5}]"#,
      imageLatencyMilliseconds: 0)
    let first = try await sync(server)
    #expect(first.status == 0)
    #expect(first.stderr.hasPrefix("downloaded 62, skipped 0, gone 0, failed 0, "))
    let second = try await sync(server)
    #expect(second.stderr == "nothing new\n")
    let images = server.requests.filter { $0.target.hasPrefix("/images/") }
    #expect(images.count == 62, "each photo fetched once")
  }

  @Test func onlyTheToolsOwnTemporaryFilesAreEverRemoved() async throws {
    // Spirit's last sol, with one photo whose NASA name ends in .part.
    let photo =
      #"{"id": 1, "sol": 2208, "earth_date": "2010-03-21", "img_src": "http://127.0.0.1:{port}/images/spirit/x.part", "camera": {"id": 27, "name": "FHAZ", "full_name": "x"}, "rover": {"id": 7, "name": "Spirit"}}"#
    let body = #"{"photos": [\#(photo)]}"#
    let escaped = body.replacingOccurrences(of: "\"", with: "\\\"")
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/rovers/spirit/photos", "status": 200, "body": "\#(escaped)"}]"#,
      imageLatencyMilliseconds: 0)
    let camera = output.appendingPathComponent("spirit/2208/FHAZ")
    try FileManager.default.createDirectory(at: camera, withIntermediateDirectories: true)
    try Data("mine".utf8).write(to: camera.appendingPathComponent("notes.part"))
    try Data("left".utf8).write(to: camera.appendingPathComponent(".old.jpg.rovers-tmp"))
    let run = {
      try await CapturedRun.rovers(
        ["sync", "spirit", "-o", self.output.path], base: server.baseURL)
    }
    #expect(try await run().status == 0)
    #expect(FileManager.default.fileExists(atPath: camera.appendingPathComponent("x.part").path))
    // A rerun that writes this folder again (the state says nothing of it) sweeps it again.
    try FileManager.default.removeItem(at: output.appendingPathComponent(".rovers-sync.journal"))
    try FileManager.default.removeItem(at: camera.appendingPathComponent("x.part"))
    #expect(try await run().status == 0)
    let left = Set(try FileManager.default.contentsOfDirectory(atPath: camera.path))
    #expect(left == ["notes.part", "x.part"])
  }

  static let badBodies: [(String, String)] = [
    ("an empty body", #""status": 200, "body": "", "headers": {"Content-Type": "image/jpeg"}"#),
    (
      "an HTML page",
      #""status": 200, "body": "<html>maintenance</html>", "headers": {"Content-Type": "text/html"}"#
    ),
    (
      "bytes that are not a JPEG",
      #""status": 200, "body": "GIF89a...", "headers": {"Content-Type": "image/jpeg"}"#
    ),
  ]

  @Test(arguments: badBodies)
  func anImageBodyIsCheckedBeforeItIsKept(_ kind: String, _ rule: String) async throws {
    let target = "SKY_0100_608882828_144ECM_N0040136SKYC"
    let server = try await FixtureServer.start(
      faults: #"[{"match": "\#(target)", \#(rule)}]"#, imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", output.path, "--retries", "1"],
      base: server.baseURL)
    #expect(run.status == 65, "\(kind): \(run.stderr)")
    #expect(run.stderr.contains("downloaded 48, skipped 0, gone 0, failed 1, "))
    #expect(run.stderr.contains("Error: photo \(target): GET http://127.0.0.1:"))
    #expect(Folder.photos(output).count == 48)
    // Retried once, then reported; never kept.
    #expect(server.requests.filter { $0.target.contains(target) }.count == 2)
    let healthy = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let again = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", output.path], base: healthy.baseURL)
    #expect(again.stderr.hasPrefix("downloaded 1, skipped 48, "))
  }

  @Test func aPhotoGoneFromItsHostIsRecordedAndNotAskedForAgainNextNight() async throws {
    let server = try await FixtureServer.start(
      faults: #"[{"match": "NAV_1042_692503550", "status": 410}]"#, imageLatencyMilliseconds: 0)
    let first = try await sync(server, ["--json"])
    #expect(first.status == 0)
    let gone = try JSONDecoder().decode([DownloadEntry].self, from: Data(first.stdout.utf8))
      .filter { $0.status == "gone" }
    #expect(!gone.isEmpty)
    #expect(first.stderr.contains("is gone from its host"))
    let asked = server.requests.filter { $0.target.hasPrefix("/images/") }.count
    let second = try await sync(server)
    #expect(second.status == 0)
    #expect(second.stderr == "nothing new\n")
    #expect(server.requests.filter { $0.target.hasPrefix("/images/") }.count == asked)
  }

  @Test(arguments: [".rovers-sync.journal", ".rovers-sync.json"])
  func stateThatIsAFolderIsSetAsideAndTheMirrorGoesOn(_ name: String) async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    #expect(try await sync(server).status == 0)
    try? FileManager.default.removeItem(at: output.appendingPathComponent(".rovers-sync.journal"))
    try FileManager.default.createDirectory(
      at: output.appendingPathComponent(name), withIntermediateDirectories: true)
    let run = try await sync(server)
    #expect(run.status == 0)
    #expect(run.stderr.contains("warning: the sync state could not be read"))
    #expect(run.stderr.contains("downloaded 0, skipped 62, "))
    #expect(try await sync(server).stderr == "nothing new\n")
  }
}
