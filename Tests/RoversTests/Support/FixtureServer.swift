import FixtureServing
import Foundation

/// The package's fixture server, started in this process on a free loopback port for one test:
/// real HTTP on 127.0.0.1, with the fixtures parsed once for every server of the run.
final class FixtureServer {
  struct LoggedRequest {
    /// Requests in flight when this one arrived, itself included.
    var inFlight: Int
    /// Path and query as sent.
    var target: String
    /// The `X-API-Key` header, or `-`.
    var key: String
  }

  let baseURL: String
  /// `http://127.0.0.1:<port>`: the host alone, as `--nasa-base` takes it.
  var host: String { String(baseURL.dropLast("/api/v1".count)) }
  private let service: FixtureService
  private let folder: TemporaryFolder
  private let logFile: URL

  /// Starts the server, listening before it returns; `faults` is the JSON text of a fault file.
  static func start(
    latencyMilliseconds: Int = 0, faults: String? = nil, shape: String = "original",
    imageLatencyMilliseconds: Int? = nil, staticFolder: String? = nil,
    fixtures: URL? = nil, arguments: [String] = []
  ) async throws -> FixtureServer {
    try FixtureServer(
      latencyMilliseconds: latencyMilliseconds, faults: faults, shape: shape,
      imageLatencyMilliseconds: imageLatencyMilliseconds, staticFolder: staticFolder,
      fixtures: fixtures, arguments: arguments)
  }

  private init(
    latencyMilliseconds: Int, faults: String?, shape: String, imageLatencyMilliseconds: Int?,
    staticFolder: String?, fixtures: URL?, arguments extra: [String]
  ) throws {
    folder = try TemporaryFolder()
    logFile = folder.url.appendingPathComponent("requests.log")
    var arguments = [
      "--fixtures", (fixtures ?? Binaries.fixtures).path, "--log", logFile.path,
      "--latency", String(latencyMilliseconds), "--shape", shape,
    ]
    if let imageLatencyMilliseconds {
      arguments += ["--serve-images", "--image-latency", String(imageLatencyMilliseconds)]
    }
    if let staticFolder { arguments += ["--static", staticFolder] }
    arguments += extra
    if let faults {
      let file = folder.url.appendingPathComponent("faults.json")
      try faults.write(to: file, atomically: true, encoding: .utf8)
      arguments += ["--faults", file.path]
    }
    service = try FixtureService(options: ServerOptions.parse(arguments))
    service.start()
    baseURL = "http://127.0.0.1:\(service.port)/api/v1"
  }

  deinit { service.stop() }

  /// Every request the server has seen, in arrival order.
  var requests: [LoggedRequest] {
    let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return LoggedRequest(inFlight: Int(fields[0]) ?? 0, target: fields[1], key: fields[2])
    }
  }
}
