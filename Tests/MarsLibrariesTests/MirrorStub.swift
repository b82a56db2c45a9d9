import FixtureServing
import Foundation
import Synchronization
import TestSupport

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

/// A scripted server for sync tests: one rover with as many sols as asked, each sol's list and
/// its manifest count set per test, and images from its own image host.
final class MirrorStub: Sendable {
  struct Script {
    /// Photo numbers by sol.
    var sols: [Int: [Int]] = [:]
    /// The manifest's count for a sol, when it differs from its list.
    var counts: [Int: Int] = [:]
    /// Photo numbers a list names twice.
    var duplicated: Set<Int> = []
    /// Photo numbers whose images answer 404.
    var gone: Set<Int> = []
    /// How many photos of each sol's list the server leaves out.
    var shortBy: [Int: Int] = [:]
  }

  let script: Mutex<Script>
  private let imageRequests = Mutex<[String]>([])
  /// Every request in the order it came: `list SOL` or `image`.
  private let requestLog = Mutex<[String]>([])

  init(_ script: Script) { self.script = Mutex(script) }

  /// `sols` sols of `perSol` photos each, numbered from 1.
  convenience init(sols: Int, perSol: Int) {
    var script = Script()
    var next = 1
    for sol in 0..<sols {
      script.sols[sol] = Array(next..<(next + perSol))
      next += perSol
    }
    self.init(script)
  }

  var images: [String] { imageRequests.withLock { $0 } }

  var requests: [String] { requestLog.withLock { $0 } }

  func archive(jobs: Int = 4) -> (MarsArchive, PhotoDownloader) {
    let client = APIClient(
      baseURL: URL(string: "http://api.test/api/v1")!, retryPolicy: .never,
      transport: ClosureTransport(answer), sleeper: NoWait())
    return (MarsArchive(client: client), PhotoDownloader(client: client, jobs: jobs))
  }

  @Sendable func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
    let url = request.url
    if url.host == "img.test" {
      imageRequests.withLock { $0.append(url.path) }
      requestLog.withLock { $0.append("image") }
      let number = Int(url.lastPathComponent.dropFirst().prefix { $0.isNumber }) ?? 0
      if script.withLock({ $0.gone.contains(number) }) { return HTTPResponse(status: 404) }
      return HTTPResponse(
        status: 200, headers: ["Content-Type": "image/jpeg"],
        body: Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(url.path.utf8)))
    }
    let script = self.script.withLock { $0 }
    if url.path.hasSuffix("/manifests/testrover") {
      return try json(["photo_manifest": manifest(script)])
    }
    let sol =
      Int(
        URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?
          .first { $0.name == "sol" }?.value ?? "") ?? -1
    requestLog.withLock { $0.append("list \(sol)") }
    var numbers = script.sols[sol] ?? []
    numbers = Array(numbers.dropLast(script.shortBy[sol] ?? 0))
    numbers += numbers.filter { script.duplicated.contains($0) }
    return try json(["photos": numbers.map { photo($0, sol: sol) }])
  }

  private func manifest(_ script: Script) -> [String: Any] {
    let sols = script.sols.keys.sorted()
    let entries: [[String: Any]] = sols.map { sol in
      [
        "sol": sol, "earth_date": "2020-01-01", "cameras": ["NAVCAM"],
        "total_photos": script.counts[sol] ?? script.sols[sol]!.count,
      ]
    }
    return [
      "name": "Testrover", "landing_date": "2012-08-06", "launch_date": "2011-11-26",
      "status": "active", "max_sol": sols.last ?? 0, "max_date": "2020-01-01",
      "total_photos": entries.count, "photos": entries,
    ]
  }

  private func photo(_ number: Int, sol: Int) -> [String: Any] {
    [
      "id": number, "sol": sol, "earth_date": "2020-01-01",
      "img_src": "http://img.test/\(sol)/P\(number)_1200.jpg",
      "camera": ["id": 1, "name": "NAVCAM", "rover_id": 9, "full_name": "Navigation Camera"],
      "rover": ["id": 9, "name": "Testrover"],
    ]
  }

  private func json(_ object: Any) throws -> HTTPResponse {
    HTTPResponse(status: 200, body: ParsedJSON.data(object))
  }
}

/// A journal kept in memory that counts every byte written to it.
final class CountingStorage: SyncStateStorage {
  private let state = Mutex<(data: Data?, written: Int)>((nil, 0))

  var written: Int { state.withLock { $0.written } }

  func read() throws -> Data? { state.withLock { $0.data } }

  func append(_ data: Data) throws {
    state.withLock {
      $0.data = ($0.data ?? Data()) + data
      $0.written += data.count
    }
  }

  func replace(with data: Data) throws {
    state.withLock {
      $0.data = data
      $0.written += data.count
    }
  }

  func flush() throws {}
}
