import RasterImages
import RoverAPI
import Synchronization
import Testing

@testable import MarsBrowser
@testable import TerminalScreen

/// `m` in the browser: the preview plays the movie the selected photo is a frame of.
@Suite("The browser's movies: m plays the sequence in the preview", .timeLimit(.minutes(3)))
struct BrowserMovieTests {
  /// Sol 888's movie (three frames of NCAM00518 at one pointing and size) and a pan frame.
  static let photos: [Photo] = [
    ("NLG_0888_0745756339_925ECM_N0440000NCAM00518_00_2I3J01", 745_756_341.3, -55.31),
    ("NLG_0888_0745756315_365ECM_N0440000NCAM00518_00_2I3J01", 745_756_316.7, -55.31),
    ("NLG_0888_0745756365_024ECM_N0440000NCAM00518_00_2I3J01", 745_756_366.4, -55.32),
    ("NLF_0888_0745756552_441ECM_N0440000NCAM00501_01_295J01", 745_756_552.4, 179.99),
    ("NLF_0888_0745756623_487ECM_N0440000NCAM00501_01_295J01", 745_756_624.6, -90.19),
  ].enumerated().map { index, frame in
    Photo(
      id: nil, sol: 888, earthDate: "2023-08-19", imgSrc: "http://images.test/\(frame.0).jpg",
      camera: Camera(name: "NAVCAM_LEFT"), rover: RoverReference(id: 8, name: "Perseverance"),
      details: PhotoDetails(
        mastAzimuth: frame.2, mastElevation: 29.6,
        capture: PhotoCapture(spacecraftClock: frame.1, dimension: [1280, 960])))
  }

  /// The browser at Perseverance's sol 888 photos, these loaded.
  static func atPhotos() -> BrowserState {
    var state = BrowserSamples.atSols(4000)
    state.sol = 888
    state.level = .photos
    state.receive(.photos(SolKey(rover: "curiosity", sol: 888)), .photos(photos))
    return state
  }

  @Test("m plays the frames in clock order from the one selected, and m again stops")
  func mPlaysTheMovie() {
    var state = Self.atPhotos()
    #expect(state.selectedPhoto?.nasaID == Self.photos[0].nasaID)
    _ = state.apply(.key(.character("m")))
    let movie = state.movie
    #expect(movie != nil)
    #expect(movie?.sequence == "NCAM00518")
    // Oldest first by the clock: the second listed, the first, the third.
    #expect(movie?.frames.map(\.nasaID) == [1, 0, 2].map { Self.photos[$0].nasaID })
    #expect(movie?.index == 1)
    #expect(state.message?.text == "playing NCAM00518, 3 frames (m to stop)")
    #expect(state.previewLoad(of: Self.photos[0]) == .preview(Self.photos[0].imgSrc))
    // The next frame is fetched ahead.
    #expect(state.wantedLoads.contains(.preview(Self.photos[2].imgSrc)))
    state.advanceMovie()
    #expect(state.previewLoad(of: Self.photos[0]) == .preview(Self.photos[2].imgSrc))
    state.advanceMovie()
    #expect(state.previewLoad(of: Self.photos[0]) == .preview(Self.photos[1].imgSrc))
    _ = state.apply(.key(.character("m")))
    #expect(state.movie == nil)
    #expect(state.previewLoad(of: Self.photos[0]) == .preview(Self.photos[0].imgSrc))
  }

  @Test("a pan is no movie, and leaving the movie's frames stops it")
  func aPanIsNoMovie() {
    var state = Self.atPhotos()
    _ = state.apply(.key(.end))
    _ = state.apply(.key(.character("m")))
    #expect(state.movie == nil)
    #expect(state.message?.text == "m plays a movie: NCAM00501 is a pan of 2, not a movie")
    _ = state.apply(.key(.home))
    _ = state.apply(.key(.character("m")))
    #expect(state.movie != nil)
    _ = state.apply(.key(.end))
    state.advanceMovie()
    #expect(state.movie == nil)
  }

  @Test("the loop's clock moves the preview from frame to frame, and stops with the movie")
  func theLoopTicks() async {
    let asked = Mutex<[String]>([])
    let services = BrowserServices(
      rovers: { (BrowserSamples.rovers, []) }, sols: { _ in BrowserSamples.sols(4000) },
      photos: { _ in Self.photos },
      preview: { address, _ in
        asked.withLock { $0.append(address) }
        return BrowserSamples.picture
      },
      download: { _, _ in DownloadReport(saved: 0, present: 0, failed: 0) },
      savedSols: { _ in [] }, open: { _ in nil }, describe: { "\($0)" })
    let (events, post) = AsyncStream.makeStream(of: BrowserEvent.self)
    let loop = BrowserLoop(
      services: services, screen: BrowserLoopTests.RecordingScreen(columns: 120, rows: 30))
    async let ended = loop.run(Self.atPhotos(), events: events, post: post)
    post.yield(.terminal(.key(.character("m"))))
    // Every frame shown at least once; a busy machine may take longer than four frames' time.
    for _ in 0..<400 where Set(asked.withLock { $0 }).count < 3 {
      try? await Task.sleep(for: .milliseconds(25))
    }
    post.yield(.terminal(.key(.character("m"))))
    try? await Task.sleep(for: .milliseconds(100))
    post.yield(.terminal(.key(.character("q"))))
    let state = await ended
    #expect(state.movie == nil)
    let addresses = Set(asked.withLock { $0 })
    for index in 0..<3 {
      #expect(addresses.contains(Self.photos[index].imgSrc), "frame \(index) was never shown")
    }
  }
}
