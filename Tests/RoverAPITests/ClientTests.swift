import Foundation
import PlainText
import Testing

@testable import RoverAPI

/// The client's answers to every kind of response, through a stub transport.
@Suite(.timeLimit(.minutes(3))) struct ClientTests {
  func client(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse)
    -> APIClient
  {
    APIClient(
      baseURL: URL(string: "https://example.test/api/v1")!, retryPolicy: .never,
      transport: ClosureTransport(handler))
  }

  func failure(_ response: HTTPResponse) async -> APIError? {
    let client = client { _ in response }
    do {
      _ = try await client.send(Endpoints.manifest(rover: "curiosity"))
      return nil
    } catch {
      return error as? APIError
    }
  }

  @Test func decodesASuccessfulAnswer() async throws {
    let body = try FixtureFiles.data("api/manifests/spirit.json")
    let manifest = try await client { _ in HTTPResponse(status: 200, body: body) }
      .send(Endpoints.manifest(rover: "spirit"))
    #expect(manifest.name == "Spirit")
    #expect(manifest.maxSol == 2208)
  }

  @Test func statusErrorKeepsRequestStatusAndMessage() async throws {
    let body = try FixtureFiles.data("shapes/original_error_400_invalid_rover.json")
    let error = await failure(HTTPResponse(status: 400, body: body))
    #expect(
      error
        == .status(
          request: "GET https://example.test/api/v1/manifests/curiosity",
          response: ServerErrorResponse(status: 400, message: "Invalid Rover Name")))
    #expect(
      error?.description
        == "GET https://example.test/api/v1/manifests/curiosity: the server answered 400 Bad Request: Invalid Rover Name"
    )
  }

  @Test func htmlPageIsReportedAsSuch() async throws {
    let body = try FixtureFiles.data("shapes/gateway_error_429.html")
    let error = await failure(HTTPResponse(status: 200, body: body))
    #expect(
      error?.description
        == "GET https://example.test/api/v1/manifests/curiosity: the server answered 200 with an HTML page, not JSON"
    )
  }

  @Test func emptyBodyIsReportedAsSuch() async {
    let error = await failure(HTTPResponse(status: 200))
    #expect(
      error?.description
        == "GET https://example.test/api/v1/manifests/curiosity: the server answered 200 with an empty body, not JSON"
    )
  }

  @Test func wrongShapeNamesTheField() async throws {
    let body = try FixtureFiles.data("api/rovers.json")
    let error = await failure(HTTPResponse(status: 200, body: body))
    #expect(
      error?.description
        == "GET https://example.test/api/v1/manifests/curiosity: the server answered 200 with data that cannot be understood: missing field 'photo_manifest'"
    )
  }

  @Test func transportFailureIsWrapped() async {
    let client = client { _ in throw TransportError.cannotConnect(host: "example.test") }
    await #expect(
      throws: APIError.transport(
        request: "GET https://example.test/api/v1/rovers",
        failure: .cannotConnect(host: "example.test"))
    ) {
      try await client.send(Endpoints.rovers())
    }
  }

  @Test func cancellationStaysCancellation() async {
    let client = client { _ in throw CancellationError() }
    await #expect(throws: CancellationError.self) { try await client.send(Endpoints.rovers()) }
  }

  @Test func serverTextIsCleanedToOneShortLine() {
    let cleaned = OneLine.clean(
      "bad\u{1B}[31m thing\n\n  happened\t" + String(repeating: "x", count: 500))
    #expect(!cleaned.contains("\u{1B}"))
    #expect(!cleaned.contains("\n"))
    #expect(cleaned.hasPrefix("bad[31m thing happened xxx"))
    #expect(cleaned.count == OneLine.limit)
  }
}
