import Foundation
import RoverAPI
import Synchronization

@testable import rovers

/// Runs a command line in-process and keeps what it wrote.
struct CapturedRun {
  var code: ExitCode
  var stdout: String
  var stderr: String

  static func run(_ line: String, environment: [String: String] = [:]) async -> CapturedRun {
    await run(line.split(separator: " ").map(String.init), environment: environment)
  }

  static func run(
    _ words: [String], environment: [String: String] = [:],
    transport: (@Sendable () -> any HTTPTransport)? = nil
  ) async -> CapturedRun {
    let out = Mutex("")
    let err = Mutex("")
    let console = Console(
      style: TerminalStyle(width: nil, color: false),
      out: { text in out.withLock { $0 += text } },
      err: { text in err.withLock { $0 += text } })
    // The source and the feeds' host are kept off the internet; the API base stays each test's
    // own (a config file's must be able to show through).
    let offline = ["ROVERS_SOURCE": "api", "ROVERS_NASA_BASE": Offline.nasaBase]
    let environment = offline.merging(environment) { $1 }
    let code =
      if let transport {
        await Rovers.run(words, environment, console, transport: transport)
      } else {
        await Rovers.run(words, environment, console)
      }
    return CapturedRun(code: code, stdout: out.withLock { $0 }, stderr: err.withLock { $0 })
  }
}
