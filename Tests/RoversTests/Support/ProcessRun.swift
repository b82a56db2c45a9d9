import Foundation
import TestSupport

/// A finished child process: its exit status and everything it wrote.
struct ProcessRun {
  var status: Int32
  var stdout: String
  var stderr: String
  /// Seconds from its spawn to its end, as the thread that reaped it saw them.
  var seconds = 0.0

  /// Runs `executable` to its end; output goes through files so a large one cannot block it.
  static func run(_ executable: URL, _ arguments: [String], environment: [String: String])
    async throws -> ProcessRun
  {
    let folder = try TemporaryFolder()
    let out = folder.url.appendingPathComponent("stdout")
    let err = folder.url.appendingPathComponent("stderr")
    let child = try Subprocess(
      executable.path, arguments, environment: environment, stdout: out.path, stderr: err.path)
    let ending = await child.ending()
    return ProcessRun(
      status: ending.status,
      stdout: try String(contentsOf: out, encoding: .utf8),
      stderr: try String(contentsOf: err, encoding: .utf8), seconds: ending.seconds)
  }

  /// Runs the built `rovers` against `base`, with nothing from this machine's environment that
  /// could change its answer (keys, proxies, colour, width).
  ///
  /// The source is the API alone and NASA's feeds sit on a closed loopback port unless a test
  /// says otherwise: no test may reach the internet, and `--source auto` would try the real
  /// feeds when a fixture server fails on purpose.
  static func roversProcess(
    _ arguments: [String], base: String, environment: [String: String] = [:]
  )
    async throws -> ProcessRun
  {
    var env = [
      "PATH": "/usr/bin:/bin", "ROVERS_API_BASE": base, "NO_PROXY": "*", "no_proxy": "*",
      "ROVERS_SOURCE": "api", "ROVERS_NASA_BASE": Offline.nasaBase,
    ]
    env.merge(environment) { $1 }
    return try await run(Binaries.rovers, arguments, environment: env)
  }
}
