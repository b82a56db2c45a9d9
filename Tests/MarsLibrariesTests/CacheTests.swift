import Foundation
import Synchronization
import SystemInterface
import TestSupport
import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

@Suite(.timeLimit(.minutes(3))) struct CacheTests {
  let scratch: TemporaryFolder
  var folder: URL { scratch.url }

  init() throws { scratch = try TemporaryFolder("cache", create: false) }

  func key(_ path: String, _ query: [String: String] = [:]) -> AnswerKey {
    AnswerKey(base: "http://example.test/api/v1", path: path, query: query)
  }

  @Test func entriesExpire() throws {
    let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
    let cache = ResponseCache(folder: folder) { clock.withLock { $0 } }
    try cache.store(Data("body".utf8), for: "k", lifetime: 3600)
    #expect(cache.storedBody(for: "k") == Data("body".utf8))
    clock.withLock { $0 += 3599 }
    #expect(cache.storedBody(for: "k") != nil)
    clock.withLock { $0 += 2 }
    #expect(cache.storedBody(for: "k") == nil)
  }

  @Test func aCorruptTornOrForeignEntryIsAMiss() throws {
    let cache = ResponseCache(folder: folder)
    try cache.store(Data("body".utf8), for: "k", lifetime: 3600)
    let file = cache.file(for: "k")
    let whole = try Data(contentsOf: file)
    // A torn write: the header promises more than is there.
    try whole.dropLast(2).write(to: file)
    #expect(cache.storedBody(for: "k") == nil)
    // A flipped byte in the body: the checksum no longer matches.
    var flipped = whole
    flipped[flipped.count - 1] ^= 0x20
    try flipped.write(to: file)
    #expect(cache.storedBody(for: "k") == nil)
    try Data("garbage\n{}\n".utf8).write(to: file)
    #expect(cache.storedBody(for: "k") == nil)
    try cache.store(Data("fresh".utf8), for: "k", lifetime: 3600)
    #expect(cache.storedBody(for: "k") == Data("fresh".utf8))
    #expect(try cache.info().entries == 1)
    #expect(try cache.clear() == 1)
    #expect(try cache.info().entries == 0)
  }

  @Test(
    arguments: [
      ("manifests/spirit", "api/manifests/spirit.json", CacheLifetime.long),
      ("manifests/curiosity", "api/manifests/curiosity.json", CacheLifetime.short),
      ("rovers", "api/rovers.json", CacheLifetime.short),
      ("photos/spirit/1", "api/photos/spirit/1.json", CacheLifetime.long),
      ("photos/spirit/2208", "api/photos/spirit/2208.json", nil),
      ("latest/spirit", "api/photos/spirit/2208.json", nil),
    ] as [(String, String, TimeInterval?)])
  func lifetimesFollowTheMission(_ request: String, _ body: String, _ expected: TimeInterval?)
    throws
  {
    let data = try Fixture.data(body)
    let lastSol = { (rover: String) in rover == "spirit" ? 2208 : nil }
    let parts = request.split(separator: "/").map(String.init)
    let lifetime: TimeInterval?
    switch parts[0] {
    case "rovers":
      let rule = try #require(Endpoints.rovers().cacheRule)
      lifetime = rule.lifetime(try Endpoints.rovers().decode(data), lastSol)
    case "manifests":
      let manifest = Endpoints.manifest(rover: parts[1])
      let rule = try #require(manifest.cacheRule)
      lifetime = rule.lifetime(try manifest.decode(data), lastSol)
    case "photos":
      let photos = Endpoints.photos(rover: parts[1], on: .sol(Int(parts[2]) ?? 0))
      let rule = try #require(photos.cacheRule)
      lifetime = rule.lifetime(try photos.decode(data), lastSol)
    default:
      // The latest photos change with every downlink: no rule keeps them.
      #expect(Endpoints.latestPhotos(rover: parts[1]).cacheRule == nil)
      lifetime = nil
    }
    #expect(lifetime == expected)
  }

  @Test func aTraverseMapIsAskedForOnceADayAndKeptWhateverItsAge() async throws {
    let sent = Mutex(0)
    let map = try Fixture.data("nasa/waypoints/M20_waypoints.json")
    let network = ClosureTransport { _ in
      sent.withLock { $0 += 1 }
      return HTTPResponse(status: 200, body: map)
    }
    let clock = Mutex(Date())
    var maps = KeptMaps(folder: folder)
    maps.now = { clock.withLock { $0 } }
    var feeds = FeedArchive(
      client: APIClient(baseURL: URL(string: "http://example.test")!, transport: network))
    feeds.maps = maps
    #expect(try await feeds.fetchTraverse(rover: "perseverance").waypoints.count == 20)
    // The day counts from when the map was written, on this machine's clock.
    clock.withLock { $0 = Date() }
    clock.withLock { $0 += 86_399 }
    _ = try await feeds.fetchTraverse(rover: "perseverance")
    #expect(sent.withLock { $0 } == 1)
    clock.withLock { $0 += 2 }
    #expect(try await feeds.fetchTraverse(rover: "perseverance").waypoints.count == 20)
    #expect(sent.withLock { $0 } == 2)
    // A year on, with the host gone, the map kept last still places photos.
    clock.withLock { $0 += 365 * 86_400 }
    #expect(feeds.keptTraverse(rover: "perseverance")?.waypoints.count == 20)
  }

  @Test func theClientAnswersFromTheCacheAndNeverKeepsTheKey() async throws {
    let sent = Mutex(0)
    let manifest = try Fixture.data("api/manifests/spirit.json")
    let network = ClosureTransport { _ in
      sent.withLock { $0 += 1 }
      return HTTPResponse(status: 200, body: manifest)
    }
    let base = URL(string: "http://example.test/api/v1")!
    let cache = ResponseCache(folder: folder, secret: "SECRETKEY")
    let client = APIClient(baseURL: base, apiKey: "SECRETKEY", transport: network, cache: cache)
    _ = try await client.send(Endpoints.manifest(rover: "spirit"))
    _ = try await client.send(Endpoints.manifest(rover: "spirit"))
    #expect(sent.withLock { $0 } == 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.filter { $0.hasSuffix(".cache") }.count == 1)
    for file in files {
      let stored = try Data(contentsOf: folder.appendingPathComponent(file))
      #expect(stored.range(of: Data("SECRETKEY".utf8)) == nil)
    }
  }

  @Test func anAnswerThatDoesNotDecodeIsNeverKept() async throws {
    let sent = Mutex(0)
    let network = ClosureTransport { _ in
      sent.withLock { $0 += 1 }
      return HTTPResponse(status: 200, body: Data(#"{"photo_manifest": {"name": 5}}"#.utf8))
    }
    let client = APIClient(
      baseURL: URL(string: "http://example.test/api/v1")!, retryPolicy: .never,
      transport: network, cache: ResponseCache(folder: folder))
    for _ in 0..<2 {
      await #expect(throws: APIError.self) {
        try await client.send(Endpoints.manifest(rover: "spirit"))
      }
    }
    #expect(sent.withLock { $0 } == 2)
    #expect(!FileManager.default.fileExists(atPath: folder.path))
  }

  @Test func photoListsOfFinishedSolsAreKeptOnceTheLastSolIsKnown() async throws {
    let network = ClosureTransport { request in
      let body =
        request.url.path.hasSuffix("/rovers")
        ? try Fixture.data("api/rovers.json") : try Fixture.data("api/photos/spirit/1.json")
      return HTTPResponse(status: 200, body: body)
    }
    let client = APIClient(
      baseURL: URL(string: "http://example.test/api/v1")!, transport: network,
      cache: ResponseCache(folder: folder))
    _ = try await client.send(Endpoints.photos(rover: "spirit", on: .sol(1)))
    #expect(try ResponseCache(folder: folder).info().entries == 0)
    _ = try await client.send(Endpoints.rovers())
    _ = try await client.send(Endpoints.photos(rover: "spirit", on: .sol(1)))
    // The rovers list and the photos of a sol before Spirit's last.
    #expect(try ResponseCache(folder: folder).info().entries == 2)
  }
}

/// The cache keeps itself small: expired answers go as new ones are written, then the oldest
/// files until it is under its size.
@Suite(.timeLimit(.minutes(3))) struct CachePruningTests {
  let scratch: TemporaryFolder
  var folder: URL { scratch.url }

  init() throws { scratch = try TemporaryFolder("cache-pruning", create: false) }

  /// Sets a file's modification time, `age` seconds ago.
  func age(_ file: URL, _ age: Double) throws {
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: file.path)
  }

  /// Waits until the file system's clock has moved past the change time of `file`, so that
  /// the next file written is newer than it (the kernel's file times move by clock ticks).
  func waitForATick(after file: URL) throws {
    let written = try #require(FileStatus.of(file.path)?.changed)
    let probe = folder.appendingPathComponent("tick")
    for _ in 0..<1000 {
      try Data().write(to: probe)
      if let now = FileStatus.of(probe.path)?.changed, now > written { break }
      usleep(1000)
    }
    try FileManager.default.removeItem(at: probe)
  }

  @Test func aCacheFilledPastItsSizeIsPrunedOldestFirst() throws {
    let filler = ResponseCache(folder: folder, maxBytes: 1_000_000_000)
    let body = Data(repeating: 0x41, count: 1000)
    for index in 1...5 {
      try filler.store(body, for: "k\(index)", lifetime: 3600)
      // k1 the oldest, k5 the newest.
      try waitForATick(after: filler.file(for: "k\(index)"))
    }
    #expect(try filler.info().entries == 5)
    // Six files of a little over 1000 bytes, at most 3000 kept: the four oldest go.
    let small = ResponseCache(folder: folder, maxBytes: 3000)
    try small.store(body, for: "k6", lifetime: 3600)
    let left = (1...6).filter { small.storedBody(for: "k\($0)") != nil }
    #expect(left == [5, 6])
    let (entries, bytes) = try small.info()
    #expect(entries == 2)
    #expect(bytes <= 3000)
  }

  @Test func anEntrysModificationTimeIsItsExpirySoPruningReadsNoEntry() throws {
    let clock = Mutex(Date(timeIntervalSince1970: 2_000_000))
    let cache = ResponseCache(folder: folder) { clock.withLock { $0 } }
    try cache.store(Data("a".utf8), for: "a", lifetime: 600)
    let file = cache.file(for: "a")
    #expect(FileStatus.of(file.path)?.modified == 2_000_600)
    // An entry whose contents say it is current but whose time says it expired goes: pruning
    // judged it by its time alone, without opening it.
    try cache.store(Data("b".utf8), for: "b", lifetime: 600)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_999_000)],
      ofItemAtPath: cache.file(for: "b").path)
    let next = ResponseCache(folder: folder) { clock.withLock { $0 } }
    try next.store(Data("c".utf8), for: "c", lifetime: 600)
    #expect(!FileManager.default.fileExists(atPath: cache.file(for: "b").path))
    #expect(next.storedBody(for: "a") == Data("a".utf8))
  }

  @Test func expiredEntriesAreGoneFromDiskAfterTheNextWrite() throws {
    let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
    let first = ResponseCache(folder: folder) { clock.withLock { $0 } }
    try first.store(Data("old".utf8), for: "old", lifetime: 10)
    try first.store(Data("kept".utf8), for: "kept", lifetime: 3600)
    let oldFile = first.file(for: "old")
    clock.withLock { $0 += 20 }
    // Expired but still on disk until something is written.
    #expect(FileManager.default.fileExists(atPath: oldFile.path))
    let next = ResponseCache(folder: folder) { clock.withLock { $0 } }
    try next.store(Data("new".utf8), for: "new", lifetime: 3600)
    #expect(!FileManager.default.fileExists(atPath: oldFile.path))
    #expect(next.storedBody(for: "kept") == Data("kept".utf8))
    #expect(next.storedBody(for: "new") == Data("new".utf8))
  }

  @Test func keptMapsNeverExpireButCountTowardsTheSize() throws {
    let maps = KeptMaps(folder: folder)
    let url = URL(string: "http://nasa.test/mmgis-maps/M20/Layers/json/M20_waypoints.json")!
    maps.keep(Data(repeating: 0x20, count: 2000), for: url)
    try age(maps.file(url, "map"), 400 * 86_400)
    let clock = Mutex(Date())
    let cache = ResponseCache(folder: folder, maxBytes: 1_000_000) { clock.withLock { $0 } }
    try cache.store(Data("x".utf8), for: "k", lifetime: 3600)
    // A year old, and still there: a map of any age places photos when no fresh one comes.
    #expect(maps.kept(for: url)?.count == 2000)
    #expect(maps.fresh(for: url) == nil)
    let tiny = ResponseCache(folder: folder, maxBytes: 100)
    try tiny.store(Data("y".utf8), for: "k2", lifetime: 3600)
    #expect(maps.kept(for: url) == nil)
  }
}
