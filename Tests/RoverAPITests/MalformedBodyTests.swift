import Foundation
import PlainText
import TestSupport
import Testing

@testable import RoverAPI

/// Arbitrary bytes never crash a decoder: each one decodes or is a clean, one-line error.
@Suite(.timeLimit(.minutes(3))) struct MalformedBodyTests {
  static let bodyCount = 3000

  /// Bodies made from small real ones, mangled (``MangledBodies``).
  static func bodies() throws -> [Data] {
    MangledBodies.make(
      from: try [
        "real-api/rovers_list_2019-09.json",
        "real-api/error_429_over_rate_limit_api.nasa.gov.json",
        "shapes/marsvista_latest_photos.json", "shapes/photo_oldest_rover_shape.json",
        "shapes/marsvista_rover.json", "shapes/gateway_error_403_invalid_key.json",
      ].map(FixtureFiles.data), count: bodyCount)
  }

  @Test func everyBodyDecodesOrFailsCleanly() async throws {
    let bodies = try Self.bodies()
    // Both halves at once: the bodies are independent, and the machine has two cores.
    let failures = await withTaskGroup(of: Int.self) { group in
      for half in [0, 1] {
        group.addTask {
          var failures = 0
          for index in stride(from: half, to: bodies.count, by: 2) {
            failures += await Self.refusals(of: bodies[index], index: index)
          }
          return failures
        }
      }
      return await group.reduce(0, +)
    }
    // Most mangled bodies must be refused: a decoder that accepted anything would fail here.
    #expect(failures > bodies.count * 6 / 2)
  }

  /// Sends `body` as the answer to every endpoint and checks each refusal is one short line;
  /// returns how many endpoints refused it.
  static func refusals(of body: Data, index: Int) async -> Int {
    var failures = 0
    let client = APIClient(
      baseURL: URL(string: "http://example.test/api/v1")!, retryPolicy: .never,
      transport: ClosureTransport { _ in HTTPResponse(status: 200, body: body) })
    let requests: [@Sendable () async throws -> Void] = [
      { _ = try await client.send(Endpoints.rovers()) },
      { _ = try await client.send(Endpoints.rover("spirit")) },
      { _ = try await client.send(Endpoints.photos(rover: "spirit", on: .sol(1))) },
      { _ = try await client.send(Endpoints.latestPhotos(rover: "spirit")) },
      { _ = try await client.send(Endpoints.photo(id: 1)) },
      { _ = try await client.send(Endpoints.manifest(rover: "spirit")) },
    ]
    for request in requests {
      do {
        try await request()
      } catch let error as APIError {
        guard case .undecodable = error else {
          Issue.record("body \(index): \(error)")
          continue
        }
        failures += 1
        let message = error.description
        #expect(!message.contains("\n") && message.count < 300, "body \(index): \(message)")
      } catch {
        Issue.record("body \(index): \(error)")
      }
    }
    // The same bytes as an error body: read for a message, never trusted.
    let answer = ServerErrorResponse(HTTPResponse(status: 500, body: body))
    #expect((answer.message ?? "").count <= OneLine.limit)
    #expect(!(answer.message ?? "").contains("\n"))
    return failures
  }
}
