import FixtureServing
import Foundation
import Synchronization
import TestSupport

/// The package's fixture server, started in this process on a free loopback port for one test:
/// real HTTP on 127.0.0.1, with the fixtures parsed once for every server of the run.
// Unchecked: every property is a `let`, and the service it holds answers from its own threads.
final class FixtureServer: @unchecked Sendable {
  struct LoggedRequest {
    /// Requests in flight when this one arrived, itself included.
    var inFlight: Int
    /// Path and query as sent.
    var target: String
    /// The `X-API-Key` header, or `-`.
    var key: String
    /// The `User-Agent` header, or `-`.
    var agent: String
    /// The `Accept-Encoding` header, or `-`.
    var encodings: String
  }

  let baseURL: String
  /// `http://127.0.0.1:<port>`: the host alone, as `--nasa-base` takes it.
  var host: String { String(baseURL.dropLast("/api/v1".count)) }
  private let service: FixtureService
  /// Where the request log is; `nil` for the shared feeds, which keep none (a folder made for
  /// the whole run would outlive it).
  private let folder: TemporaryFolder?
  private let logFile: URL?
  /// How far the log has been read, and the requests read so far.
  private let parsedLog = Mutex<(offset: UInt64, requests: [LoggedRequest])>((0, []))

  /// NASA's feeds as the fixtures hold them (Perseverance, Curiosity, Ingenuity, InSight), one
  /// server for the whole test run: where a run finds the feeds unless its test says otherwise,
  /// so commands that ask them for the missions only they have (`list`) get an answer.
  static let sharedFeeds: FixtureServer? = try? FixtureServer(
    latencyMilliseconds: 0, faults: nil, shape: "nasa", imageLatencyMilliseconds: nil,
    staticFolder: nil, fixtures: nil, arguments: [], keepsLog: false)

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
    staticFolder: String?, fixtures: URL?, arguments extra: [String], keepsLog: Bool = true
  ) throws {
    let folder = keepsLog || faults != nil ? try TemporaryFolder() : nil
    self.folder = folder
    logFile = keepsLog ? folder?.url.appendingPathComponent("requests.log") : nil
    var arguments = [
      "--fixtures", (fixtures ?? PackagePaths.fixtures).path,
      "--latency", String(latencyMilliseconds), "--shape", shape,
    ]
    if let logFile { arguments += ["--log", logFile.path] }
    if let imageLatencyMilliseconds {
      arguments += ["--serve-images", "--image-latency", String(imageLatencyMilliseconds)]
    }
    if let staticFolder { arguments += ["--static", staticFolder] }
    arguments += extra
    if let faults, let folder {
      let file = folder.url.appendingPathComponent("faults.json")
      try faults.write(to: file, atomically: true, encoding: .utf8)
      arguments += ["--faults", file.path]
    }
    service = try FixtureService(options: ServerOptions.parse(arguments))
    service.start()
    baseURL = "http://127.0.0.1:\(service.port)/api/v1"
  }

  deinit { service.stop() }

  /// How many connections clients have opened to it.
  var connections: Int { service.connections }
  /// The most connections that were open at once.
  var peakConnections: Int { service.peakConnections }

  /// Every request the server has seen, in arrival order: the log's whole lines, each read
  /// and parsed once (tests poll this while a run makes thousands of requests).
  var requests: [LoggedRequest] {
    guard let logFile else { return [] }
    return parsedLog.withLock { log in
      guard let handle = try? FileHandle(forReadingFrom: logFile) else { return log.requests }
      defer { try? handle.close() }
      guard (try? handle.seek(toOffset: log.offset)) != nil,
        let data = try? handle.readToEnd(),
        let end = data.lastIndex(of: UInt8(ascii: "\n"))
      else { return log.requests }
      // A line still being written is read on a later call.
      log.offset += UInt64(end - data.startIndex + 1)
      for line in String(decoding: data[..<end], as: UTF8.self).split(separator: "\n") {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        log.requests.append(
          LoggedRequest(
            inFlight: Int(fields[0]) ?? 0, target: fields.count > 1 ? fields[1] : "",
            key: fields.count > 2 ? fields[2] : "-", agent: fields.count > 3 ? fields[3] : "-",
            encodings: fields.count > 4 ? fields[4] : "-"))
      }
      return log.requests
    }
  }
}
