import Foundation
import TestSupport
import Testing

/// A terrain made beside a sol's photos (`terrain --from`), on the sol's gallery page in
/// headless Chromium: the viewer draws the mesh in WebGL without an error, and dragging and
/// scrolling turn and zoom it.
@Suite(
  .enabled(if: Chromium.path != nil, "Chromium is not installed (apt-get install chromium)"),
  .timeLimit(.minutes(3)))
struct TerrainGalleryTests {
  @Test func aSolsTerrainIsDrawnInWebGLAndTurnsAndZooms() async throws {
    let folder = try TemporaryFolder()
    let site = folder.url.appendingPathComponent("site")
    let gallery = site.appendingPathComponent("gallery")
    let feeds = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let download = try await CapturedRun.rovers(
      [
        "download", "curiosity", "--sol", "86", "--camera", "NAVCAM", "--size", "full", "-o",
        gallery.path,
      ],
      base: Offline.apiBase, environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host])
    #expect(download.status == 0, "\(download.stderr)")
    let pages = try await CapturedRun.rovers(["gallery", gallery.path], base: Offline.apiBase)
    #expect(pages.status == 0, "\(pages.stderr)")
    // Made from the folder alone, the feeds dead: the page is brought up to date.
    let made = try await CapturedRun.rovers(
      [
        "terrain", "curiosity", "--sol", "86", "--pair", TerrainTests.pairID, "--from",
        gallery.path,
      ],
      base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": Offline.refusedFeeds])
    #expect(made.status == 0, "\(made.stderr)")
    let sol = gallery.appendingPathComponent("curiosity/86")
    for suffix in ["mesh.glb", "mesh.js", "points.ply", "range.png"] {
      let name = "terrain-\(TerrainTests.pairID)-\(suffix)"
      #expect(
        FileManager.default.fileExists(atPath: sol.appendingPathComponent(name).path), "\(name)")
    }
    let page = try String(contentsOf: sol.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(page.contains("<section id=\"terrains\">"))
    try FileManager.default.copyItem(
      at: PackagePaths.root.appendingPathComponent(
        "Tests/RoversTests/Browser/terrain-gallery.html"),
      to: site.appendingPathComponent("terrain-gallery.html"))
    let server = try await Chromium.pages(in: site.path)
    let report = try await Chromium.report("\(server.host)/static/terrain-gallery.html")
    #expect(report["error"] is NSNull || report["error"] == nil, "\(report)")
    #expect(report["canvases"] as? Int == 1)
    #expect((report["caught"] as? [Any])?.isEmpty == true, "\(report)")
    #expect(report["glError"] as? Int == 0 && report["glErrorAfter"] as? Int == 0, "\(report)")
    #expect((report["triangles"] as? Int ?? 0) > 30_000, "\(report)")
    // The mesh fills a good part of the canvas, turns when dragged and grows when zoomed.
    #expect((report["covered"] as? Double ?? 0) > 0.2, "\(report)")
    #expect((report["changedByDrag"] as? Double ?? 0) > 0.2, "\(report)")
    #expect((report["coveredGrowsByZoom"] as? Double ?? 0) > 0.02, "\(report)")
    #expect(report["frames"] as? Int == 3, "\(report)")
  }
}
