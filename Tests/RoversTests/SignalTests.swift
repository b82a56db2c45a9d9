import Foundation
import TestSupport
import Testing

/// A signal is honoured the same way however it is sent.
@Suite(.timeLimit(.minutes(3))) struct SignalTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  /// A download hanging on its images, with its stderr in a file.
  func hangingDownload(_ server: FixtureServer, _ index: Int = 0) async throws
    -> (Subprocess, String)
  {
    let err = folder.url.appendingPathComponent("err\(index)").path
    let child = try Subprocess(
      Binaries.rovers.path,
      [
        "download", "perseverance", "--sol", "100", "-o",
        folder.url.appendingPathComponent("mars\(index)").path,
      ],
      environment: Offline.environment(["ROVERS_API_BASE": server.baseURL, "NO_PROXY": "*"]),
      stderr: err)
    try await Poll.until("the first image request", every: .milliseconds(5)) {
      server.requests.contains { $0.target.hasPrefix("/images/") }
    }
    return (child, err)
  }

  @Test func signalsSentTogetherCountAsOneAndTheSummaryIsPrintedEveryTime() async throws {
    // As `timeout -s INT` does: the process, then its group, at once.
    for index in 0..<20 {
      let server = try await FixtureServer.start(imageLatencyMilliseconds: 60_000)
      let (child, err) = try await hangingDownload(server, index)
      child.signal(SIGINT)
      child.signal(SIGINT)
      #expect(await child.exitStatus() == 130)
      let stderr = try String(contentsOfFile: err, encoding: .utf8)
      #expect(stderr.hasPrefix("interrupted: downloaded 0, skipped 0, gone 0, failed 0, "))
      #expect(stderr.hasSuffix("Error: interrupted\n"))
    }
  }

  @Test func hangUpStopsARunLikeTerm() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 60_000)
    let (child, err) = try await hangingDownload(server)
    child.signal(SIGHUP)
    #expect(await child.exitStatus() == 130)
    #expect(try String(contentsOfFile: err, encoding: .utf8).hasPrefix("interrupted: "))
    #expect(!Folder.files(folder.url).contains { $0.hasSuffix(".rovers-tmp") })
  }

  /// The files with no name below the test's folder that `child` holds open: photos being
  /// written (the system shows each as `<folder>/#<inode> (deleted)`).
  func unnamedFiles(of child: Subprocess) -> [String] {
    let descriptors = "/proc/\(child.pid)/fd"
    let root = folder.url.resolvingSymlinksInPath().path
    return ((try? FileManager.default.contentsOfDirectory(atPath: descriptors)) ?? [])
      .compactMap {
        try? FileManager.default.destinationOfSymbolicLink(atPath: descriptors + "/" + $0)
      }
      .filter { $0.hasPrefix(root + "/") && $0.hasSuffix(" (deleted)") }
  }

  @Test func quitQuitsWithoutACrashReport() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 60_000)
    let (child, err) = try await hangingDownload(server)
    // The photos on their way are being written, and have no name in the folder yet.
    #expect(!unnamedFiles(of: child).isEmpty)
    #expect(!Folder.files(folder.url).contains { $0.hasSuffix(".rovers-tmp") })
    child.signal(SIGQUIT)
    #expect(await child.exitStatus() == 131)
    #expect(try String(contentsOfFile: err, encoding: .utf8) == "Error: quit\n")
    // Quitting at once still leaves no half-written file.
    #expect(!Folder.files(folder.url).contains { $0.hasSuffix(".rovers-tmp") })
  }
}
