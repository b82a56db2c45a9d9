import RoverAPI

extension PhotoArchive {
  /// Runs `body`, turning the server's "no such rover" into ``ArchiveError/unknownRover(_:known:)``
  /// with the rovers the server lists (`GET rovers` is the truth; ``expectedRovers`` only
  /// stand in when the server cannot list them).
  public func checkingRover<T>(_ name: String, _ body: () async throws -> T) async throws -> T {
    do {
      return try await body()
    } catch let error where isUnknownRover(error) && !(error is ArchiveError) {
      throw ArchiveError.unknownRover(name, known: await knownRoverNames())
    }
  }

  /// Outcomes with each "no such rover" from the server explained; the rovers list is asked
  /// for once, however many rovers were mistyped.
  ///
  /// Only rovers the user named can be mistyped: when the names came from the server's own
  /// list (`asked` false), a rover it then refuses is the server contradicting itself
  /// (``ArchiveError/listedRoverRefused(_:_:)``), never a usage error.
  public func explainingUnknownRovers<Value>(_ outcomes: [RoverOutcome<Value>], asked: Bool = true)
    async -> [RoverOutcome<Value>]
  {
    var known: [String]?
    var explained = outcomes
    for index in explained.indices {
      guard let error = explained[index].error, !(error is ArchiveError) else { continue }
      let rover = explained[index].rover
      if !asked, let error = error as? APIError {
        explained[index].result = .failure(ArchiveError.listedRoverRefused(rover, error))
        continue
      }
      guard isUnknownRover(error) else { continue }
      if known == nil { known = await knownRoverNames() }
      explained[index].result = .failure(ArchiveError.unknownRover(rover, known: known ?? []))
    }
    return explained
  }

  /// The server's rover names, or the rovers it is expected to have when it cannot list them,
  /// and the missions only NASA's feeds have, which every source answers for
  /// (``MissionsArchive``).
  private func knownRoverNames() async -> [String] {
    let names = (try? await fetchAllRovers())?.map(\.name) ?? expectedRovers
    return (names + FeedRover.feedsOnly.map(\.name)).map { $0.lowercased() }.uniqued()
  }
}
