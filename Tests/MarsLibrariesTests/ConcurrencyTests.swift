import Foundation
import Synchronization
import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

@Suite(.timeLimit(.minutes(3))) struct ConcurrencyTests {
  @Test func slidingWindowStartsTheNextAsSoonAsOneFinishes() async throws {
    // Element 0 waits until every other element has finished: with batches of two it would
    // wait for ever, since element 2 could not start before element 0 ended.
    let finished = Mutex(0)
    let results = try await Array(0..<6).concurrentMap(limit: 2) { index in
      if index == 0 {
        // Bounded: after 60,000 looks the test goes on, and fails, instead of hanging.
        for _ in 0..<60_000 {
          guard finished.withLock({ $0 }) < 5 else { break }
          try await Task.sleep(for: .milliseconds(1))
        }
      } else {
        finished.withLock { $0 += 1 }
      }
      return index * 10
    }
    #expect(results == [0, 10, 20, 30, 40, 50])
  }

  @Test func neverMoreThanTheLimitInFlight() async throws {
    let counts = Mutex((now: 0, peak: 0))
    _ = try await Array(0..<40).concurrentMap(limit: 3) { _ in
      counts.withLock {
        $0.now += 1; $0.peak = max($0.peak, $0.now)
      }
      // The first three hold until all three run, so the window is seen full however late a
      // busy machine starts them; a window smaller than three gives up after ten seconds.
      var polls = 0
      while counts.withLock({ $0.peak }) < 3, polls < 10_000 {
        try await Task.sleep(for: .milliseconds(1))
        polls += 1
      }
      try await Task.sleep(for: .milliseconds(2))
      counts.withLock { $0.now -= 1 }
    }
    #expect(counts.withLock { $0.peak } == 3)
  }

  @Test func cancellingTheCallerStopsEveryRequestInFlight() async throws {
    let api = StubAPI { _ in
      try await Task.sleep(for: .seconds(600))
      return nil
    }
    let archive = MarsArchive(client: api.client, maxConcurrentRequests: 4, pageSize: 25)
    let task = Task {
      try await archive.fetchPhotos(
        rover: "curiosity", on: .sol(1000), cameras: ["FHAZ", "NAVCAM", "MAST", "CHEMCAM", "RHAZ"])
    }
    // Bounded: after 60,000 looks the test goes on, and fails, instead of hanging.
    for _ in 0..<60_000 {
      guard api.counters.withLock({ $0.inFlight }) < 4 else { break }
      try await Task.sleep(for: .milliseconds(1))
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(api.cancelled == 4)
    #expect(api.requests.count == 4, "no page starts after the cancel")
  }

  @Test func cancelledCallerMakesNoRequests() async throws {
    let api = StubAPI()
    let task = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await MarsArchive(client: api.client).fetchLatestPhotos(rovers: [
        "curiosity", "spirit",
      ])
    }
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(api.requests.isEmpty)
  }

  @Test func cancellingLatestSurfacesAsCancellationNotAsFailedRovers() async throws {
    let api = StubAPI { _ in
      try await Task.sleep(for: .seconds(600))
      return nil
    }
    let task = Task {
      try await MarsArchive(client: api.client).fetchLatestPhotos(rovers: ["curiosity", "spirit"])
    }
    // Bounded: after 60,000 looks the test goes on, and fails, instead of hanging.
    for _ in 0..<60_000 {
      guard api.counters.withLock({ $0.inFlight }) < 2 else { break }
      try await Task.sleep(for: .milliseconds(1))
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
    #expect(api.cancelled == 2)
  }
}
