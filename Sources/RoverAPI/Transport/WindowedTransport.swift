import Synchronization

/// A transport that keeps at most `limit` requests in flight, the rest waiting their turn in
/// order: the window a program with many short-lived loads (the browser) keeps to, however
/// many it starts and cancels.
///
/// A request cancelled while it waits leaves the queue at once and is never sent; one
/// cancelled in flight frees its place when the transport under it returns.
public struct WindowedTransport: HTTPTransport {
  private let base: any HTTPTransport
  private let window: Window

  /// Sends through `base`, at most `limit` at a time.
  public init(_ base: any HTTPTransport, limit: Int) {
    self.base = base
    window = Window(limit: max(1, limit))
  }

  /// Waits for a place in the window, then sends.
  public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
    try await window.enter()
    defer { window.leave() }
    try Task.checkCancellation()
    return try await base.send(request)
  }

  /// Lets go of the transport under it.
  public func finish() { base.finish() }
}

/// The places of a window and the requests waiting for one, first come first served.
private final class Window: Sendable {
  private struct State {
    var free: Int
    var waiting: [(id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
    var nextID = 0
  }

  private let state: Mutex<State>

  init(limit: Int) { state = Mutex(State(free: limit)) }

  /// Takes a place, waiting for one; throws `CancellationError` when cancelled first.
  func enter() async throws {
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        let admitted = state.withLock { state -> Bool? in
          // Cancelled before it began to wait: the handler below found nothing to remove.
          // Checked under the lock the handler takes, so no cancellation falls in between.
          if Task.isCancelled { return nil }
          if state.free > 0 {
            state.free -= 1
            return true
          }
          state.waiting.append((id, continuation))
          return false
        }
        switch admitted {
        case true?: continuation.resume()
        case nil: continuation.resume(throwing: CancellationError())
        case false?: break
        }
      }
    } onCancel: {
      let cancelled = state.withLock { state in
        state.waiting.firstIndex { $0.id == id }.map { state.waiting.remove(at: $0).continuation }
      }
      cancelled?.resume(throwing: CancellationError())
    }
  }

  /// Gives a place back, to the first request waiting if any.
  func leave() {
    let next = state.withLock { state -> CheckedContinuation<Void, any Error>? in
      guard !state.waiting.isEmpty else {
        state.free += 1
        return nil
      }
      return state.waiting.removeFirst().continuation
    }
    next?.resume()
  }
}
