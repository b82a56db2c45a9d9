import ArgumentParsing
import MarsFetching
import MarsMirror
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `sync --on-new 'COMMAND'` (also `ROVERS_ON_NEW` and `on-new` in the config file): a command
/// run once through `/bin/sh -c` after a sync that saved photos, given the new files' paths
/// on its standard input, one a line, and `ROVERS_NEW_COUNT`, `ROVERS_NEW_SOLS` (each sol as
/// its folder below the sync's, `perseverance/1042`) and `ROVERS_FOLDER` in its environment,
/// never the API key. It cannot change the sync's exit code: a failure, or a run past its
/// limit (which ends it and its children), is a warning.
package struct NewPhotosHook: Sendable {
  package static let option = Option.text(
    "on-new", value: "command",
    help: "Run COMMAND (through /bin/sh) after a sync that saved photos; their paths on stdin.",
    variable: "ROVERS_ON_NEW", inConfig: true)
  package static let timeout = Option.integer(
    "on-new-timeout", value: "seconds",
    help: "End the --on-new command, and its children, past this many seconds.",
    in: 1...86_400, reason: "give a number of seconds, 1 to 86400",
    variable: "ROVERS_ON_NEW_TIMEOUT", inConfig: true
  ).setting(default: 300)

  package let command: String
  package let seconds: Int

  /// The hook the settings ask for, or `nil`.
  package init?(_ settings: Settings) throws {
    let seconds = try settings[Self.timeout]
    guard let command = try settings[Self.option], !command.isEmpty else { return nil }
    self.command = command
    self.seconds = seconds
  }

  /// Runs the command for the files the run saved, if it saved any; what goes wrong is a
  /// warning (unless `quiet`).
  package func run(
    _ results: [DownloadResult], folder: URL, environment: [String: String], secret: String?,
    console: Console, quiet: Bool
  ) async {
    let saved = results.filter {
      if case .downloaded = $0.status { return true }
      return false
    }
    guard !saved.isEmpty else { return }
    var sols: [String] = []
    for result in saved {
      let parts = result.download.relativePath.split(separator: "/")
      let sol = parts.prefix(2).joined(separator: "/")
      if parts.count > 2, !sols.contains(sol) { sols.append(sol) }
    }
    var variables = ChildEnvironment.keyless(environment, secret: secret)
    variables["ROVERS_NEW_COUNT"] = String(saved.count)
    variables["ROVERS_NEW_SOLS"] = sols.joined(separator: " ")
    variables["ROVERS_FOLDER"] = folder.path
    let paths = saved.map { $0.download.destinationPath + "\n" }.joined()
    let command = self.command
    let environment = variables
    let seconds = Double(self.seconds)
    // The wait blocks a thread for as long as the command runs: a thread of its own, not one
    // of the pool's or of a dispatch queue's, which a busy process may have in use for long.
    let end = await withCheckedContinuation { continuation in
      let run: @Sendable () -> Void = {
        continuation.resume(
          returning: Self.execute(command, environment, input: paths, seconds: seconds))
      }
      if !POSIX.startThread(named: "rovers on-new", run) { run() }
    }
    guard !quiet, let problem = Self.problem(end, seconds: self.seconds) else { return }
    console.diagnostic("warning: the --on-new command \(problem); the photos are saved")
  }

  /// Starts the command, feeds it the paths and waits for it.
  private static func execute(
    _ command: String, _ environment: [String: String], input: String, seconds: Double
  ) -> Result<POSIX.ChildEnd, POSIX.SpawnError> {
    POSIX.spawnShell(command, environment: environment).map { child in
      // Fed from another thread: a command that never reads its input must not stop the wait.
      let bytes = Array(input.utf8)
      let feed: @Sendable () -> Void = { POSIX.feed(child, bytes) }
      if !POSIX.startThread(named: "rovers on-new in", feed) { feed() }
      return POSIX.wait(for: child, seconds: seconds)
    }
  }

  /// What to warn of, or `nil` when the command succeeded.
  package static func problem(_ end: Result<POSIX.ChildEnd, POSIX.SpawnError>, seconds: Int)
    -> String?
  {
    switch end {
    case .failure(let error):
      return "could not be started (error \(error.number))"
    case .success(.exited(0)):
      return nil
    case .success(.exited(let status)):
      return "failed with exit status \(status)"
    case .success(.signalled(let signal)):
      return "was ended by signal \(signal)"
    case .success(.timedOut):
      return "ran past its limit of \(seconds) s (--on-new-timeout) and was ended, with its"
        + " children"
    }
  }
}
