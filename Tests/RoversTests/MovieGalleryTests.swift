import Foundation
import TestSupport
import Testing

/// A sol page's movie tile in headless Chromium at a desktop's width and a phone's: it plays
/// from the frames already in the folder, stops on pause and steps a frame.
@Suite(
  .enabled(if: Chromium.path != nil, "Chromium is not installed (apt-get install chromium)"),
  .timeLimit(.minutes(3)))
struct MovieGalleryTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  @Test func aMovieTilePlaysPausesAndSteps() async throws {
    let site = folder.url.appendingPathComponent("site")
    let gallery = site.appendingPathComponent("gallery")
    let feeds = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let download = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "901", "-o", gallery.path], base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host])
    #expect(download.status == 0, "\(download.stderr)")
    let pages = try await CapturedRun.rovers(["gallery", gallery.path], base: Offline.apiBase)
    #expect(pages.status == 0, "\(pages.stderr)")
    let before = Folder.files(gallery).count
    try FileManager.default.copyItem(
      at: PackagePaths.root.appendingPathComponent(
        "Tests/RoversTests/Browser/movie-gallery.html"),
      to: site.appendingPathComponent("movie-gallery.html"))
    let server = try await FixtureServer.start(staticFolder: site.path)
    let report = try await Chromium.report("\(server.host)/static/movie-gallery.html")
    #expect(report["error"] == nil, "\(report["error"] ?? "")")
    let layouts = try #require(report["layouts"] as? [[String: Any]])
    #expect(layouts.map { $0["width"] as? Int } == [1280, 390])
    func frame(_ text: Any?) -> Int? {
      (text as? String)?.split(separator: " ").first.flatMap { Int($0) }
    }
    for layout in layouts {
      let width = layout["width"] as? Int ?? 0
      #expect(layout["tiles"] as? Int == 1, "\(width)")
      #expect(layout["marked"] as? String == "▶")
      // The 21 frames of the movie's size; the odd one is among the photos only.
      #expect(layout["frames"] as? Int == 21)
      #expect(layout["opened"] as? String == "1 / 21", "\(width)")
      let playing = try #require(frame(layout["playing"]), "\(width): \(layout)")
      #expect(playing >= 3, "\(width): the counter advances while playing: \(layout)")
      #expect(layout["stillPaused"] as? String == layout["paused"] as? String, "\(width)")
      let paused = try #require(frame(layout["paused"]))
      #expect(frame(layout["stepped"]) == paused % 21 + 1, "\(width)")
      #expect((layout["image"] as? String)?.hasPrefix("NAVCAM_LEFT/NLF_0901_") == true)
      #expect(frame(layout["resumed"]) != frame(layout["stepped"]), "\(width): plays again")
      let size = layout["pauseSize"] as? [Double] ?? []
      #expect(size.allSatisfy { $0 >= 44 }, "\(width): a button big enough to tap: \(size)")
      #expect(layout["requested"] as? Int == 0, "nothing but the folder's files")
      #expect(layout["closedHidden"] as? Bool == true)
    }
    // Playing made no file.
    #expect(Folder.files(gallery).count == before)
  }
}
