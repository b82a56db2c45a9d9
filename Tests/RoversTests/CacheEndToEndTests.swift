import Foundation
import TestSupport
import Testing

/// The response cache, seen from the server's request log.
@Suite(.timeLimit(.minutes(3))) struct CacheEndToEndTests {
  let home: TemporaryFolder

  init() throws { home = try TemporaryFolder() }

  var environment: [String: String] { ["XDG_CACHE_HOME": home.url.path] }

  func manifest(_ server: FixtureServer, _ more: [String] = []) async throws -> CapturedRun {
    try await CapturedRun.rovers(
      ["manifest", "spirit"] + more, base: server.baseURL, environment: environment)
  }

  @Test func aSecondManifestWithinTheHourMakesNoRequest() async throws {
    let server = try await FixtureServer.start()
    let first = try await manifest(server)
    let second = try await manifest(server, ["--api-key", "CACHEKEY123"])
    #expect(first.status == 0 && second.status == 0)
    #expect(first.stdout == second.stdout)
    #expect(server.requests.map(\.target) == ["/api/v1/manifests/spirit"])
    let folder = home.url.appendingPathComponent("rovers")
    for file in Folder.files(folder) {
      let data = try Data(contentsOf: folder.appendingPathComponent(file))
      #expect(data.range(of: Data("CACHEKEY123".utf8)) == nil)
    }
  }

  @Test func noCacheAndRefreshAlwaysAsk() async throws {
    let server = try await FixtureServer.start()
    _ = try await manifest(server, ["--no-cache"])
    #expect(Folder.files(home.url).isEmpty)
    _ = try await manifest(server)
    _ = try await manifest(server, ["--refresh"])
    _ = try await manifest(server)
    #expect(server.requests.count == 3)
  }

  @Test func aCorruptEntryIsReplacedNotFatal() async throws {
    let server = try await FixtureServer.start()
    let first = try await manifest(server)
    let folder = home.url.appendingPathComponent("rovers")
    for file in Folder.files(folder) where file.hasSuffix(".cache") {
      try Data("rovers-cache 2\n{broken\n".utf8).write(to: folder.appendingPathComponent(file))
    }
    let second = try await manifest(server)
    #expect(second.status == 0)
    #expect(second.stdout == first.stdout)
    _ = try await manifest(server)
    #expect(server.requests.count == 2)
  }

  @Test func cacheInfoAndClear() async throws {
    let server = try await FixtureServer.start()
    _ = try await manifest(server)
    let info = try await CapturedRun.rovers(
      ["cache", "info"], base: server.baseURL, environment: environment)
    #expect(info.stdout.hasPrefix(home.url.path + "/rovers: 1 entry, "))
    let clear = try await CapturedRun.rovers(
      ["cache", "clear"], base: server.baseURL, environment: environment)
    #expect(clear.stdout == "removed 1 entry from \(home.url.path)/rovers\n")
    #expect(Folder.files(home.url).isEmpty)
  }
}

extension CacheEndToEndTests {
  @Test func anExpiredEntryIsFetchedAgain() async throws {
    let server = try await FixtureServer.start()
    _ = try await manifest(server)
    // Age every entry: rewrite its expiry into the past, as an hour going by would.
    let folder = home.url.appendingPathComponent("rovers")
    for file in Folder.files(folder) where file.hasSuffix(".cache") {
      let url = folder.appendingPathComponent(file)
      var lines = try Data(contentsOf: url).split(
        separator: UInt8(ascii: "\n"), maxSplits: 2, omittingEmptySubsequences: false)
      var header = try JSONSerialization.jsonObject(with: Data(lines[1])) as? [String: Any] ?? [:]
      header["expires"] = Date().timeIntervalSince1970 - 1
      lines[1] = try JSONSerialization.data(withJSONObject: header)[...]
      try Data(lines.joined(separator: [UInt8(ascii: "\n")])).write(to: url)
    }
    _ = try await manifest(server)
    _ = try await manifest(server)
    #expect(server.requests.count == 2)
  }
}

extension CacheEndToEndTests {
  @Test func syncAlwaysAsksTheServer() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let output = home.url.appendingPathComponent("mirror")
    let sync = {
      try await CapturedRun.rovers(
        ["sync", "spirit", "-o", output.path], base: server.baseURL, environment: environment)
    }
    _ = try await sync()
    let second = try await sync()
    #expect(second.stderr == "nothing new\n")
    #expect(server.requests.filter { $0.target == "/api/v1/manifests/spirit" }.count == 2)
  }
}
