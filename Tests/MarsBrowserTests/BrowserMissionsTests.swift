import RoverAPI
import Synchronization
import Testing

@testable import MarsBrowser
@testable import TerminalScreen

/// The missions only NASA's feeds have, asked apart from the source's rovers: the rovers are
/// drawn at once, the missions join them when they answer, and their failure is a status line.
@Suite("The browser's missions: an extra that never holds up the rovers", .timeLimit(.minutes(3)))
struct BrowserMissionsTests {
  static let sourceRovers = Array(BrowserSamples.rovers.prefix(3))
  static let missions = [
    BrowserSamples.rovers[3],
    RoverRow(
      name: "InSight", status: "complete", maxSol: 1211, maxDate: "2022-04-13", totalPhotos: 10,
      note: "NASA's feeds"),
  ]

  static var options: BrowserState.Options {
    var options = BrowserSamples.options
    options.missions = true
    return options
  }

  @Test("the missions are a load of their own, added after the rovers whichever comes first")
  func missionsJoinTheRovers() {
    var state = BrowserState(options: Self.options, columns: 120, rows: 40)
    #expect(state.wantedLoads == [.rovers, .missions])
    state.receive(.missions, .rovers(Self.missions, failures: []))
    #expect(state.count(at: .rovers) == 0, "no list before the source's rovers")
    #expect(state.wantedLoads == [.rovers])
    state.receive(.rovers, .rovers(Self.sourceRovers, failures: []))
    #expect(
      state.rovers?.value?.map(\.name) == [
        "Curiosity", "Spirit", "Perseverance", "Ingenuity", "InSight",
      ])
    var other = BrowserState(options: Self.options, columns: 120, rows: 40)
    other.receive(.rovers, .rovers(Self.sourceRovers, failures: []))
    #expect(other.count(at: .rovers) == 3)
    other.receive(.missions, .rovers(Self.missions, failures: []))
    #expect(other.rovers?.value?.map(\.name) == state.rovers?.value?.map(\.name))
    // Without missions to ask for, the load is never wanted.
    #expect(
      BrowserState(options: BrowserSamples.options, columns: 80, rows: 24).wantedLoads == [.rovers])
  }

  @Test("missions that fail leave the rovers as they are and say why on the status line")
  func aFailureIsOnTheStatusLine() {
    var state = BrowserState(options: Self.options, columns: 120, rows: 40)
    state.receive(.rovers, .rovers(Self.sourceRovers, failures: []))
    state.receive(.missions, .failed("NASA's feeds: no answer from mars.nasa.gov within 2 s"))
    #expect(state.count(at: .rovers) == 3)
    #expect(state.message?.text == "NASA's feeds: no answer from mars.nasa.gov within 2 s")
    #expect(!state.wantedLoads.contains(.missions), "a failed extra is not asked again and again")
    var partly = BrowserState(options: Self.options, columns: 120, rows: 40)
    partly.receive(.rovers, .rovers(Self.sourceRovers, failures: []))
    partly.receive(
      .missions, .rovers([Self.missions[0]], failures: ["InSight is left out: …"]))
    #expect(partly.count(at: .rovers) == 4)
    #expect(partly.message == BrowserState.Message(text: "InSight is left out: …", isError: true))
  }

  @Test("the browser opened on a mission selects it once it arrives, and not again")
  func openedOnAMission() {
    var state = BrowserState(options: Self.options, columns: 120, rows: 40, rover: "insight")
    state.receive(.rovers, .rovers(Self.sourceRovers, failures: []))
    state.receive(.missions, .rovers(Self.missions, failures: []))
    #expect(state.selectedRover?.name == "InSight")
  }

  @Test("feeds that never answer: the rovers are drawn, and the missions' load is cancelled on q")
  func hangingMissions() async {
    let cancelled = Mutex(false)
    let services = BrowserServices(
      rovers: { (Self.sourceRovers, []) },
      sols: { _ in BrowserSamples.sols(10) },
      photos: { key in BrowserSamples.photos(sol: key.sol) },
      preview: { _, _ in BrowserSamples.picture },
      download: { _, _ in DownloadReport(saved: 0, present: 0, failed: 0) },
      savedSols: { _ in [] }, open: { _ in nil }, describe: { "\($0)" },
      missions: {
        do {
          try await Task.sleep(for: .seconds(600))
        } catch {
          cancelled.withLock { $0 = true }
          throw error
        }
        return (Self.missions, [])
      })
    let screen = BrowserLoopTests.RecordingScreen(columns: 100, rows: 30)
    let (events, post) = AsyncStream.makeStream(of: BrowserEvent.self)
    let initial = BrowserState(options: Self.options, columns: 100, rows: 30)
    async let ended = BrowserLoop(services: services, screen: screen).run(
      initial, events: events, post: post)
    await screen.waitFor("Perseverance")
    #expect(!screen.contains("Ingenuity"))
    post.yield(.terminal(.key(.character("q"))))
    let state = await ended
    #expect(state.count(at: .rovers) == 3)
    #expect(cancelled.withLock { $0 })
  }
}
