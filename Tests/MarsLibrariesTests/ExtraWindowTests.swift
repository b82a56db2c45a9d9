import Foundation
import Testing

@testable import MarsFetching
@testable import MarsMirror

/// The clock of NASA's host as an extra: an extra goes on while the main work does, and is cut
/// off the window's grace after it, never sooner and never much later.
@Suite(.timeLimit(.minutes(3))) struct ExtraWindowTests {
  /// Seconds since `start`.
  static func seconds(since start: ContinuousClock.Instant) -> Double {
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
  }

  @Test func anExtraThatNeverAnswersIsCutOffTheGraceAfterTheMainWork() async throws {
    let window = ExtraWindow(grace: 0.3, host: "nasa.test")
    let start = ContinuousClock.now
    async let extra: Result<Int, any Error> = {
      do {
        return .success(
          try await window.run {
            try await Task.sleep(for: .seconds(600))
            return 1
          })
      } catch { return .failure(error) }
    }()
    let main = try await window.main {
      try await Task.sleep(for: .milliseconds(700))
      return "main"
    }
    let outcome = await extra
    let elapsed = Self.seconds(since: start)
    #expect(main == "main")
    guard case .failure(let error) = outcome else {
      Issue.record("the extra was not cut off")
      return
    }
    #expect(error as? FeedsTooSlow == FeedsTooSlow(host: "nasa.test", seconds: 0.3))
    // Not before the main work's end and the grace; far from the extra's ten minutes (the
    // bound is loose: a test process whose other suites keep every core busy wakes late).
    #expect(elapsed >= 1.0)
    #expect(elapsed < 120)
  }

  @Test func anExtraMayTakeAsLongAsTheMainWorkDoes() async throws {
    // An extra of 0.8 s beside main work that lasts until it has answered, with a grace of
    // 0.1 s: a budget counted from the start, rather than from the main work's end, would cut
    // it off.
    let window = ExtraWindow(grace: 0.1)
    let (answered, answer) = AsyncStream<Void>.makeStream()
    async let extra = window.run {
      try await Task.sleep(for: .milliseconds(800))
      answer.yield()
      return 42
    }
    try await window.main {
      for await _ in answered { break }
      try await Task.sleep(for: .milliseconds(200))
    }
    #expect(try await extra == 42)
  }

  @Test func mainWorkThatThrowsStillStartsTheGrace() async throws {
    let window = ExtraWindow(grace: 0.2)
    struct Failed: Error {}
    async let extra: Bool = {
      do {
        _ = try await window.run { try await Task.sleep(for: .seconds(600)) }
        return false
      } catch { return error is FeedsTooSlow }
    }()
    await #expect(throws: Failed.self) { try await window.main { throw Failed() } }
    #expect(await extra)
  }

  @Test func aWindowWithNoMainWorkGivesTheGraceFromNow() async throws {
    let window = ExtraWindow.alone(grace: 0.2)
    let start = ContinuousClock.now
    await #expect(throws: FeedsTooSlow.self) {
      try await window.run { try await Task.sleep(for: .seconds(600)) }
    }
    #expect(Self.seconds(since: start) < 120)
  }

  @Test func cancellingTheRunCancelsItsExtras() async throws {
    let window = ExtraWindow(grace: 600)
    let task = Task {
      try await window.run { try await Task.sleep(for: .seconds(600)) }
    }
    try await Task.sleep(for: .milliseconds(100))
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }
}
