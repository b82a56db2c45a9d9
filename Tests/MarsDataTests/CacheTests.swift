import Foundation
import Synchronization
import Testing

@testable import MarsData
@testable import RoverAPI

@Suite struct CacheTests {
  let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
    "cache-\(UUID().uuidString)")

  @Test func entriesExpire() throws {
    let clock = Mutex(Date(timeIntervalSince1970: 1_000_000))
    let cache = ResponseCache(folder: folder) { clock.withLock { $0 } }
    try cache.store(Data("body".utf8), for: "k", lifetime: 3600)
    #expect(cache.body(for: "k") == Data("body".utf8))
    clock.withLock { $0 += 3599 }
    #expect(cache.body(for: "k") != nil)
    clock.withLock { $0 += 2 }
    #expect(cache.body(for: "k") == nil)
  }

  @Test func aCorruptOrForeignEntryIsAMiss() throws {
    let cache = ResponseCache(folder: folder)
    try cache.store(Data("body".utf8), for: "k", lifetime: 3600)
    try Data("garbage\n{}\n".utf8).write(to: cache.file(for: "k"))
    #expect(cache.body(for: "k") == nil)
    try cache.store(Data("fresh".utf8), for: "k", lifetime: 3600)
    #expect(cache.body(for: "k") == Data("fresh".utf8))
    #expect(cache.info().entries == 1)
    #expect(try cache.clear() == 1)
    #expect(cache.info().entries == 0)
  }

  @Test(
    arguments: [
      ("manifests/spirit", [String: String](), "api/manifests/spirit.json", CachePolicy.long),
      ("manifests/curiosity", [:], "api/manifests/curiosity.json", CachePolicy.short),
      ("rovers", [:], "api/rovers.json", CachePolicy.short),
      ("rovers/spirit/photos", ["sol": "1"], "api/photos/spirit/1.json", CachePolicy.long),
      ("rovers/spirit/photos", ["sol": "2208"], "api/photos/spirit/2208.json", nil),
      ("rovers/spirit/latest_photos", [:], "api/photos/spirit/2208.json", nil),
    ] as [(String, [String: String], String, TimeInterval?)])
  func lifetimesFollowTheMission(
    _ path: String, _ query: [String: String], _ body: String, _ expected: TimeInterval?
  ) throws {
    let lifetime = CachePolicy.lifetime(
      path: path, query: query, body: try Fixture.data(body),
      lastSol: { $0 == "spirit" ? 2208 : nil })
    #expect(lifetime == expected)
  }

  @Test func theTransportAnswersFromTheCacheAndNeverKeepsTheKey() async throws {
    let sent = Mutex(0)
    let manifest = try Fixture.data("api/manifests/spirit.json")
    let network = ClosureTransport { _ in
      sent.withLock { $0 += 1 }
      return HTTPResponse(status: 200, body: manifest)
    }
    let base = URL(string: "http://example.test/api/v1")!
    let caching = CachingTransport(
      wrapping: network, cache: ResponseCache(folder: folder), baseURL: base, secret: "SECRETKEY")
    let client = APIClient(baseURL: base, apiKey: "SECRETKEY", transport: caching)
    _ = try await client.send(Endpoints.manifest(rover: "spirit"))
    _ = try await client.send(Endpoints.manifest(rover: "spirit"))
    #expect(sent.withLock { $0 } == 1)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(files.count == 1)
    let stored = try Data(contentsOf: folder.appendingPathComponent(files[0]))
    #expect(stored.range(of: Data("SECRETKEY".utf8)) == nil)
  }
}
