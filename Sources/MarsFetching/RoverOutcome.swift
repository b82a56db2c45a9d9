/// What fetching one rover's data gave: the value, or the error that rover met.
///
/// Calls that fetch several rovers at once return one outcome per rover, so that one rover
/// failing never hides the others' results.
public struct RoverOutcome<Value: Sendable>: Sendable {
  /// The rover's name as it was asked for.
  public var rover: String
  /// The value, or the failure.
  public var result: Result<Value, any Error>

  /// Creates an outcome.
  public init(rover: String, result: Result<Value, any Error>) {
    self.rover = rover
    self.result = result
  }

  /// The value, if the fetch succeeded.
  public var value: Value? { try? result.get() }

  /// The error, if the fetch failed.
  public var error: (any Error)? {
    if case .failure(let error) = result { return error }
    return nil
  }
}

/// Runs `body` for every rover at once and keeps each rover's outcome, in the order given.
package func fetchEachRover<Value: Sendable>(
  _ rovers: [String], _ body: @escaping @Sendable (String) async throws -> Value
) async throws -> [RoverOutcome<Value>] {
  try Task.checkCancellation()
  let results = await withTaskGroup(of: (Int, Result<Value, any Error>).self) { group in
    for (index, rover) in rovers.enumerated() {
      group.addTask { (index, await Result { try await body(rover) }) }
    }
    var results = [Result<Value, any Error>?](repeating: nil, count: rovers.count)
    for await (index, result) in group { results[index] = result }
    return results
  }
  // A cancelled caller gets a CancellationError, not a list of cancelled rovers.
  try Task.checkCancellation()
  return zip(rovers, results).map { RoverOutcome(rover: $0, result: $1!) }
}
