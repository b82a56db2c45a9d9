import RasterImages
import RoverAPI
import Synchronization
import Testing

@testable import MarsBrowser
@testable import TerminalScreen

@Suite(
  "The browser's loop: loads as child tasks, cancelled when left behind", .timeLimit(.minutes(3)))
struct BrowserLoopTests {
  /// A screen that keeps what was drawn, as a terminal would show it.
  final class RecordingScreen: BrowserScreen, Sendable {
    private let terminal: Mutex<VirtualTerminal>
    init(columns: Int, rows: Int) {
      terminal = Mutex(VirtualTerminal(width: columns, height: rows))
    }
    func write(_ text: String) { terminal.withLock { $0.feed(text) } }
    func shows(_ buffer: ScreenBuffer) -> Bool { terminal.withLock { $0.shows(buffer) } }
    func contains(_ text: String) -> Bool {
      terminal.withLock { $0.cells.contains { String($0.map(\.character)).contains(text) } }
    }

    /// Waits until the screen shows `text`, five seconds at most.
    func waitFor(_ text: String) async {
      for _ in 0..<500 where !contains(text) { try? await Task.sleep(for: .milliseconds(10)) }
      #expect(contains(text), "the screen never showed \(text)")
    }
  }

  /// Services whose photo lists take a while, counting how many run at once and how many
  /// were cancelled. Gated, a list arrives only once the test opens the gate: no load can
  /// finish before the keys it races are handled, however the tasks are scheduled.
  final class SlowServices: Sendable {
    let running = Mutex(0)
    let mostRunning = Mutex(0)
    let cancelled = Mutex(0)
    let started = Mutex<[Int]>([])
    private let gated: Bool
    private let opened = Mutex(false)

    init(gated: Bool = false) { self.gated = gated }

    /// Lets every list, waiting or to come, arrive.
    func open() { opened.withLock { $0 = true } }

    /// A load's wait: 200 ms, or until the gate opens; cancelled, it throws at once.
    private func wait() async throws {
      guard gated else { return try await Task.sleep(for: .milliseconds(200)) }
      while !opened.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(5)) }
    }

    /// Waits until some load has started, five seconds at most.
    func waitForALoad() async {
      for _ in 0..<500 where started.withLock({ $0.isEmpty }) {
        try? await Task.sleep(for: .milliseconds(10))
      }
      #expect(!started.withLock { $0.isEmpty }, "no load started")
    }

    var services: BrowserServices {
      BrowserServices(
        rovers: { (BrowserSamples.rovers, []) },
        sols: { _ in BrowserSamples.sols(4000) },
        photos: { key in
          self.started.withLock { $0.append(key.sol) }
          let now = self.running.withLock { running in
            running += 1
            return running
          }
          self.mostRunning.withLock { $0 = max($0, now) }
          defer { self.running.withLock { $0 -= 1 } }
          do {
            try await self.wait()
          } catch {
            self.cancelled.withLock { $0 += 1 }
            throw error
          }
          return BrowserSamples.photos(sol: key.sol)
        },
        preview: { _, _ in BrowserSamples.picture },
        download: { order, progress in
          for done in 0...3 {
            progress(DownloadCount(done: done, total: 3))
            try await Task.sleep(for: .milliseconds(10))
          }
          return DownloadReport(saved: 3, present: 0, failed: 0)
        },
        savedSols: { _ in [12] },
        open: { _ in nil },
        describe: { "\($0)" })
    }
  }

  @Test("keys pressed faster than lists load: at most the wanted loads run, the rest are cancelled")
  func fastKeys() async {
    // No list arrives until every key is handled: each key is pressed once the one before it
    // has moved the cursor, with the loads it started still waiting.
    let slow = SlowServices(gated: true)
    let screen = RecordingScreen(columns: 100, rows: 30)
    let (events, post) = AsyncStream.makeStream(of: BrowserEvent.self)
    var initial = BrowserState(options: BrowserSamples.options, columns: 100, rows: 30)
    initial.rover = "curiosity"
    initial.level = .sols
    let loop = BrowserLoop(services: slow.services, screen: screen)
    async let ended = loop.run(initial, events: events, post: post)
    await screen.waitFor("3999")
    for key in 0..<60 {
      post.yield(.terminal(.key(.down)))
      await screen.waitFor("\(key + 2)/3600")
    }
    // Resting on a sol: its list and its neighbours' arrive.
    slow.open()
    await screen.waitFor("61/3600")
    post.yield(.terminal(.key(.enter)))
    await screen.waitFor("N\(BrowserSamples.sols(4000)[60].sol)_1")
    post.yield(.terminal(.key(.character("q"))))
    let state = await ended
    // The selected sol and its two neighbours, and the few just cancelled that are still
    // unwinding: never a pile of sixty keys' worth (the HTTP window bounds the requests).
    #expect(slow.mostRunning.withLock { $0 } <= 6)
    // Each key asks for one list more at most (the new neighbour): nothing is asked twice.
    #expect(slow.started.withLock { $0.count } <= 60 + 3)
    #expect(slow.cancelled.withLock { $0 } > 0)
    #expect(slow.running.withLock { $0 } == 0)
    #expect(state.level == .photos)
    #expect(state.openPhotos?.count == 6)
    let drawn = screen.shows(BrowserView.render(state))
    #expect(drawn)
    #expect(state.saved["curiosity"] == [12])
  }

  @Test("a download runs beside the browsing and says how it went")
  func download() async {
    let slow = SlowServices()
    let screen = RecordingScreen(columns: 80, rows: 24)
    let (events, post) = AsyncStream.makeStream(of: BrowserEvent.self)
    let loop = BrowserLoop(services: slow.services, screen: screen)
    async let ended = loop.run(
      BrowserState(options: BrowserSamples.options, columns: 80, rows: 24, rover: "curiosity"),
      events: events, post: post)
    await screen.waitFor("3999")
    post.yield(.terminal(.key(.character("d"))))
    post.yield(.terminal(.key(.down)))
    await screen.waitFor("saved 3 in /tmp/mars")
    post.yield(.terminal(.key(.character("q"))))
    let state = await ended
    #expect(state.downloads.isEmpty)
    #expect(state.saved["curiosity"]?.contains(3999) == true)
    #expect(state.cursor(.sols).selected == 1)
    let drawn = screen.shows(BrowserView.render(state))
    #expect(drawn)
  }

  @Test("cancelling the browser (SIGINT, SIGTERM) ends the loop and every load under it")
  func cancelled() async {
    let slow = SlowServices(gated: true)
    let (events, post) = AsyncStream.makeStream(of: BrowserEvent.self)
    let loop = BrowserLoop(services: slow.services, screen: RecordingScreen(columns: 80, rows: 24))
    let task = Task {
      await loop.run(
        BrowserState(options: BrowserSamples.options, columns: 80, rows: 24, rover: "curiosity"),
        events: events, post: post)
    }
    // Cancelled while a list is loading, which only the cancellation can end.
    await slow.waitForALoad()
    task.cancel()
    _ = await task.value
    #expect(slow.running.withLock { $0 } == 0)
    #expect(slow.cancelled.withLock { $0 } > 0)
  }
}
