/// The process's exit codes, from sysexits.h, as documented in the README and
/// `rovers help exit-codes`.
package enum ExitCode: Int32, Sendable, CaseIterable {
  case success = 0
  case failure = 1
  /// `verify`: the folder is not whole.
  case notWhole = 3
  case usage = 64
  case dataError = 65
  case unavailable = 69
  case cannotCreate = 73
  case temporaryFailure = 75
  case noPermission = 77
  case configError = 78
  case interrupted = 130
  /// Stdout was a pipe whose reader went away: the process ends by SIGPIPE, as `head`
  /// expects of a writer, which a shell reports as 141.
  case closedPipe = 141

  /// What the code means: the one table behind `rovers help exit-codes`, the man page and
  /// the README's list (a test holds the README to it).
  package var meaning: String {
    switch self {
    case .success: "success, including \"no photos on that sol\""
    case .failure: "unexpected failure (a bug: please report it)"
    case .notWhole:
      "verify: the folder is not whole (photos missing, damaged, unknown or lacking)"
    case .usage:
      "usage: bad flag, argument or environment variable, unknown rover or camera"
    case .dataError:
      "the server answered with data that cannot be understood, or an image cannot be decoded"
    case .unavailable: "the service is unavailable: unreachable, 5xx, endpoint gone"
    case .cannotCreate: "an output file or folder cannot be created or written, a full disk too"
    case .temporaryFailure:
      "temporary: rate limited, timed out, another sync holds the folder, or NASA's feeds could"
        + " not be asked about late downlinks; try again later"
    case .noPermission: "the API key is missing, invalid or refused (401/403)"
    case .configError: "the config file cannot be used (the message names the line)"
    case .interrupted: "interrupted by Ctrl-C (SIGINT), SIGTERM or SIGHUP"
    case .closedPipe: "stdout was a pipe whose reader stopped reading (SIGPIPE), as with head"
    }
  }

  /// Of several failures, the one a script should act on: an interruption, then a bug, then
  /// the key, then "try later", then the rest.
  package static func worst(_ codes: [ExitCode]) -> ExitCode {
    let order: [ExitCode] = [
      .interrupted, .closedPipe, .failure, .noPermission, .temporaryFailure, .unavailable,
      .dataError,
      .cannotCreate, .configError, .usage, .notWhole,
    ]
    return order.first(where: codes.contains) ?? .success
  }
}

extension ExitCode {
  /// How NASA's host counts in an exit code: the one statement of the rule, in `help
  /// exit-codes`, the man page and the README.
  package static let nasaHostRule =
    "NASA's host only ever adds: what it adds to an answer the API can give (the missions"
    + " nobody named, places from the traverse maps, sync's late-downlink check) is asked"
    + " once, beside the main work, and waited for at most 2 s after it; a refused connection"
    + " or an unknown host is not asked again, and its failure never fails the command: exit"
    + " 0, or 75 for a sync whose late-downlink check could not be made. Where NASA's host is"
    + " what was asked for (where, --near, --source nasa, Ingenuity and InSight), its failure"
    + " is the command's: 69, or 75 when it timed out."
}
