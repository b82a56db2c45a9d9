extension Array where Element: Sendable {
  /// Transforms every element with at most `limit` transforms running at once, and returns the
  /// results in the elements' order.
  ///
  /// A sliding window, not batches: a new child starts each time one finishes, so one slow
  /// element never holds up the others. The first error cancels the children still running.
  public func concurrentMap<Output: Sendable>(
    limit: Int, _ transform: @escaping @Sendable (Element) async throws -> Output
  ) async throws -> [Output] {
    try Task.checkCancellation()
    return try await withThrowingTaskGroup(of: (Int, Output).self) { group in
      var results = [Output?](repeating: nil, count: count)
      var next = 0
      for _ in 0..<Swift.min(Swift.max(1, limit), count) {
        let index = next
        group.addTask { (index, try await transform(self[index])) }
        next += 1
      }
      while let (index, output) = try await group.next() {
        results[index] = output
        if next < count {
          let index = next
          group.addTask { (index, try await transform(self[index])) }
          next += 1
        }
      }
      return results.map { $0! }
    }
  }
}

extension Array where Element: Sendable {
  /// Transforms every element with at most `limit` transforms running at once, handing each
  /// result to `each` in the elements' order as soon as it and those before it are done: work
  /// overlaps, output stays in order, and at most about `limit` results wait at a time.
  public func orderedMap<Output: Sendable>(
    limit: Int, _ transform: @escaping @Sendable (Element) async -> Output,
    each: (Output) throws -> Void
  ) async throws {
    try await withThrowingTaskGroup(of: (Int, Output).self) { group in
      var waiting: [Int: Output] = [:]
      var next = 0
      var started = 0
      for _ in 0..<Swift.min(Swift.max(1, limit), count) {
        let index = started
        group.addTask { (index, await transform(self[index])) }
        started += 1
      }
      while let (index, output) = try await group.next() {
        waiting[index] = output
        while let ready = waiting.removeValue(forKey: next) {
          try each(ready)
          next += 1
        }
        // A new task only when few wait: a slow early one does not let results pile up.
        while started < count, started - next < Swift.max(1, limit) {
          let index = started
          group.addTask { (index, await transform(self[index])) }
          started += 1
        }
      }
    }
  }
}
