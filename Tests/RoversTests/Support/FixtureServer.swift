import Foundation

/// The package's fixture server, started on a free loopback port for one test.
final class FixtureServer {
  struct LoggedRequest {
    /// Requests in flight when this one arrived, itself included.
    var inFlight: Int
    /// Path and query as sent.
    var target: String
    /// The `X-API-Key` header, or `-`.
    var key: String
  }

  private(set) var baseURL = ""
  /// `http://127.0.0.1:<port>`: the host alone, as `--nasa-base` takes it.
  var host: String { String(baseURL.dropLast("/api/v1".count)) }
  private let portFile: URL
  private let child: Subprocess
  private let folder: TemporaryFolder
  private let logFile: URL

  /// Starts the server and waits, without blocking a thread, until it listens; `faults` is
  /// the JSON text of a fault file.
  static func start(
    latencyMilliseconds: Int = 0, faults: String? = nil, shape: String = "original",
    imageLatencyMilliseconds: Int? = nil, staticFolder: String? = nil,
    fixtures: URL? = nil, arguments: [String] = []
  ) async throws -> FixtureServer {
    let server = try FixtureServer(
      latencyMilliseconds: latencyMilliseconds, faults: faults, shape: shape,
      imageLatencyMilliseconds: imageLatencyMilliseconds, staticFolder: staticFolder,
      fixtures: fixtures, arguments: arguments)
    // The server renames the port file into place once it listens, so it is never half written.
    for _ in 0..<2000 {
      if let port = try? String(contentsOf: server.portFile, encoding: .utf8) {
        server.baseURL = "http://127.0.0.1:\(port)/api/v1"
        return server
      }
      try await Task.sleep(for: .milliseconds(5))
    }
    throw CocoaError(.fileNoSuchFile)
  }

  private init(
    latencyMilliseconds: Int, faults: String?, shape: String, imageLatencyMilliseconds: Int?,
    staticFolder: String?, fixtures: URL?, arguments extra: [String]
  ) throws {
    folder = try TemporaryFolder()
    portFile = folder.url.appendingPathComponent("port")
    logFile = folder.url.appendingPathComponent("requests.log")
    var arguments = [
      "--fixtures", (fixtures ?? Binaries.fixtures).path, "--port-file", portFile.path, "--log",
      logFile.path,
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
    child = try Subprocess(Binaries.fixtureServer.path, arguments, environment: [:])
  }

  deinit { child.stop() }

  /// Every request the server has seen, in arrival order.
  var requests: [LoggedRequest] {
    let text = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      return LoggedRequest(inFlight: Int(fields[0]) ?? 0, target: fields[1], key: fields[2])
    }
  }
}
