import Synchronization

/// Cancels one child task of a task group, which a group cannot do by itself: the child runs
/// its work against the token, and ends as cancelled when the token is.
final class LoadToken: Sendable {
  private struct State {
    var cancelled = false
    var waiter: CheckedContinuation<Void, Never>?
  }

  private let state = Mutex(State())

  /// Cancels the work run against the token.
  func cancel() {
    let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
      state.cancelled = true
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume()
  }

  /// Returns once the token is cancelled, or the calling task is.
  private func cancelled() async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state -> Bool in
          if state.cancelled { return true }
          state.waiter = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      cancel()
    }
  }

  /// The work's value, or `nil` when the token was cancelled first: the work is then
  /// cancelled too, and waited for, so nothing outlives the call.
  func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) async -> Value? {
    await withTaskGroup(of: Value?.self) { group in
      group.addTask { await work() }
      group.addTask {
        await self.cancelled()
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }
}
