import Foundation
import TestSupport
import Testing

/// The gallery in a real browser: headless Chromium opens it from the fixture server's static
/// files, with every host but this machine's made unresolvable, and a harness page of the same
/// origin reports what loaded and where the keys lead.
@Suite(
  .enabled(if: Chromium.path != nil, "Chromium is not installed (apt-get install chromium)"),
  .timeLimit(.minutes(3)))
struct GalleryBrowserTests {
  let folder: TemporaryFolder
  /// The folder served: the gallery in `gallery/`, the harness beside it.
  var site: URL { folder.url.appendingPathComponent("site") }

  init() throws { folder = try TemporaryFolder() }

  /// The gallery of the fixtures' four sols with the harness page `name` beside it, served as
  /// static files: what the harness reports, and the server's address (the server is kept
  /// until the test ends).
  func report(harness name: String) async throws -> (
    report: [String: Any], origin: String, server: FixtureServer
  ) {
    try await GalleryMirror.write(to: site.appendingPathComponent("gallery"))
    try FileManager.default.copyItem(
      at: PackagePaths.root.appendingPathComponent("Tests/RoversTests/Browser/\(name)"),
      to: site.appendingPathComponent(name))
    let server = try await Chromium.pages(in: site.path)
    let report = try await Chromium.report("\(server.host)/static/\(name)")
    return (report, server.host, server)
  }

  @Test func everyImageLoadsNothingLeavesTheFolderAndTheKeysMoveBetweenSols() async throws {
    let (report, origin, server) = try await report(harness: "harness.html")
    // Kept until the screenshots at the end are taken.
    defer { withExtendedLifetime(server) {} }
    #expect(report["error"] == nil, "\(report["error"] ?? "")")
    let index = try #require(report["index"] as? [String: Any])
    let sol = try #require(report["sol"] as? [String: Any])
    for page in [index, sol] {
      let pictures = try #require(page["pictures"] as? [[String: Any]])
      #expect(!pictures.isEmpty)
      let broken = pictures.filter { ($0["width"] as? Int ?? 0) == 0 }
      #expect(broken.isEmpty, "pictures that did not load: \(broken)")
      let requests = try #require(page["requests"] as? [String])
      let outside = requests.filter { !$0.hasPrefix("\(origin)/static/gallery/") }
      #expect(outside.isEmpty, "requests outside the folder: \(outside)")
    }
    #expect((sol["pictures"] as? [Any])?.count == 49)
    let bars = try #require(index["bars"] as? [[String: Any]])
    #expect(bars.first { $0["rover"] as? String == "Curiosity" }?["bars"] as? Int == 2281)
    #expect(bars.first { $0["rover"] as? String == "Perseverance" }?["bars"] as? Int == 975)
    #expect(bars.first { $0["rover"] as? String == "Perseverance" }?["here"] as? Int == 3)
    #expect(report["viewerOpened"] as? Bool == true)
    #expect(report["viewerMoved"] as? Bool == true)
    #expect(report["viewerClosed"] as? Bool == true)
    let viewer = try #require(report["viewer"] as? [String: Any])
    #expect(viewer["opened"] as? String == "1 / 49")
    #expect(viewer["focusOnOpen"] as? String == "Close")
    for button in try #require(viewer["buttons"] as? [[String: Any]]) {
      // WCAG 2.2's smallest target, 24 × 24 CSS px.
      #expect((button["width"] as? Double ?? 0) >= 24, "\(button)")
      #expect((button["height"] as? Double ?? 0) >= 24, "\(button)")
    }
    #expect(viewer["afterNext"] as? String == "2 / 49")
    #expect(viewer["afterPrevious"] as? String == "1 / 49")
    #expect(viewer["wrapped"] as? String == "49 / 49")
    #expect(viewer["afterSwipeLeft"] as? String == "1 / 49")
    #expect(viewer["afterSwipeRight"] as? String == "49 / 49")
    #expect(viewer["closed"] as? Bool == true)
    // The focus goes back to the photo shown last (the first, after Next from the 49th).
    #expect(viewer["focusAfterClose"] as? Int == 0)
    #expect(viewer["altInViewer"] as? String == "1 / 49")
    #expect(viewer["leftWithModifier"] as? Bool == false)
    let layouts = try #require(report["layouts"] as? [[String: Any]])
    #expect(layouts.map { $0["width"] as? Int } == [1280, 390])
    for layout in layouts {
      #expect(layout["captions"] as? Int == 856)
      #expect(layout["overflowCount"] as? Int == 0, "\(layout["overflowing"] ?? "")")
      #expect(layout["leading"] as? Int == 0)
      #expect(layout["pageScrollsSideways"] as? Bool == false)
      #expect((layout["axisLabels"] as? Int ?? 0) >= 8)
      let sols = try #require(layout["sols"] as? [[String: Any]])
      // Every sol here, newest first within each rover, each a target of 24 × 24 px or more.
      #expect(
        sols.compactMap { $0["href"] as? String } == [
          "curiosity/1000/index.html", "perseverance/1042/index.html",
          "perseverance/100/index.html", "perseverance/0/index.html",
        ])
      for sol in sols {
        #expect((sol["width"] as? Double ?? 0) >= 24 && (sol["height"] as? Double ?? 0) >= 24)
      }
      #expect((sols.first?["text"] as? String)?.contains("2015-05-30") == true)
      #expect((sols.first?["text"] as? String)?.contains("856 photos") == true)
    }
    #expect(report["afterRight"] as? String == "/static/gallery/perseverance/1042/index.html")
    #expect(report["afterLeft"] as? String == "/static/gallery/perseverance/100/index.html")
    // Pictures of both pages for people to look at (the README's), of real NASA frames
    // (NASA/JPL-Caltech) in place of the fixtures' made-up ones: `make screenshots`.
    guard let shots = Chromium.screenshotFolder else { return }
    try Self.dressInRealFrames(site.appendingPathComponent("gallery"))
    try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
    for (page, name) in [
      ("index.html", "gallery-index.png"), ("perseverance/100/index.html", "gallery-sol.png"),
    ] {
      try await Chromium.screenshot(
        "\(origin)/static/gallery/\(page)", to: shots.appendingPathComponent(name),
        profile: folder.url)
      #expect(FileManager.default.fileExists(atPath: shots.appendingPathComponent(name).path))
    }
  }

  /// Writes the real JPEG frames of the fixtures over the gallery's JPEG photos, in turn.
  static func dressInRealFrames(_ gallery: URL) throws {
    let real = PackagePaths.fixtures.appendingPathComponent("real-images")
    let frames = try FileManager.default.contentsOfDirectory(atPath: real.path)
      .filter { ["jpg", "jpeg"].contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }
      .sorted().map { try Data(contentsOf: real.appendingPathComponent($0)) }
    try #require(!frames.isEmpty)
    let photos =
      (FileManager.default.enumerator(atPath: gallery.path)?.allObjects as? [String] ?? [])
      .filter { $0.lowercased().hasSuffix(".jpg") }.sorted()
    for (index, photo) in photos.enumerated() {
      try frames[index % frames.count].write(to: gallery.appendingPathComponent(photo))
    }
  }

  @Test func theViewersThreeDButtonDrawsThePairAsAnAnaglyph() async throws {
    let (report, _, _) = try await report(harness: "stereo.html")
    #expect(report["error"] == nil, "\(report["error"] ?? "")")
    // Sol 0's fifteen pairs: thirty photos marked, the other twenty-four not.
    #expect(report["photos"] as? Int == 54)
    #expect(report["marks"] as? Int == 30)
    #expect(report["buttonOnPlain"] as? Bool == false)
    #expect(report["buttonOnPair"] as? Bool == true)
    #expect(report["label"] as? String == "3D (red/cyan anaglyph)")
    let size = try #require(report["buttonSize"] as? [Double])
    #expect(size.allSatisfy { $0 >= 24 }, "\(size)")
    #expect(report["drawn"] as? Bool == true)
    #expect(report["pressed"] as? String == "true")
    #expect(report["imageHidden"] as? Bool == true)
    let drawn = try #require(report["size"] as? [Int])
    #expect(drawn.count == 4 && drawn[0] == drawn[2] && drawn[1] == drawn[3])
    #expect(report["framesDiffer"] as? Bool == true, "the test needs frames that differ")
    #expect((report["worst"] as? Int ?? 255) <= 2, "\(report["worst"] ?? "")")
    #expect(report["moved"] as? Bool == true)
    if report["nextIsPaired"] as? Bool == true { #expect(report["nextDrawn"] as? Bool == true) }
    let afterA = try #require(report["afterA"] as? [String: Any])
    #expect(afterA["canvasHidden"] as? Bool == true)
    #expect(afterA["pressed"] as? String == "false")
    #expect(report["closed"] as? Bool == true)
  }
}
