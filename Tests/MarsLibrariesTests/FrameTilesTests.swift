import Foundation
import MarsFetching
import MarsImaging
import MarsMirror
import RoverAPI
import TestSupport
import Testing

/// How photos make frames (``FrameTiles``) and terrain's pairs of frames: tiles of one frame
/// are grouped, two eyes never are.
@Suite struct FrameTilesTests {
  /// Curiosity's two Navcam eyes are one camera (NAVCAM) and take a pair at one clock
  /// reading: each eye stays a frame of its own (`show` drew only the right eyes when the two
  /// were taken for one frame sent twice).
  @Test func twoEyesAtOneClockReadingAreTwoFrames() throws {
    let photos = try StereoGeometryTests.photos("msl_sol86_items_16.json", rover: "curiosity")
    let frames = FrameTiles.frames(in: photos)
    #expect(frames.count == photos.count)
    #expect(frames.map(\.name) == photos.map(\.nasaID))
    #expect(frames.allSatisfy { !$0.isTiled })
  }

  /// The tiled sol's records (four tiles an eye) make one pair of two tiled frames, named by
  /// their top-left tiles; the pairs of frames sent whole are as many as their photos make.
  @Test func tilesOfBothEyesMakeOnePairOfWholeFrames() throws {
    let data = try Data(
      contentsOf: PackagePaths.fixtures.appendingPathComponent("nasa/msl/87.json"))
    let tiles = FeedRecords.photos(data, rover: "curiosity")
    #expect(tiles.count == 8)
    let (pairs, tiled) = TerrainMaker.pairs(in: tiles.shuffled())
    #expect(pairs.map(\.left.nasaID) == ["NLA_405127598EDR_T0050104NCAM00207M1"])
    #expect(pairs.map(\.right.nasaID) == ["NRA_405127598EDR_T0050104NCAM00207M1"])
    #expect(tiled.count == 2 && tiled.values.allSatisfy { $0.tiles.count == 4 })
    #expect(tiled.values.allSatisfy { $0.pixelSize == (1024, 1024) && $0.missing.isEmpty })
    let whole = try StereoGeometryTests.photos("msl_sol86_items_16.json", rover: "curiosity")
    let (wholePairs, none) = TerrainMaker.pairs(in: whole)
    #expect(wholePairs.count == StereoPairing.pairs(in: whole).count && none.isEmpty)
  }
}
