import CameraGeometry
import FixtureServing
import Foundation
import MarsFetching
import MarsImaging
import MarsMirror
import PanoramaStitching
import RoverAPI
import TestSupport
import Testing

/// A pan whose frames came as tiles: each frame is put together whole first, with its first
/// tile's model moved to where the tile sits, and the pan is stitched from the five frames.
@Suite struct PanoramaTilesTests {
  @Test func tiledFramesArePutTogetherWholeFirst() async throws {
    let folder = try TemporaryFolder("tiles")
    let rendered = try PanoramaStitchTests.rendered.get()
    var tiles: [Photo] = []
    for photo in try PanoramaCoverageTests.frames() {
      let whole = try #require(rendered.first { photo.nasaID.hasPrefix($0.name) })
      // Four tiles of 640 x 480, at scale 4 on the 5120 x 3840 sensor.
      for number in 1...4 {
        let (across, down) = ((number - 1) % 2, (number - 1) / 2)
        let model = whole.model.placed(columns: Double(-640 * across), rows: Double(-480 * down))
        var tile = photo
        tile.nasaID = photo.nasaID.replacingOccurrences(of: "_01_295J", with: "_0\(number)_295J")
        tile.imgSrc = photo.imgSrc.replacingOccurrences(of: "_01_295J", with: "_0\(number)_295J")
        tile.details.capture.subframeRect = [1 + 2560 * across, 1 + 1920 * down, 2560, 1920]
        tile.details.capture.dimension = [640, 480]
        let vectors = [model.c, model.a, model.h, model.v, model.o, model.r, model.e]
        tile.details.capture.cameraModelComponents =
          vectors.compactMap { $0.map { [$0.x, $0.y, $0.z] } } + [[2], [0]]
        var plane: [UInt8] = []
        for row in 0..<480 {
          let start = (down * 480 + row) * 1280 + across * 640
          plane += whole.samples[start..<(start + 640)]
        }
        let file = folder.url.appendingPathComponent(PhotoFileLayout.pathInSol(for: tile))
        try FileManager.default.createDirectory(
          at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try PanoramaFixture.png(plane, width: 640).write(to: file)
        tiles.append(tile)
      }
    }
    let sequence = try #require(SequenceFinder.sequences(in: tiles).first)
    let pan = try #require(try PanoramaFinder.survey(sequence))
    #expect(pan.frames.count == 20)
    #expect(pan.azimuthCovered == 360)
    let made = try await PanoramaMaker(
      panorama: pan, jobs: 4, debayer: Debayering(enabled: false), scale: 0.25, level: false,
      north: false
    ).make(client: nil, folder: folder.url)
    // Five whole frames, not twenty tiles.
    #expect(
      made.stitcher.frames.map { [$0.width, $0.height] } == Array(repeating: [1280, 960], count: 5))
    let (grid, viewpoint) = (made.stitcher.grid, made.stitcher.viewpoint)
    let score = PanoramaFixture.psnr(made.samples, width: grid.width) {
      PanoramaFixture.level(
        origin: viewpoint, direction: grid.direction(column: Double($0), row: Double($1)))
    }
    #expect(score >= 35, "PSNR \(score) dB")
  }
}
