import FixtureServing
import Foundation
import Synchronization
import TestSupport

@testable import RoverAPI

/// A scripted API behind a ``ClosureTransport``: answers from the fixtures, pages as either
/// server shape does, and counts what was asked and how many requests overlapped.
final class StubAPI: Sendable {
  enum Shape { case original, marsVista }

  struct Counters {
    var inFlight = 0
    var maxInFlight = 0
    var requests: [String] = []
    var cancelled = 0
  }

  let counters = Mutex(Counters())
  let shape: Shape
  /// Extra work per request, so that overlapping requests really overlap.
  let delay: Duration
  /// Decides a request's answer before the fixtures do; `nil` lets the fixtures answer.
  let override: @Sendable (String) async throws -> HTTPResponse?
  /// Mars Vista totals that are out of date: this many pages announced, whatever there are.
  let stalePages: Int?

  init(
    shape: Shape = .original, delay: Duration = .milliseconds(5), stalePages: Int? = nil,
    override: @escaping @Sendable (String) async throws -> HTTPResponse? = { _ in nil }
  ) {
    self.shape = shape
    self.delay = delay
    self.stalePages = stalePages
    self.override = override
  }

  /// Retries as in real use, but without waiting between them. The timeout is ten minutes:
  /// a test that holds requests open until it cancels them must not see them time out and
  /// retry while a busy machine keeps it from running (stalls of 30 s were seen).
  var client: APIClient {
    APIClient(
      baseURL: URL(string: "http://stub.test/api/v1")!, timeout: 600,
      transport: ClosureTransport(answer), sleeper: NoWait())
  }

  var requests: [String] { counters.withLock { $0.requests } }
  var maxInFlight: Int { counters.withLock { $0.maxInFlight } }
  var cancelled: Int { counters.withLock { $0.cancelled } }

  @Sendable func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
    let path = String(request.url.path.dropFirst("/api/v1/".count))
    let target = path + (request.url.query.map { "?" + $0 } ?? "")
    counters.withLock {
      $0.requests.append(target)
      $0.inFlight += 1
      $0.maxInFlight = max($0.maxInFlight, $0.inFlight)
    }
    defer { counters.withLock { $0.inFlight -= 1 } }
    do {
      try await Task.sleep(for: delay)
      if let response = try await override(target) { return response }
    } catch is CancellationError {
      counters.withLock { $0.cancelled += 1 }
      throw CancellationError()
    }
    return try answer(path, query: request.url.query ?? "")
  }

  /// The fixtures' answers, made once a run: the suites ask for the same few hundred times.
  private static let answers = Mutex<[String: HTTPResponse]>([:])

  /// The fixtures' answer for this shape, from ``answers`` when it was made already.
  private func answer(_ path: String, query: String) throws -> HTTPResponse {
    let key = "\(shape)\t\(stalePages ?? -1)\t\(path)\t\(query)"
    if let known = Self.answers.withLock({ $0[key] }) { return known }
    let made = try fixtureAnswer(path, query: query)
    Self.answers.withLock { $0[key] = made }
    return made
  }

  private func fixtureAnswer(_ path: String, query: String) throws -> HTTPResponse {
    // Rover names in any case, as the real servers take them.
    let parts = path.lowercased().split(separator: "/").map(String.init)
    let items = Dictionary(
      query.split(separator: "&").map {
        let pair = $0.split(separator: "=", maxSplits: 1).map(String.init)
        return (pair[0], pair.count > 1 ? pair[1] : "")
      }, uniquingKeysWith: { $1 })
    switch parts.first {
    case "rovers" where parts.count == 1:
      return HTTPResponse(status: 200, body: try Fixture.data("api/rovers.json"))
    case "manifests":
      return HTTPResponse(status: 200, body: try Fixture.data("api/manifests/\(parts[1]).json"))
    case "rovers" where parts.last == "latest_photos":
      guard let rover = try Fixture.rovers().first(where: { $0.name.lowercased() == parts[1] })
      else { return HTTPResponse(status: 400) }
      return try page(
        Fixture.photoObjects(rover: parts[1], sol: rover.maxSol), items, root: "latest_photos")
    case "rovers":
      let sol = Int(items["sol"] ?? "") ?? -1
      return try page(Fixture.photoObjects(rover: parts[1], sol: sol), items, root: "photos")
    default:
      return HTTPResponse(status: 404)
    }
  }

  /// Pages like the original server (only with `page`) or like Mars Vista (always, with totals).
  private func page(_ all: [Any], _ items: [String: String], root: String) throws -> HTTPResponse {
    var photos = all
    if let camera = items["camera"] {
      photos = photos.filter {
        let photo = $0 as? [String: Any]
        return (photo?["camera"] as? [String: Any])?["name"] as? String == camera.uppercased()
      }
    }
    var body: [String: Any] = [:]
    let pageText = items["page"] ?? (shape == .marsVista ? "1" : nil)
    if let pageText {
      let page = Int(pageText)!
      let perPage = Int(items["per_page"] ?? "25")!
      let start = min(photos.count, (page - 1) * perPage)
      let total = photos.count
      photos = Array(photos[start..<min(photos.count, start + perPage)])
      if shape == .marsVista {
        body["pagination"] = [
          "total_count": total, "page": page, "per_page": perPage,
          "total_pages": stalePages ?? (total + perPage - 1) / perPage,
        ]
      }
    }
    body[shape == .marsVista ? "photos" : root] = photos
    return HTTPResponse(status: 200, body: ParsedJSON.data(body))
  }
}

/// The package's fixture files.
enum Fixture {
  static let root = PackagePaths.fixtures

  static func data(_ path: String) throws -> Data {
    try Data(contentsOf: root.appendingPathComponent(path))
  }

  static func rovers() throws -> [Rover] {
    try Endpoints.rovers().decode(data("api/rovers.json"))
  }

  static func photos(rover: String, sol: Int) throws -> [Photo] {
    try Endpoints.photos(rover: rover, on: .sol(sol)).decode(
      data("api/photos/\(rover)/\(sol).json")
    ).photos
  }

  static func photoObjects(rover: String, sol: Int) throws -> [Any] {
    let key = "\(rover)/\(sol)"
    if let parsed = parsedPhotos.withLock({ $0[key] }) { return parsed.photos }
    guard let data = try? data("api/photos/\(rover)/\(sol).json") else { return [] }
    let object = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    let parsed = ParsedPhotos(photos: object["photos"] as! [Any])
    parsedPhotos.withLock { $0[key] = parsed }
    return parsed.photos
  }

  /// A sol's photos as parsed JSON, never changed once made.
  // Unchecked: `photos` is a `let` of parsed JSON that nothing writes to.
  private final class ParsedPhotos: @unchecked Sendable {
    let photos: [Any]
    init(photos: [Any]) { self.photos = photos }
  }

  /// Each sol's photos, parsed once a run: the paging tests ask for hundreds of pages of the
  /// same few sols, and parsing the sol's file for each was a second of the suite's time.
  private static let parsedPhotos = Mutex<[String: ParsedPhotos]>([:])
}
