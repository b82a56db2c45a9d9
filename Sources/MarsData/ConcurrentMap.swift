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
