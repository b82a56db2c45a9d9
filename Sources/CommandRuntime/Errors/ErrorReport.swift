import ArgumentParsing
import MarsCatalog
import MarsFetching
import MarsMirror
import RoverAPI
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one place that turns any error into the line printed after `Error: ` and the exit code.
package struct ErrorReport {
  package var message: String
  package var code: ExitCode
  /// The command whose usage follows the message, for usage errors only.
  package var usage: CommandSpec?
  package var isRootUsage = false

  package init(message: String, code: ExitCode, usage: CommandSpec? = nil) {
    self.message = message
    self.code = code
    self.usage = usage
  }

  package init(_ error: any Error) {
    switch error {
    case let error as UsageError:
      self.init(message: error.message, code: .usage, usage: error.command)
      isRootUsage = error.command == nil
    case let error as SettingError:
      self.init(message: error.message, code: .usage)
    case let error as ArchiveError:
      self.init(error)
    case let error as ConfigError:
      self.init(message: error.description, code: .configError)
    case let error as NeedsTerminal:
      self.init(message: error.description, code: .usage)
    case let error as ImageFileError:
      self.init(message: error.description, code: .dataError)
    case let error as FileSystemError:
      self.init(message: error.description, code: .cannotCreate)
    case let error as CatalogError:
      self.init(message: error.description, code: Self.code(for: error))
    case let error as SyncLockHeld:
      self.init(message: error.description, code: .temporaryFailure)
    case let error as DeadlineExceeded:
      self.init(message: error.description, code: .temporaryFailure)
    case let error as APIError:
      self.init(message: Self.message(for: error), code: Self.code(for: error))
    case let error as BaseWithoutAPIPath:
      self.init(message: error.message, code: Self.code(for: error.error))
    case let error as FeedsTooSlow:
      self.init(message: "NASA's feeds: \(error)", code: .temporaryFailure)
    case let error as SourcesFailed:
      // One line per source; the API's failure decides the code, so a timeout stays 75.
      let api = ErrorReport(error.api)
      let feeds = ErrorReport(error.feeds)
      self.init(
        message: "\(Self.named("the API", error.apiHost, api.message))\nError: "
          + Self.named("NASA's feeds", error.feedsHost, feeds.message), code: api.code)
    case is CancellationError:
      self.init(message: "interrupted", code: .interrupted)
    default:
      self.init(message: "unexpected failure: \(error)", code: .failure)
    }
  }

  /// A source's failure, naming its host unless the message (a request's address) already
  /// does: `the API: GET https://…: 503`, `NASA's feeds at mars.nasa.gov: …`.
  private static func named(_ source: String, _ host: String, _ message: String) -> String {
    message.contains(host) ? "\(source): \(message)" : "\(source) at \(host): \(message)"
  }

  /// The exit code of a catalogue's failure: no SQLite, no catalogue yet or no such sol in it
  /// is unavailable, a
  /// file that is not one is bad data, another writer is "try again later", and a file or
  /// folder that cannot be written is what cannot be created.
  package static func code(for error: CatalogError) -> ExitCode {
    switch error {
    case .missingLibrary, .absent, .notHeld: .unavailable
    case .damaged, .newerSchema: .dataError
    case .busy: .temporaryFailure
    case .unwritable: .cannotCreate
    case .sqlite: .failure
    }
  }

  /// The exit code of an API failure, as CLI.md's table has it.
  package static func code(for error: APIError) -> ExitCode {
    switch error {
    case .invalidRequest: return .usage
    case .undecodable: return .dataError
    case .transport(_, let failure):
      return failure == .timedOut ? .temporaryFailure : .unavailable
    case .status(_, let response):
      switch response.status {
      case 401, 403: return .noPermission
      case 408, 429: return .temporaryFailure
      case 503 where response.retryAfter != nil: return .temporaryFailure
      case 400, 422: return .usage
      default: return .unavailable
      }
    }
  }

  /// What a source said of a rover, in words: a typo with the names it has, a rover NASA's
  /// feeds do not have (a retired one with the reason), or the server contradicting itself.
  private init(_ error: ArchiveError) {
    switch error {
    case .unknownRover(let rover, let known):
      let hint = Suggestion.hint(for: rover, in: known)
      self.init(
        message: "Unknown rover '\(rover)'.\(hint) Known rovers: \(known.joined(separator: ", ")).",
        code: .usage)
    case .notInFeeds(let rover, _, true):
      let name = rover.prefix(1).uppercased() + rover.dropFirst().lowercased()
      self.init(
        message: "\(name) is in none of NASA's raw-image feeds: NASA removed its images from its"
          + " servers in 2024, so only the API has its photos (use --source api)", code: .usage)
    case .notInFeeds(let rover, let covered, false):
      let hint = Suggestion.hint(for: rover, in: covered)
      self.init(
        message: "Unknown rover '\(rover)' for NASA's raw-image feeds.\(hint) They cover "
          + covered.joined(separator: ", ") + ".", code: .usage)
    case .unknownCamera(let camera, let rover, let known):
      let owner = rover.map { " on \($0)" } ?? ""
      let hint = Suggestion.hint(for: camera, in: known)
      self.init(
        message:
          "Unknown camera '\(camera)'\(owner).\(hint) Cameras: \(known.joined(separator: ", ")).",
        code: .usage)
    case .onlyInFeeds(let rover):
      self.init(
        message: "\(rover) is in NASA's raw-image feeds only, which --source api leaves out"
          + " (use --source auto or --source nasa)", code: .usage)
    case .needsFeeds(let command):
      self.init(
        message: "rovers \(command) reads NASA's raw-image feeds (each frame's pointing, clock"
          + " and tiles), which --source api leaves out (use --source auto or --source nasa)",
        code: .usage)
    case .noTraverse(let rover):
      let name = rover.prefix(1).uppercased() + rover.dropFirst()
      self.init(
        message: "NASA publishes the waypoints of Curiosity's and Perseverance's traverses only;"
          + " \(name) has none", code: .usage)
    case .listedRoverRefused(_, let refusal):
      // A refusal (4xx) of a rover the server itself listed is its data contradicting itself.
      let code = Self.code(for: refusal)
      self.init(message: Self.message(for: refusal), code: code == .usage ? .dataError : code)
    }
  }

  /// The error's own line, plus when to try again if the server said.
  package static func message(for error: APIError) -> String {
    if case .status(_, let response) = error, [401, 403].contains(response.status) {
      return error.description
        + " (the key comes from --api-key, --api-key-file, ROVERS_API_KEY or NASA_API_KEY)"
    }
    guard case .status(_, let response) = error, let wait = response.retryAfter,
      [429, 503].contains(response.status)
    else { return error.description }
    let seconds = Int(wait.rounded(.up))
    guard let time = POSIX.utc(secondsSince1970: Date().timeIntervalSince1970 + wait) else {
      return "\(error.description); the server asks to wait \(seconds) s"
    }
    let after = [time.hour, time.minute, time.second]
      .map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
    return
      "\(error.description); the server asks to wait \(seconds) s: try again after \(after) UTC"
  }

  /// The text for stderr: the message, and for usage errors the usage and where to read more.
  package var text: String {
    var text = "Error: \(message)"
    if let usage {
      text +=
        "\nUsage: \(usage.usage(program: "rovers"))\n  See 'rovers \(usage.name) --help' for more information."
    } else if isRootUsage {
      text += "\nUsage: rovers <subcommand>\n  See 'rovers --help' for more information."
    }
    return text
  }
}
