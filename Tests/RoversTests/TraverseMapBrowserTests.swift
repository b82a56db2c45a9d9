import Foundation
import TestSupport
import Testing

/// The gallery's traverse map in headless Chromium, at a desktop's width and a phone's: a
/// mirror downloaded from the fixture feeds (whose photos carry sites and drives, placed on
/// the fixtures' waypoint files), its front page opened from a static server.
@Suite(
  .enabled(if: Chromium.path != nil, "Chromium is not installed (apt-get install chromium)"),
  .timeLimit(.minutes(3)))
struct TraverseMapBrowserTests {
  let folder: TemporaryFolder
  var site: URL { folder.url.appendingPathComponent("site") }
  var mirror: URL { site.appendingPathComponent("gallery") }

  init() throws { folder = try TemporaryFolder() }

  /// The sols downloaded, by rover, as the feeds have them.
  static let sols = ["perseverance": [0, 100, 1042], "curiosity": [86, 2540]]

  func fill(from feeds: FixtureServer) async throws {
    for (rover, sols) in Self.sols {
      for sol in sols {
        let run = try await CapturedRun.rovers(
          ["download", rover, "--sol", String(sol), "-o", mirror.path, "-q"],
          base: Offline.apiBase,
          environment: [
            "ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host,
            "XDG_CACHE_HOME": folder.url.appendingPathComponent("cache").path,
          ])
        #expect(run.status == 0, "\(run.stderr)")
      }
    }
    let gallery = try await CapturedRun.rovers(["gallery", mirror.path], base: Offline.apiBase)
    #expect(gallery.status == 0, "\(gallery.stderr)")
  }

  @Test func theMapFitsADesktopAndAPhoneAndItsDotsOpenTheirSols() async throws {
    let feeds = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    try await fill(from: feeds)
    // Each map asked for once: the download runs share a day's cache.
    #expect(feeds.requests.filter { $0.target.contains("waypoints") }.count == 2)
    try FileManager.default.copyItem(
      at: PackagePaths.root.appendingPathComponent("Tests/RoversTests/Browser/traverse.html"),
      to: site.appendingPathComponent("traverse.html"))
    let server = try await Chromium.pages(in: site.path)
    let report = try await Chromium.report("\(server.host)/static/traverse.html")
    #expect(report["error"] == nil, "\(report["error"] ?? "")")
    for width in ["wide", "phone"] {
      let page = try #require(report[width] as? [String: Any], "\(report)")
      let viewport = try #require(page["viewport"] as? Double)
      // Nothing sideways to scroll, and each map as wide as the page less its margins.
      #expect(page["scrollWidth"] as? Double ?? .infinity <= viewport, "\(width): \(page)")
      let maps = try #require(page["maps"] as? [[String: Any]])
      #expect(maps.count == 2)
      for map in maps {
        let mapWidth = try #require(map["width"] as? Double)
        #expect(mapWidth <= viewport && mapWidth >= min(viewport, 1400) - 40, "\(width): \(map)")
        #expect(map["height"] as? Double ?? 0 > 40)
        let label = try #require(map["label"] as? String)
        let rover = label.hasPrefix("Perseverance") ? "perseverance" : "curiosity"
        let dots = try #require(map["dots"] as? [[String: Any]])
        // A dot per sol here, each inside the map and linking to its sol's page, which is there.
        #expect(
          dots.map { $0["href"] as? String ?? "" }
            == Self.sols[rover, default: []].map { "\(rover)/\($0)/index.html" }, "\(dots)")
        #expect(dots.allSatisfy { $0["inside"] as? Bool == true && $0["status"] as? Int == 200 })
        #expect(
          dots.map { $0["title"] as? String ?? "" }.allSatisfy { $0.hasPrefix("Sol ") }, "\(dots)")
        #expect(map["latest"] as? Int == 1)
        #expect(map["north"] as? String == "N")
        let scale = try #require(map["scale"] as? String)
        #expect(scale.wholeMatch(of: /[0-9.]+ k?m/) != nil, "\(scale)")
        // The fixtures' waypoints: 20 for Perseverance, 11 for Curiosity, every one drawn.
        #expect(map["points"] as? Int == (rover == "perseverance" ? 20 : 11))
      }
    }
    // The first dot of the phone's first map (Curiosity, sorted by folder) opens sol 86.
    #expect(report["followed"] as? String == "/static/gallery/curiosity/86/index.html")
    #expect((report["heading"] as? String ?? "").contains("86"), "\(report)")
    // Its photos sit at site 5, drive 104: the viewer says where, exactly.
    let viewer = report["viewerText"] as? String ?? ""
    #expect(viewer.contains("taken at 4.58966° S 137.44194° E, -4500 m"), "\(viewer)")
    #expect(!viewer.contains("approximate"), "\(viewer)")
    // Pictures for people to look at (`make screenshots`): the README's is the desktop one.
    guard let shots = Chromium.screenshotFolder else { return }
    try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
    for (width, height) in [(1280, 900), (390, 844)] {
      let file = shots.appendingPathComponent("gallery-traverse-\(width).png")
      try await Chromium.screenshot(
        "\(server.host)/static/gallery/index.html", to: file, profile: folder.url, width: width,
        height: height)
      #expect(FileManager.default.fileExists(atPath: file.path))
    }
  }
}
