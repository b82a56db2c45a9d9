import Synchronization

/// Work done one at a time, in the order it arrived, by tasks that wait their turn without
/// holding a thread.
final class TakingTurns: Sendable {
  private struct State {
    var busy = false
    var queue: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  /// Runs `work` once every earlier caller's work is done.
  func next<Value>(_ work: () async throws -> Value) async rethrows -> Value {
    await withCheckedContinuation { continuation in
      let now = state.withLock { state in
        if state.busy {
          state.queue.append(continuation)
          return false
        }
        state.busy = true
        return true
      }
      if now { continuation.resume() }
    }
    defer {
      let following = state.withLock { state in
        if state.queue.isEmpty {
          state.busy = false
          return CheckedContinuation<Void, Never>?.none
        }
        return state.queue.removeFirst()
      }
      following?.resume()
    }
    return try await work()
  }
}
