import RasterImages
import RoverAPI
import Testing

@testable import MarsBrowser
@testable import TerminalScreen

/// Stereo pairs in the browser: marked in the photo list, and `a` turns the preview of a
/// photo of a pair into the pair's red/cyan anaglyph.
@Suite("The browser's stereo pairs: marked, and a for 3D", .timeLimit(.minutes(3)))
struct BrowserStereoTests {
  /// Curiosity's sol 1000 Navcam pair, and a Navcam frame without its partner.
  static let photos: [Photo] = [
    "NLB_486272784EDR_F0481570NCAM00415M_", "NRB_486272784EDR_F0481570NCAM00415M_",
    "NLB_486271176EDR_F0481570NCAM00322M_",
  ].enumerated().map { index, name in
    Photo(
      id: index, sol: 1000, earthDate: "2015-05-30", imgSrc: "http://images.test/\(name).JPG",
      camera: Camera(name: "NAVCAM"), rover: RoverReference(id: 5, name: "Curiosity"))
  }

  /// The browser at Curiosity's sol 1000 photos, these loaded.
  static func atPhotos() -> BrowserState {
    var state = BrowserSamples.atSols(4000)
    state.sol = 1000
    state.level = .photos
    state.receive(.photos(SolKey(rover: "curiosity", sol: 1000)), .photos(photos))
    return state
  }

  @Test("a on a photo of a pair asks for the anaglyph, and a again for the photo")
  func aTogglesTheAnaglyph() {
    var state = Self.atPhotos()
    let pair = state.pair(of: Self.photos[0])
    #expect(pair?.right.nasaID == "NRB_486272784EDR_F0481570NCAM00415M_")
    #expect(state.pair(of: Self.photos[1])?.left.nasaID == Self.photos[0].nasaID)
    #expect(state.pair(of: Self.photos[2]) == nil)
    // The lone left frame, last in the list: no partner, so a says why and changes nothing.
    _ = state.apply(.key(.end))
    #expect(state.selectedPhoto?.nasaID == Self.photos[2].nasaID)
    _ = state.apply(.key(.character("a")))
    #expect(state.anaglyph == false)
    #expect(state.message?.text.contains("partner is not on its sol") == true)
    _ = state.apply(.key(.up))
    #expect(state.pair(of: state.selectedPhoto!) != nil)
    #expect(state.wantedLoads.contains(.preview(state.selectedPhoto!.imgSrc)))
    _ = state.apply(.key(.character("a")))
    #expect(state.anaglyph == true)
    let load = Load.anaglyph(left: Self.photos[0].imgSrc, right: Self.photos[1].imgSrc)
    #expect(state.wantedLoads.contains(load))
    state.receive(load, .preview(BrowserSamples.picture))
    #expect(state.wantedLoads.contains(load) == false, "an anaglyph drawn is kept")
    let screen = BrowserView.render(state)
    let text = (0..<screen.height).map { row in
      String((0..<screen.width).map { screen[row, $0].character })
    }
    #expect(text.contains { $0.contains("3D: red/cyan anaglyph of the pair") })
    #expect(text.filter { $0.contains("NCAM00415M_") && $0.contains("3D") }.count == 2)
    #expect(text.contains { $0.contains("NCAM00322M_") && !$0.contains(" 3D") })
    _ = state.apply(.key(.character("a")))
    #expect(state.anaglyph == false)
    #expect(state.wantedLoads.contains(.preview(state.selectedPhoto!.imgSrc)))
  }

  @Test("the loop makes the anaglyph of the two frames' previews: red left, green and blue right")
  func theLoopCombinesThePreviews() async {
    let red = RasterImage(width: 2, height: 1, pixels: [200, 10, 20, 201, 11, 21])
    let cyan = RasterImage(width: 4, height: 2, pixels: [UInt8](repeating: 90, count: 24))
    let services = BrowserServices(
      rovers: { (BrowserSamples.rovers, []) }, sols: { _ in [] }, photos: { _ in [] },
      preview: { address, _ in address.hasSuffix("left") ? red : cyan },
      download: { _, _ in DownloadReport(saved: 0, present: 0, failed: 0) },
      savedSols: { _ in [] }, open: { _ in nil }, describe: { "\($0)" })
    let result = await BrowserLoop.fetch(
      .anaglyph(left: "http://images.test/left", right: "http://images.test/right"), services, 40)
    guard case .preview(let image) = result else {
      Issue.record("no picture: \(result)")
      return
    }
    // The right frame is scaled to the left's size.
    #expect(image.width == 2 && image.height == 1)
    #expect(image.pixels == [200, 90, 90, 201, 90, 90])
  }
}
