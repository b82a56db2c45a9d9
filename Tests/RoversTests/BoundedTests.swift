import Foundation
import RoverAPI
import TestSupport
import Testing

/// No body read without a limit, and `--timeout` and `--deadline` holding for bodies that never
/// end, over each transport this build has. Nothing here measures time: a limit that failed to
/// hold would hang the run past the other limit, and the message would say which one stopped
/// it.
@Suite(.timeLimit(.minutes(3))) struct BoundedTests {
  let folder: TemporaryFolder

  /// The large image's size: 2 GB, more than a body read whole would leave room for.
  static let largeImage = 2 << 30

  // In memory only where the machine can spare the large image.
  init() throws { folder = try TemporaryFolder(room: Self.largeImage) }

  func run(_ arguments: [String], _ server: FixtureServer, _ transport: TransportUnderTest) throws
    -> Subprocess
  {
    try Subprocess(
      Binaries.rovers.path, arguments,
      environment: Offline.environment([
        "ROVERS_API_BASE": server.baseURL, "NO_PROXY": "*", "ROVERS_TRANSPORT": transport.rawValue,
      ]),
      out: .file(folder.url.appendingPathComponent("out").path),
      err: .file(folder.url.appendingPathComponent("err").path))
  }

  var stderr: String {
    (try? String(contentsOf: folder.url.appendingPathComponent("err"), encoding: .utf8)) ?? ""
  }

  @Test(arguments: TransportUnderTest.inTheBinary)
  func aTwoGigabyteImageStreamsToDiskInLittleMemory(_ transport: TransportUnderTest) async throws {
    let size = Self.largeImage
    let server = try await FixtureServer.start(
      faults:
        #"[{"match": "SKY_0100_608882828", "action": "large", "bytes": \#(size), "headers": {"Content-Type": "image/jpeg"}}]"#,
      imageLatencyMilliseconds: 0)
    let output = folder.url.appendingPathComponent("mars")
    let child = try run(
      ["download", "perseverance", "--sol", "100", "--camera", "SKYCAM", "-o", output.path],
      server, transport)
    let ending = await child.ending(watchingPeakMemory: true)
    #expect(ending.status == 0, "\(stderr)")
    let file = output.appendingPathComponent(
      "perseverance/100/SKYCAM/SKY_0100_608882828_144ECM_N0040136SKYC_1200.jpg")
    let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
    #expect(attributes[.size] as? Int == size)
    #expect(ending.peakMemory < 100 << 20, "peak \(ending.peakMemory >> 20) MB")
    try FileManager.default.removeItem(at: file)
  }

  @Test(arguments: TransportUnderTest.inTheBinary)
  func anEndlessJSONBodyIsRefusedWithoutEatingMemory(_ transport: TransportUnderTest) async throws {
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/manifests/spirit", "action": "endless"}]"#)
    let child = try run(["manifest", "spirit"], server, transport)
    let ending = await child.ending(watchingPeakMemory: true)
    #expect(ending.status == 65)
    #expect(
      stderr
        == "Error: GET \(server.baseURL)/manifests/spirit: the answer is larger than 256 MB, the most this tool"
        + " reads (ROVERS_MAX_BODY_MB)\n")
    #expect(ending.peakMemory < 1 << 30, "peak \(ending.peakMemory >> 20) MB")
  }

  @Test(arguments: TransportUnderTest.inTheBinary)
  func theTimeoutEndsABodyThatKeepsArriving(_ transport: TransportUnderTest) async throws {
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/manifests/spirit", "action": "endless", "interval_ms": 100}]"#)
    let run = try await CapturedRun.rovers(
      ["manifest", "spirit", "--timeout", "1", "--retries", "0", "--deadline", "120"],
      base: server.baseURL, environment: ["ROVERS_TRANSPORT": transport.rawValue])
    #expect(run.status == 75)
    #expect(
      run.stderr == "Error: GET \(server.baseURL)/manifests/spirit: no answer before the timeout\n")
  }

  @Test(arguments: TransportUnderTest.inTheBinary)
  func theDeadlineEndsABodyThatKeepsArriving(_ transport: TransportUnderTest) async throws {
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/manifests/spirit", "action": "endless", "interval_ms": 100}]"#)
    let child = try run(
      ["manifest", "spirit", "--timeout", "600", "--deadline", "1"], server, transport)
    #expect(await child.exitStatus() == 75)
    #expect(
      stderr == "Error: the command did not finish within 1 s (--deadline); try again later\n")
  }
}
