import Foundation
import TestSupport
import Testing

/// A panorama made beside a sol's photos (`panorama --from`), on the sol's gallery page in
/// headless Chromium at a desktop's size and a phone's: a strip as high as the window allows,
/// scrolling sideways, its azimuth ticks where their azimuths are.
@Suite(
  .enabled(if: Chromium.path != nil, "Chromium is not installed (apt-get install chromium)"),
  .timeLimit(.minutes(3)))
struct PanoramaGalleryTests {
  @Test func aSolsPanoramaIsAStripThatScrollsSidewaysWithItsAzimuths() async throws {
    let folder = try TemporaryFolder()
    let site = folder.url.appendingPathComponent("site")
    let gallery = site.appendingPathComponent("gallery")
    let feeds = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let download = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "888", "--size", "full", "-o", gallery.path],
      base: Offline.apiBase, environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host])
    #expect(download.status == 0, "\(download.stderr)")
    let pages = try await CapturedRun.rovers(["gallery", gallery.path], base: Offline.apiBase)
    #expect(pages.status == 0, "\(pages.stderr)")
    // Made from the folder alone, the feeds dead: the page is brought up to date.
    let made = try await CapturedRun.rovers(
      [
        "panorama", "perseverance", "--sol", "888", "--sequence", "NCAM00501", "--from",
        gallery.path, "--scale", "0.5",
      ],
      base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": Offline.refusedFeeds])
    #expect(made.status == 0, "\(made.stderr)")
    let sol = gallery.appendingPathComponent("perseverance/888")
    #expect(
      FileManager.default.fileExists(
        atPath: sol.appendingPathComponent("panorama-NCAM00501.jpg").path))
    try FileManager.default.copyItem(
      at: PackagePaths.root.appendingPathComponent(
        "Tests/RoversTests/Browser/panorama-gallery.html"),
      to: site.appendingPathComponent("panorama-gallery.html"))
    let server = try await FixtureServer.start(staticFolder: site.path)
    let report = try await Chromium.report("\(server.host)/static/panorama-gallery.html")
    #expect(report["error"] == nil, "\(report["error"] ?? "")")
    let layouts = try #require(report["layouts"] as? [[String: Any]])
    #expect(layouts.count == 2)
    for layout in layouts {
      let width = layout["width"] as? Int ?? 0
      #expect(layout["strips"] as? Int == 1, "\(width)")
      #expect(layout["natural"] as? [Int] == [2324, 679], "\(width)")
      let shown = layout["shown"] as? [Double] ?? []
      let window = layout["window"] as? Double ?? 0
      // As high as the window allows: most of it, and all of the strip within it.
      #expect(shown.count == 2 && shown[1] >= 0.5 * window && shown[1] <= window, "\(layout)")
      #expect((layout["bottom"] as? Double ?? .infinity) <= window, "\(layout)")
      #expect(layout["scrolls"] as? Bool == true, "\(width)")
      #expect((layout["scrolledTo"] as? Double ?? 0) > 0, "\(width)")
      // Every 45 degrees from -180 (the left edge), each where its azimuth is.
      let ticks = layout["ticks"] as? [[Any]] ?? []
      #expect(
        ticks.compactMap { $0.first as? String } == [
          "180°", "-135°", "-90°", "-45°", "0°", "45°", "90°", "135°",
        ])
      for (index, tick) in ticks.enumerated() {
        let share = tick.last as? Double ?? -1
        #expect(abs(share - Double(index) / 8) < 0.003, "\(width): \(tick)")
      }
    }
  }
}
