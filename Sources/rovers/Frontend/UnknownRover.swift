import MarsData
import RoverAPI

/// A rover name the server does not know, with the names it does know.
struct UnknownRover: Error, CustomStringConvertible {
  var name: String
  var known: [String]

  var description: String {
    let hint = Suggestion.hint(for: name, in: known)
    return "Unknown rover '\(name)'.\(hint) Known rovers: \(known.joined(separator: ", "))."
  }
}

extension PhotoArchive {
  /// Runs `body`, turning the server's "no such rover" into ``UnknownRover`` with the rovers
  /// the server lists (`GET rovers` is the truth; the built-in names only stand in when the
  /// server cannot list them).
  func checkingRover<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error where isUnknownRover(error) && !(error is RoverNotInFeeds) {
      throw await unknownRover(name)
    }
  }

  /// The error for a rover the server does not know.
  func unknownRover(_ name: String) async -> UnknownRover {
    UnknownRover(name: name, known: await knownRoverNames())
  }

  /// Outcomes with each "no such rover" from the server explained; the rovers list is asked
  /// for once, however many rovers were mistyped.
  ///
  /// Only rovers the user named can be mistyped: when the names came from the server's own
  /// list (`asked` false), a rover it then refuses is the server contradicting itself, and is
  /// reported as a failure of that rover, never as a usage error.
  func explainingUnknownRovers<Value>(_ outcomes: [RoverOutcome<Value>], asked: Bool = true)
    async -> [RoverOutcome<Value>]
  {
    var known: [String]?
    var explained = outcomes
    for index in explained.indices {
      guard let error = explained[index].error, !(error is RoverNotInFeeds) else { continue }
      if !asked, let error = error as? APIError {
        explained[index].result = .failure(
          ListedRoverRefused(rover: explained[index].rover, error: error))
        continue
      }
      guard isUnknownRover(error) else { continue }
      if known == nil { known = await knownRoverNames() }
      explained[index].result = .failure(
        UnknownRover(name: explained[index].rover, known: known ?? []))
    }
    return explained
  }

  /// The server's rover names, or the four the API has always had when it cannot list them.
  private func knownRoverNames() async -> [String] {
    let names = (try? await fetchAllRovers())?.map { $0.name.lowercased() }
    return names ?? KnownRovers.names.map { $0.lowercased() }
  }
}

/// A rover the server's own list names, whose request the server then refused or failed.
struct ListedRoverRefused: Error, CustomStringConvertible {
  var rover: String
  var error: APIError

  var description: String { error.description }

  /// The exit code: a refusal (4xx) of a rover the server itself listed is the server's data
  /// contradicting itself, not a mistake on the command line.
  var code: ExitCode {
    let code = ErrorReport.code(for: error)
    return code == .usage ? .dataError : code
  }
}
