import FixtureServing
import Foundation
import RasterImages
import Testing

/// `rovers show ROVER --sol N` draws a frame the feeds send as tiles as one picture, its tiles
/// put back together at the size of the copies fetched, each tile still reachable.
@Suite(.timeLimit(.minutes(3))) struct ShowTiledFrameTests {
  /// The PNGs an iTerm2 run drew, in order: the protocol sends each file's bytes as they are.
  static func drawnPictures(_ output: String) throws -> [RasterImage] {
    output.components(separatedBy: "\u{1B}]1337;File=").dropFirst().compactMap { part in
      guard let colon = part.firstIndex(of: ":"), let end = part.firstIndex(of: "\u{07}"),
        let data = Data(base64Encoded: String(part[part.index(after: colon)..<end]))
      else { return nil }
      return try? ImageDecoder.decode([UInt8](data))
    }
  }

  static func run(_ arguments: [String], server: FixtureServer) async throws -> CapturedRun {
    try await CapturedRun.rovers(
      ["show", "perseverance"] + arguments + ["--image-protocol", "iterm"],
      base: Offline.apiBase, environment: DevelopTests.feeds(server))
  }

  @Test func aTiledFrameAtFullSizeIsTheRealFrameWhole() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let run = try await Self.run(
      ["--sol", "895", "--camera", "NAVCAM_RIGHT", "--size", "full", "--limit", "1"],
      server: server)
    #expect(run.status == 0, "\(run.stderr)")
    let pictures = try Self.drawnPictures(run.stdout)
    #expect(pictures.count == 1)
    let frame = try #require(pictures.first)
    let original = try DevelopTests.decode(DevelopTests.navcam)
    #expect(frame.width == original.width && frame.height == original.height)
    guard frame.width == original.width, frame.height == original.height else { return }
    #expect(PixelComparison.worst(frame.pixels, original.pixels) <= 1)
    // One caption for the frame; its four tiles, all fetched, are named by number.
    #expect(run.stdout.contains("NCAM09901_03_0LLJ01 · 4 tiles: 1 2 3 4\n"))
    let fetched = server.requests.filter { $0.target.contains("NCAM09901_") }
    #expect(fetched.count == 4)
  }

  @Test func aTiledFrameOfDownsizedCopiesIsPlacedAtTheirSize() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let run = try await Self.run(
      ["--sol", "895", "--camera", "NAVCAM_RIGHT"], server: server)
    #expect(run.status == 0, "\(run.stderr)")
    // Two frames (scale 1 and scale 2), each of four 320-px copies of its 660-px tiles.
    let pictures = try Self.drawnPictures(run.stdout)
    #expect(pictures.count == 2)
    #expect(run.stdout.components(separatedBy: " · 4 tiles: 1 2 3 4").count - 1 == 2)
    let original = try DevelopTests.decode(DevelopTests.navcam)
    for frame in pictures {
      // 1288 x 968 at 320/660.
      #expect(frame.width == 624 && frame.height == 469, "\(frame.width)x\(frame.height)")
      guard frame.width == 624, frame.height == 469 else { continue }
      // Where each tile sits: the frame agrees with the original downsized, within what
      // downsizing tiles and the frame apart leaves.
      let reference = original.scaled(width: frame.width, height: frame.height)
      let total = PixelComparison.total(frame.pixels, reference.pixels)
      #expect(Double(total) / Double(frame.pixels.count) < 2.0)
    }
  }

  @Test func aMissingTileIsSaidAndEachTileStaysReachable() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let run = try await Self.run(
      ["--sol", "896", "--camera", "NAVCAM_RIGHT"], server: server)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("· 3 tiles: 1 2 3 (1 missing, drawn black)\n"))
    #expect(try Self.drawnPictures(run.stdout).count == 1)
    // With nothing drawn, every tile is a line of its own, with its address.
    let listed = try await CapturedRun.rovers(
      [
        "show", "perseverance", "--sol", "896", "--camera", "NAVCAM_RIGHT", "--image-protocol",
        "none",
      ], base: Offline.apiBase, environment: DevelopTests.feeds(server))
    let lines = listed.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    #expect(
      lines.allSatisfy { $0.contains("NCAM09901_0") && $0.contains("_320.jpg  NAVCAM_RIGHT") })
  }
}
