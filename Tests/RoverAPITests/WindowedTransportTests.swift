import Foundation
import RoverAPI
import Synchronization
import Testing

@Suite("A window of requests in flight", .timeLimit(.minutes(3)))
struct WindowedTransportTests {
  /// Counts the sends under the window: how many at once, and which arrived.
  final class Counting: Sendable {
    let now = Mutex(0)
    let most = Mutex(0)
    let arrived = Mutex<[String]>([])
    /// Whether a send named `held` may end: until then it keeps its place in the window.
    let released = Mutex(false)

    var transport: ClosureTransport {
      ClosureTransport { request in
        self.arrived.withLock { $0.append(request.url.lastPathComponent) }
        while request.url.lastPathComponent == "held", !self.released.withLock({ $0 }) {
          try await Task.sleep(for: .milliseconds(5))
        }
        let count = self.now.withLock { now in
          now += 1
          return now
        }
        self.most.withLock { $0 = max($0, count) }
        defer { self.now.withLock { $0 -= 1 } }
        try await Task.sleep(for: .milliseconds(20))
        return HTTPResponse(status: 200)
      }
    }
  }

  private func request(_ name: String) -> HTTPRequest {
    HTTPRequest(url: URL(string: "http://127.0.0.1:9/\(name)")!)
  }

  @Test("thirty sends at once: four in flight at most, every one answered")
  func bounded() async throws {
    let counting = Counting()
    let window = WindowedTransport(counting.transport, limit: 4)
    let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
      for index in 0..<30 {
        group.addTask { try await window.send(self.request("\(index)")).status }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    #expect(statuses.count == 30)
    #expect(statuses.allSatisfy { $0 == 200 })
    #expect(counting.most.withLock { $0 } == 4)
  }

  @Test("a send cancelled while it waits leaves the queue and is never sent")
  func cancelledWhileWaiting() async throws {
    let counting = Counting()
    let window = WindowedTransport(counting.transport, limit: 1)
    // The one place is held until the cancelled send has given up waiting for it.
    async let first = window.send(request("held"))
    while counting.arrived.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(1)) }
    let waiting = Task { try await window.send(self.request("cancelled")) }
    try await Task.sleep(for: .milliseconds(20))
    waiting.cancel()
    await #expect(throws: CancellationError.self) { try await waiting.value }
    counting.released.withLock { $0 = true }
    _ = try await first
    // The place is free again: a later send goes through.
    #expect(try await window.send(request("after")).status == 200)
    #expect(counting.arrived.withLock { $0 } == ["held", "after"])
  }

  @Test("a send cancelled before it reaches a full window does not wait for a place")
  func cancelledBeforeWaiting() async throws {
    let counting = Counting()
    let window = WindowedTransport(counting.transport, limit: 1)
    async let first = window.send(request("held"))
    while counting.arrived.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(1)) }
    let late = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      return try await window.send(self.request("cancelled"))
    }
    // Answered while the place is still held: it never queued behind "held".
    await #expect(throws: CancellationError.self) { try await late.value }
    counting.released.withLock { $0 = true }
    _ = try await first
    #expect(counting.arrived.withLock { $0 } == ["held"])
  }
}
