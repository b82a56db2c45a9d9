import Foundation
import RoverAPI
import TestSupport
import Testing

/// One row of the fault matrix: what the server does, the command, and what must come of it.
struct FaultCase: CustomTestStringConvertible, Sendable {
  var name: String
  var faults: String?
  var shape = "original"
  var latency = 0
  var arguments: [String]
  var status: Int32
  /// A phrase stderr must hold; `{base}` stands for the server's address.
  var phrase: String

  var testDescription: String { name }
}

/// Every case of the fault matrix, end to end: the built binary against the fixture server,
/// always with a key that must never show, and over each transport this build has.
@Suite(.timeLimit(.minutes(3))) struct FaultMatrixTests {
  static let key = "mv_live_E2ESECRET77"

  static let cases: [FaultCase] = [
    FaultCase(
      name: "429 with Retry-After, then success",
      faults:
        #"[{"match": "/rovers", "status": 429, "headers": {"Retry-After": "1"}, "times": 1}]"#,
      arguments: ["list", "-v"], status: 0,
      phrase: "retry 1 of 3 for GET {base}/rovers in 1.00 s: the server answered 429"),
    FaultCase(
      name: "503 twice, then success",
      faults: #"[{"match": "/manifests/spirit", "status": 503, "times": 2}]"#,
      arguments: ["manifest", "spirit", "--verbose"], status: 0,
      phrase: "retry 2 of 3 for GET {base}/manifests/spirit"),
    FaultCase(
      name: "500 always",
      faults: #"[{"match": "/", "status": 500, "body": "<html>oops</html>"}]"#,
      arguments: ["manifest", "curiosity", "--retries", "2"], status: 69,
      phrase: "Error: GET {base}/manifests/curiosity: the server answered 500 Internal Server Error"
    ),
    FaultCase(
      name: "connection dropped once",
      faults: #"[{"match": "/rovers", "action": "drop", "times": 1}]"#,
      arguments: ["list", "-v"], status: 0, phrase: "retry 1 of 3 for GET {base}/rovers"),
    FaultCase(
      name: "body truncated once",
      faults: #"[{"match": "sol=1000", "action": "truncate", "times": 1}]"#,
      arguments: ["photos", "curiosity", "--sol", "1000", "--page", "2", "-v"], status: 0,
      phrase: "retry 1 of 3 for GET {base}/rovers/curiosity/photos?sol=1000&page=2"),
    FaultCase(
      name: "slower than --timeout",
      faults: #"[{"match": "/rovers", "latency_ms": 5000}]"#,
      arguments: ["list", "--timeout", "0.3", "--retries", "1"], status: 75,
      phrase: "Error: GET {base}/rovers: no answer before the timeout"),
    FaultCase(
      name: "200 with an HTML page",
      faults:
        #"[{"match": "/rovers", "status": 200, "headers": {"Content-Type": "text/html"}, "body": "<!DOCTYPE html><html><body>Gateway</body></html>"}]"#,
      arguments: ["list"], status: 65,
      phrase: "Error: GET {base}/rovers: the server answered 200 with an HTML page, not JSON"),
    FaultCase(
      name: "200 with an empty body",
      faults: #"[{"match": "/manifests/", "status": 200, "body": ""}]"#,
      arguments: ["manifest", "opportunity"], status: 65,
      phrase: "the server answered 200 with an empty body, not JSON"),
    FaultCase(
      name: "truncated JSON with a 200",
      faults: #"[{"match": "/rovers", "status": 200, "body": "{\"rovers\": [{\"name\": \"Curi"}]"#,
      arguments: ["list"], status: 65,
      phrase: "the server answered 200 with data that cannot be understood"),
    FaultCase(
      name: "wrong types",
      faults: #"[{"match": "/rovers", "status": 200, "body": "{\"rovers\": [{\"name\": 5}]}"}]"#,
      arguments: ["list"], status: 65, phrase: "field 'rovers[0].name' is not a string"),
    FaultCase(
      name: "huge numbers",
      faults:
        #"[{"match": "/manifests/", "status": 200, "body": "{\"photo_manifest\": {\"name\": \"Spirit\", \"landing_date\": \"x\", \"launch_date\": \"x\", \"status\": \"x\", \"max_sol\": 1e400, \"max_date\": \"x\", \"total_photos\": 99999999999999999999999, \"photos\": []}}"}]"#,
      arguments: ["manifest", "spirit"], status: 65, phrase: "data that cannot be understood"),
    FaultCase(
      name: "deep nesting",
      faults:
        "[{\"match\": \"/rovers\", \"status\": 200, \"body\": \"{\\\"rovers\\\": \(String(repeating: "[", count: 20_000))\"}]",
      arguments: ["list"], status: 65, phrase: "data that cannot be understood"),
    FaultCase(
      name: "invalid UTF-8",
      faults:
        #"[{"match": "/rovers", "status": 200, "body_base64": "eyJyb3ZlcnMiOiBbeyJuYW1lIjogIv/+In1dfQ=="}]"#,
      arguments: ["list"], status: 65,
      phrase:
        "Error: GET {base}/rovers: the server answered 200 with data that cannot be understood"),
    FaultCase(
      name: "401 from Mars Vista",
      faults:
        #"[{"match": "/rovers", "status": 401, "body": "{\"error\": \"Unauthorized\", \"message\": \"Invalid API key\"}"}]"#,
      arguments: ["list"], status: 77,
      phrase: "the server answered 401 Unauthorized: Invalid API key"),
    FaultCase(
      name: "403 from the api.nasa.gov gateway",
      faults:
        #"[{"match": "/rovers", "status": 403, "body": "{\"error\": {\"code\": \"API_KEY_MISSING\", \"message\": \"No api_key was supplied.\"}}"}]"#,
      arguments: ["list"], status: 77,
      phrase: "403 Forbidden: API_KEY_MISSING: No api_key was supplied."),
    FaultCase(
      name: "429 asking for an hour",
      faults:
        #"[{"match": "/rovers", "status": 429, "headers": {"Retry-After": "3600"}, "body": "{\"error\": {\"code\": \"OVER_RATE_LIMIT\", \"message\": \"slow down\"}}"}]"#,
      arguments: ["list"], status: 75, phrase: "the server asks to wait 3600 s: try again after"),
    FaultCase(
      name: "endpoint gone",
      faults: #"[{"match": "/manifests/", "status": 404, "body": "Not Found"}]"#,
      arguments: ["manifest", "spirit"], status: 69,
      phrase: "Error: GET {base}/manifests/spirit: the server answered 404 Not Found"),
    FaultCase(
      name: "unknown rover, original shape",
      arguments: ["photos", "voyager", "--sol", "1"], status: 64,
      phrase: "Error: Unknown rover 'voyager'."),
    FaultCase(
      name: "unknown rover, Mars Vista shape", shape: "marsvista",
      arguments: ["manifest", "spirt"], status: 64,
      phrase: "Error: Unknown rover 'spirt'. Did you mean 'spirit'?"),
    FaultCase(
      name: "no key on Mars Vista", shape: "marsvista",
      arguments: ["list", "--api-key", ""], status: 77,
      phrase: "the server answered 401 Unauthorized: API key required"),
    FaultCase(
      name: "a camera the rover lacks",
      arguments: ["photos", "spirit", "--sol", "1", "--camera", "NAVCAMM"], status: 64,
      phrase:
        "Error: Unknown camera 'NAVCAMM' on Spirit. Did you mean 'NAVCAM'? Cameras: FHAZ, NAVCAM, PANCAM, MINITES, ENTRY, RHAZ."
    ),
    FaultCase(
      name: "one rover failing in latest",
      faults: #"[{"match": "/rovers/Opportunity/latest_photos", "status": 502}]"#,
      arguments: ["latest", "--retries", "1"], status: 69,
      phrase:
        "Error: GET {base}/rovers/Opportunity/latest_photos?per_page=100: the server answered 502 Bad"
        + " Gateway"),
    FaultCase(
      name: "the whole command past its deadline",
      faults: #"[{"match": "/manifests/", "latency_ms": 5000}]"#,
      arguments: ["manifest", "--deadline", "0.5"], status: 75,
      phrase: "Error: the command did not finish within 1 s (--deadline); try again later"),
  ]

  @Test(arguments: cases, TransportUnderTest.inTheBinary)
  func faultGivesItsExitCodeAndMessage(_ fault: FaultCase, _ transport: TransportUnderTest)
    async throws
  {
    let server = try await FixtureServer.start(
      latencyMilliseconds: fault.latency, faults: fault.faults, shape: fault.shape)
    // The key goes right after the subcommand, unless the case gives its own.
    let arguments =
      fault.arguments.contains("--api-key")
      ? fault.arguments : [fault.arguments[0], "--api-key", Self.key] + fault.arguments.dropFirst()
    let run = try await CapturedRun.rovers(
      arguments, base: server.baseURL, environment: ["ROVERS_TRANSPORT": transport.rawValue])
    #expect(run.status == fault.status, "\(run.stderr)")
    let phrase = fault.phrase.replacingOccurrences(of: "{base}", with: server.baseURL)
    #expect(run.stderr.contains(phrase), "\(run.stderr)")
    #expect(!(run.stdout + run.stderr).contains("E2ESECRET"))
  }

  @Test(arguments: TransportUnderTest.inTheBinary)
  func refusedConnectionAfterRetries(_ transport: TransportUnderTest) async throws {
    let run = try await CapturedRun.rovers(
      ["latest", "curiosity", "--retries", "1", "--api-key", Self.key],
      base: "http://127.0.0.1:9/api/v1", environment: ["ROVERS_TRANSPORT": transport.rawValue])
    #expect(run.status == 69)
    #expect(
      run.stderr
        == "Error: GET http://127.0.0.1:9/api/v1/rovers/curiosity/latest_photos?per_page=100:"
        + " cannot connect to 127.0.0.1:9\n")
  }

  @Test(arguments: TransportUnderTest.inTheBinary)
  func redirectToAnotherHostLosesTheKey(_ transport: TransportUnderTest) async throws {
    let server = try await FixtureServer.start(
      faults:
        #"[{"match": "/api/v1/rovers?", "status": 302, "headers": {"Location": "http://localhost:{port}/api/v1/rovers"}, "times": 1}]"#
    )
    let run = try await CapturedRun.rovers(
      ["list", "--api-key", Self.key], base: server.baseURL,
      environment: ["ROVERS_TRANSPORT": transport.rawValue])
    #expect(run.status == 0)
    let requests = server.requests
    #expect(requests.count == 2)
    #expect(requests[0].key == Self.key)
    #expect(requests[1].target == "/api/v1/rovers")
    #expect(requests[1].key == "-")
  }

  @Test(arguments: TransportUnderTest.inTheBinary)
  func interruptStopsTheRequestAndExits130(_ transport: TransportUnderTest) async throws {
    let server = try await FixtureServer.start(latencyMilliseconds: 60_000)
    let folder = try TemporaryFolder()
    let err = folder.url.appendingPathComponent("stderr").path
    let child = try Subprocess(
      Binaries.rovers.path, ["latest", "--api-key", Self.key],
      environment: Offline.environment([
        "ROVERS_API_BASE": server.baseURL, "NO_PROXY": "*", "ROVERS_TRANSPORT": transport.rawValue,
      ]), stderr: err)
    try await Poll.until("the first request") { !server.requests.isEmpty }
    child.signal(SIGINT)
    #expect(await child.exitStatus() == 130)
    #expect(try String(contentsOfFile: err, encoding: .utf8) == "Error: interrupted\n")
  }

  @Test(arguments: TransportUnderTest.inTheBinary)
  func sigtermIsAnInterruptionToo(_ transport: TransportUnderTest) async throws {
    let server = try await FixtureServer.start(latencyMilliseconds: 60_000)
    let child = try Subprocess(
      Binaries.rovers.path, ["photos", "curiosity", "--sol", "1000"],
      environment: Offline.environment([
        "ROVERS_API_BASE": server.baseURL, "NO_PROXY": "*", "ROVERS_TRANSPORT": transport.rawValue,
      ]))
    try await Poll.until("the first request") { !server.requests.isEmpty }
    child.signal(SIGTERM)
    #expect(await child.exitStatus() == 130)
  }
}
