import CommandRuntime
import Foundation
import RoverAPI
import Synchronization

@testable import rovers

/// Runs a command line in-process, as the `rovers` executable would (stdout not a terminal),
/// and keeps what it wrote: the real command against the real fixture server, without
/// starting a process.
struct CapturedRun {
  var code: ExitCode
  var stdout: String
  var stderr: String

  /// The exit status a shell would see.
  var status: Int32 { code.rawValue }

  static func run(_ line: String, environment: [String: String] = [:]) async -> CapturedRun {
    await run(line.split(separator: " ").map(String.init), environment: environment)
  }

  /// Runs `rovers` against the API at `base`, with nothing from this machine's environment
  /// that could change its answer (keys, proxies, colour, width), as ``ProcessRun/roversProcess``
  /// does for a process.
  static func rovers(_ arguments: [String], base: String, environment: [String: String] = [:])
    async throws -> CapturedRun
  {
    var env = ["ROVERS_API_BASE": base, "NO_PROXY": "*", "no_proxy": "*"]
    env.merge(environment) { $1 }
    return await run(arguments, environment: env)
  }

  static func run(
    _ words: [String], environment: [String: String] = [:],
    transport: (@Sendable () -> any HTTPTransport)? = nil
  ) async -> CapturedRun {
    let out = Mutex("")
    let err = Mutex("")
    // The source and the feeds' host are kept off the internet; the API base stays each test's
    // own (a config file's must be able to show through).
    // NASA's host may add for 30 s after the main work, not 2: a run inside this busy test
    // process may see its timers fire seconds late; tests of the 2 s rule set it back.
    let offline = [
      "ROVERS_SOURCE": "api", "ROVERS_NASA_BASE": Offline.nasaBase, "ROVERS_EXTRAS_GRACE": "30",
    ]
    let environment = offline.merging(environment) { $1 }
    // What a process whose stdout and stderr are files would see.
    var style = TerminalStyle(environment: environment, stdoutIsTerminal: false)
    style.liveProgress = false
    let console = Console(
      style: style,
      out: { text in out.withLock { $0 += text } },
      err: { text in err.withLock { $0 += text } })
    let code =
      if let transport {
        await Rovers.run(words, environment, console, transport: transport)
      } else {
        await Rovers.run(words, environment, console)
      }
    return CapturedRun(code: code, stdout: out.withLock { $0 }, stderr: err.withLock { $0 })
  }
}
