import Foundation
import Synchronization
import Testing

@testable import RoverAPI

/// Records the waits asked for instead of waiting: backoff is checked without sleeping. Its
/// clock moves by the waits alone, so a pace is measured as if each had been slept.
final class RecordingSleeper: Sleeper {
  let waits = Mutex<[Double]>([])

  var now: Double { waits.withLock { $0.reduce(0, +) } }

  func sleep(seconds: Double) async throws {
    waits.withLock { $0.append(seconds) }
    try Task.checkCancellation()
  }

  var recorded: [Double] { waits.withLock { $0 } }
}

/// Answers each request with the next scripted answer, repeating the last one.
final class ScriptedTransport: HTTPTransport {
  let script: [Result<HTTPResponse, TransportError>]
  let sent = Mutex(0)

  init(_ script: [Result<HTTPResponse, TransportError>]) { self.script = script }

  func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    let index = sent.withLock { count in
      defer { count += 1 }
      return count
    }
    return try script[min(index, script.count - 1)].get()
  }

  var requests: Int { sent.withLock { $0 } }
}

/// Keeps the client's events.
final class EventLog: Sendable {
  private let events = Mutex<[ClientEvent]>([])

  @Sendable func append(_ event: ClientEvent) { events.withLock { $0.append(event) } }

  var all: [ClientEvent] { events.withLock { $0 } }
}

@Suite(.timeLimit(.minutes(3))) struct RetryTests {
  let manifest: Data
  let sleeper = RecordingSleeper()
  let events = EventLog()

  init() throws {
    manifest = try FixtureFiles.data("api/manifests/spirit.json")
  }

  /// Jitter drawn at the top of its range, so each wait shows its ceiling.
  func client(_ transport: ScriptedTransport, retries: Int = 3) -> APIClient {
    let events = self.events
    return APIClient(
      baseURL: URL(string: "http://example.test/api/v1")!, timeout: 5,
      retryPolicy: RetryPolicy(maxRetries: retries, random: { $0.upperBound }),
      transport: transport, sleeper: sleeper, onEvent: events.append)
  }

  static func status(_ code: Int, headers: [String: String] = [:], body: String = "")
    -> Result<HTTPResponse, TransportError>
  {
    .success(HTTPResponse(status: code, headers: headers, body: Data(body.utf8)))
  }

  @Test func serviceUnavailableTwiceThenSuccess() async throws {
    let transport = ScriptedTransport([
      Self.status(503), Self.status(503), .success(HTTPResponse(status: 200, body: manifest)),
    ])
    let result = try await client(transport).send(Endpoints.manifest(rover: "spirit"))
    #expect(result.name == "Spirit")
    #expect(transport.requests == 3)
    #expect(sleeper.recorded == [0.5, 1.0])
    let retries = events.all.filter {
      if case .retrying = $0 { return true } else { return false }
    }
    #expect(
      retries.first
        == .retrying(
          request: "GET http://example.test/api/v1/manifests/spirit", retry: 1, of: 3, delay: 0.5,
          reason: "the server answered 503 Service Unavailable"))
  }

  @Test func backoffDoublesUpToTheCapWithFullJitter() {
    let top = RetryPolicy(random: { $0.upperBound })
    #expect((1...7).map(top.backoff(beforeRetry:)) == [0.5, 1, 2, 4, 8, 8, 8])
    let bottom = RetryPolicy(random: { $0.lowerBound })
    #expect((1...7).map(bottom.backoff(beforeRetry:)).allSatisfy { $0 == 0 })
    let live = RetryPolicy()
    #expect(
      (1...200).map { live.backoff(beforeRetry: $0 % 6 + 1) }.allSatisfy { (0...8).contains($0) })
  }

  @Test func retryAfterInSecondsIsHonoured() async throws {
    let transport = ScriptedTransport([
      Self.status(429, headers: ["Retry-After": "7"]),
      .success(HTTPResponse(status: 200, body: manifest)),
    ])
    _ = try await client(transport).send(Endpoints.manifest(rover: "spirit"))
    #expect(sleeper.recorded == [7])
  }

  @Test func retryAfterAsAnHTTPDateIsHonoured() throws {
    let now = Date(timeIntervalSince1970: 1_445_412_450)  // 21 Oct 2015 07:27:30 GMT
    let response = HTTPResponse(
      status: 503, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"])
    #expect(ServerErrorResponse(response, now: now).retryAfter == 30)
  }

  @Test func retryAfterInTheBodyIsHonoured() async throws {
    let body = try FixtureFiles.data("shapes/marsvista_error_429.json")
    let transport = ScriptedTransport([
      .success(HTTPResponse(status: 429, body: body)),
      .success(HTTPResponse(status: 200, body: manifest)),
    ])
    _ = try await client(transport).send(Endpoints.manifest(rover: "spirit"))
    #expect(sleeper.recorded == [60])
  }

  @Test func aWaitOverAMinuteFailsAtOnce() async throws {
    let transport = ScriptedTransport([Self.status(429, headers: ["Retry-After": "3600"])])
    await #expect(
      throws: APIError.status(
        request: "GET http://example.test/api/v1/manifests/spirit",
        response: ServerErrorResponse(status: 429, retryAfter: 3600))
    ) {
      try await client(transport).send(Endpoints.manifest(rover: "spirit"))
    }
    #expect(transport.requests == 1)
    #expect(sleeper.recorded.isEmpty)
  }

  @Test(arguments: [400, 401, 403, 404, 410, 422])
  func otherClientErrorsAreNotRetried(_ status: Int) async throws {
    let transport = ScriptedTransport([Self.status(status)])
    await #expect(throws: APIError.self) {
      try await client(transport).send(Endpoints.manifest(rover: "spirit"))
    }
    #expect(transport.requests == 1)
  }

  @Test(arguments: [500, 502, 503, 504])
  func serverErrorsAreRetriedUntilTheLimit(_ status: Int) async throws {
    let transport = ScriptedTransport([Self.status(status)])
    await #expect(throws: APIError.self) {
      try await client(transport, retries: 2).send(Endpoints.manifest(rover: "spirit"))
    }
    #expect(transport.requests == 3)
    #expect(sleeper.recorded == [0.5, 1.0])
  }

  @Test(arguments: [TransportError.cannotConnect(host: "h"), .connectionLost, .timedOut])
  func transportFailuresAreRetried(_ failure: TransportError) async throws {
    let transport = ScriptedTransport([
      .failure(failure), .success(HTTPResponse(status: 200, body: manifest)),
    ])
    _ = try await client(transport).send(Endpoints.manifest(rover: "spirit"))
    #expect(transport.requests == 2)
  }

  @Test func noRetriesMeansOneAttempt() async throws {
    let transport = ScriptedTransport([.failure(.connectionLost)])
    await #expect(
      throws: APIError.transport(
        request: "GET http://example.test/api/v1/manifests/spirit", failure: .connectionLost)
    ) {
      try await client(transport, retries: 0).send(Endpoints.manifest(rover: "spirit"))
    }
    #expect(transport.requests == 1)
  }

  @Test func anAttemptLongerThanTheTimeoutIsCancelledAndTimesOut() async throws {
    let cancelled = Mutex(false)
    // The attempt outlasts any stall of a busy machine (a full test run once held the
    // cooperative pool for 70 s, long enough for a 30 s attempt to finish on its own): only
    // the client's cancelling ends it early, whenever the scheduler gets round to either task.
    // A client that never cancels fails here after ten minutes.
    let slow = ClosureTransport { _ in
      try await withTaskCancellationHandler {
        try await Task.sleep(for: .seconds(600))
        return HTTPResponse(status: 200)
      } onCancel: {
        cancelled.withLock { $0 = true }
      }
    }
    let client = APIClient(
      baseURL: URL(string: "http://example.test")!, timeout: 0.05, retryPolicy: .never,
      transport: slow)
    await #expect(
      throws: APIError.transport(request: "GET http://example.test/rovers", failure: .timedOut)
    ) {
      try await client.send(Endpoints.rovers())
    }
    #expect(cancelled.withLock { $0 })
  }

  @Test func cancellationDuringBackoffStopsAtOnce() async throws {
    let transport = ScriptedTransport([Self.status(503)])
    // The backoff is ten minutes, so a second request can only come from a sleep that ignored
    // the cancel, however late a busy machine runs the cancelling task.
    let tenMinutes = RetryPolicy(maxRetries: 1, baseDelay: 600, maxDelay: 600) { $0.upperBound }
    let client = APIClient(
      baseURL: URL(string: "http://example.test")!, retryPolicy: tenMinutes,
      transport: transport, sleeper: TaskSleeper())
    let task = Task { try await client.send(Endpoints.rovers()) }
    // Bounded: after 60,000 looks the test goes on, and fails, instead of hanging.
    for _ in 0..<60_000 {
      guard transport.requests == 0 else { break }
      try await Task.sleep(for: .milliseconds(1))
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(transport.requests == 1)
  }

  @Test func serverMessageDoesNotRepeatTheReasonPhrase() {
    let response = ServerErrorResponse(status: 401, message: "Unauthorized: API key required")
    #expect(response.explanation == "the server answered 401 Unauthorized: API key required")
    #expect(
      ServerErrorResponse(status: 429, message: "Too Many Requests").explanation
        == "the server answered 429 Too Many Requests")
  }
}
