import Synchronization

/// The clock of a run's extras: requests whose answers only add to what the main work gives
/// (``NASAExtras``). An extra starts beside the main work, may go on while it does, and is cut
/// off ``grace`` seconds after it has ended: a run that downloads for ten minutes gives its
/// extras ten minutes, a run with nothing to do gives them the grace alone.
///
/// The main work says when it has ended (``main(_:)``, or ``endMainWork()`` for work that is
/// not one call); every extra then races one deadline, the same for all of them.
public final class ExtraWindow: Sendable {
  /// How long an extra may go on after the main work has ended, in seconds.
  public let grace: Double
  /// The host the extras ask, as the error of one cut off names it.
  public let host: String
  private let state = Mutex(State())

  private struct State {
    /// When the main work ended; `nil` while it goes on.
    var ended: ContinuousClock.Instant?
    /// Extras waiting to hear that it has, each by its number.
    var waiters: [Int: CheckedContinuation<ContinuousClock.Instant?, Never>] = [:]
    var nextWaiter = 0
  }

  /// A window whose extras, asked of `host`, get `grace` seconds after the main work.
  public init(grace: Double = 2, host: String = "NASA's host") {
    self.grace = grace
    self.host = host
  }

  /// A window for extras with no main work beside them: they get the grace from now.
  public static func alone(grace: Double = 2, host: String = "NASA's host") -> ExtraWindow {
    let window = ExtraWindow(grace: grace, host: host)
    window.endMainWork()
    return window
  }

  /// Runs the main work and ends it, whether it returns or throws.
  public func main<T>(_ body: () async throws -> T) async rethrows -> T {
    defer { endMainWork() }
    return try await body()
  }

  /// The main work has ended: the extras have ``grace`` seconds from now. Only the first call
  /// counts.
  public func endMainWork() {
    let (instant, waiting) = state.withLock { state in
      if state.ended == nil { state.ended = .now }
      let waiting = Array(state.waiters.values)
      state.waiters = [:]
      return (state.ended, waiting)
    }
    for waiter in waiting { waiter.resume(returning: instant) }
  }

  /// Whether the main work has ended.
  public var mainWorkEnded: Bool { state.withLock { $0.ended != nil } }

  /// Runs an extra: its value, or ``FeedsTooSlow`` once the window has closed first (the
  /// extra is then cancelled).
  public func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) async throws
    -> T
  {
    try await withThrowingTaskGroup(of: T.self) { group in
      group.addTask { try await body() }
      group.addTask {
        guard let ended = await self.mainEnded() else { throw CancellationError() }
        try await Task.sleep(until: ended + .milliseconds(Int64(self.grace * 1000)))
        throw FeedsTooSlow(host: self.host, seconds: self.grace)
      }
      defer { group.cancelAll() }
      guard let first = try await group.next() else { throw CancellationError() }
      return first
    }
  }

  /// Waits until the main work has ended and returns when it did; `nil` when the waiting task
  /// is cancelled first.
  private func mainEnded() async -> ContinuousClock.Instant? {
    let number = state.withLock { state in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { waiter in
        let now: ContinuousClock.Instant?? = state.withLock { state in
          if let ended = state.ended { return .some(ended) }
          if Task.isCancelled { return .some(nil) }
          state.waiters[number] = waiter
          return nil
        }
        if let now { waiter.resume(returning: now) }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: number) }
      waiter?.resume(returning: nil)
    }
  }
}
