import RoverAPI

/// What arrives while fetching every listed rover: the list, or one rover's result.
private enum Arrival<Value: Sendable>: Sendable {
  case list(Result<[Rover], any Error>)
  case rover(String, Result<Value, any Error>)
}

extension MarsArchive {
  /// Runs `body` for every rover the server lists, keeping each rover's outcome, in the list's
  /// order.
  ///
  /// The list is the truth, but waiting for it before starting would cost a round trip: the
  /// rovers in ``expectedRovers`` start at the same time as `GET rovers`. When the list arrives,
  /// rovers it names that were not expected start then; expected rovers it does not name are
  /// dropped and cancelled. With no expected rovers this is the plain two-step fetch.
  func fetchEachListedRover<Value: Sendable>(
    _ body: @escaping @Sendable (String) async throws -> Value
  ) async throws -> [RoverOutcome<Value>] {
    try Task.checkCancellation()
    let run = { @Sendable (name: String) async -> Arrival<Value> in
      do {
        return .rover(name, .success(try await body(name)))
      } catch {
        return .rover(name, .failure(error))
      }
    }
    return try await withThrowingTaskGroup(of: Arrival<Value>.self) { group in
      group.addTask {
        do {
          return .list(.success(try await fetchAllRovers()))
        } catch {
          return .list(.failure(error))
        }
      }
      var started = Set<String>()
      for name in expectedRovers where started.insert(name.lowercased()).inserted {
        group.addTask { await run(name) }
      }
      var listed: [Rover]?
      var results: [String: Result<Value, any Error>] = [:]
      collecting: while let arrival = try await group.next() {
        switch arrival {
        case .list(let result):
          let rovers = try result.get()
          listed = rovers
          for rover in rovers where started.insert(rover.name.lowercased()).inserted {
            group.addTask { await run(rover.name) }
          }
        case .rover(let name, let result):
          results[name.lowercased()] = result
        }
        if let listed, listed.allSatisfy({ results[$0.name.lowercased()] != nil }) {
          group.cancelAll()
          break collecting
        }
      }
      try Task.checkCancellation()
      return (listed ?? []).map { rover in
        RoverOutcome(
          rover: rover.name,
          result: results[rover.name.lowercased()] ?? .failure(CancellationError()))
      }
    }
  }
}
