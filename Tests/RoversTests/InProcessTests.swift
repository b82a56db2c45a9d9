import CommandRuntime
import Foundation
import RoverAPI
import Synchronization
import TestSupport
import Testing

@testable import rovers

/// The real command, run in this process with a transport of the test's own: no `rovers`
/// process, no server, the fixtures served by a closure.
@Suite(.timeLimit(.minutes(3))) struct InProcessTests {
  /// Answers `rovers/<rover>/photos?sol=N` from Fixtures/api, and counts what was asked.
  final class FixtureAnswers: Sendable {
    let asked = Mutex<[String]>([])

    func transport() -> any HTTPTransport {
      ClosureTransport { request in
        let path = request.url.path
        self.asked.withLock { $0.append(path + "?" + (request.url.query ?? "")) }
        let parts = path.split(separator: "/").map(String.init)
        let sol = URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?
          .first { $0.name == "sol" }?.value
        guard parts.suffix(3).last == "photos", let sol, parts.count >= 3 else {
          return HTTPResponse(status: 404, body: Data(#"{"error":"Not Found"}"#.utf8))
        }
        let rover = parts[parts.count - 2]
        let file = PackagePaths.fixtures.appendingPathComponent("api/photos/\(rover)/\(sol).json")
        return HTTPResponse(status: 200, body: try Data(contentsOf: file))
      }
    }
  }

  @Test func photosRunsInProcessOverATransportOfTheTestsOwn() async throws {
    let answers = FixtureAnswers()
    let run = await CapturedRun.run(
      ["photos", "perseverance", "--sol", "100", "--json", "--no-cache"],
      environment: ["ROVERS_API_BASE": "http://fixtures.test/api/v1"],
      transport: { answers.transport() })
    #expect(run.code == .success, "\(run.stderr)")
    let photos = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    #expect(photos.count == 49)
    #expect(
      answers.asked.withLock { $0 } == ["/api/v1/rovers/perseverance/photos?sol=100&per_page=100"])
  }

  @Test func aServerThatFailsIsOneLineAndExit69WithoutAProcess() async throws {
    let run = await CapturedRun.run(
      ["list", "--retries", "0", "--no-cache"],
      environment: ["ROVERS_API_BASE": "http://fixtures.test/api/v1"],
      transport: { ClosureTransport { _ in HTTPResponse(status: 500) } })
    #expect(run.code == .unavailable)
    #expect(
      run.stderr
        == "Error: GET http://fixtures.test/api/v1/rovers: the server answered 500 Internal Server Error\n"
    )
    #expect(run.stdout.isEmpty)
  }
}
