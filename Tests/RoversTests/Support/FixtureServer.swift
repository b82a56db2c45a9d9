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

  let baseURL: String
  private let child: Subprocess
  private let folder: TemporaryFolder
  private let logFile: URL

  /// Starts the server; `faults` is the JSON text of a fault file.
  init(
    latencyMilliseconds: Int = 0, faults: String? = nil, shape: String = "original",
    imageLatencyMilliseconds: Int? = nil
  ) throws {
    folder = try TemporaryFolder()
    let portFile = folder.url.appendingPathComponent("port")
    logFile = folder.url.appendingPathComponent("requests.log")
    var arguments = [
      "--fixtures", Binaries.fixtures.path, "--port-file", portFile.path, "--log", logFile.path,
      "--latency", String(latencyMilliseconds), "--shape", shape,
    ]
    if let imageLatencyMilliseconds {
      arguments += ["--serve-images", "--image-latency", String(imageLatencyMilliseconds)]
    }
    if let faults {
      let file = folder.url.appendingPathComponent("faults.json")
      try faults.write(to: file, atomically: true, encoding: .utf8)
      arguments += ["--faults", file.path]
    }
    child = try Subprocess(Binaries.fixtureServer.path, arguments, environment: [:])
    // The server renames the port file into place once it listens, so it is never half written.
    var port: String?
    for _ in 0..<2000 where port == nil {
      port = try? String(contentsOf: portFile, encoding: .utf8)
      if port == nil { usleep(5000) }
    }
    guard let port else {
      child.stop()
      throw CocoaError(.fileNoSuchFile)
    }
    baseURL = "http://127.0.0.1:\(port)/api/v1"
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
