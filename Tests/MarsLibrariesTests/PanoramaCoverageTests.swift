import Foundation
import MarsFetching
import RoverAPI
import TestSupport
import Testing

/// What a pan covers, from its frames' camera models: sol 888's NCAM00501 is four Navcam
/// frames round the horizon (centres at -90, 0, 90 and 180 degrees) and one at the zenith.
@Suite struct PanoramaCoverageTests {
  /// The pan's five frames as the tool reads them.
  static func frames() throws -> [Photo] {
    let data = try Data(
      contentsOf: PackagePaths.fixtures.appendingPathComponent(
        "real-nasa/m20_sol888_navcamleft_13.json"))
    let page = try PerseveranceFeedPage.scan(data)
    let photos = FeedMapping.photos(
      page.images, rover: try #require(FeedRover.named("perseverance")))
    return photos.filter { $0.sequence == "NCAM00501" }
  }

  static func survey(_ photos: [Photo]) throws -> Panorama? {
    try PanoramaFinder.survey(try #require(SequenceFinder.sequences(in: photos).first))
  }

  @Test func aRingCoversTheWholeHorizonWhateverItsCentresSpread() throws {
    let frames = try Self.frames()
    #expect(frames.count == 5)
    let whole = try #require(try Self.survey(frames))
    #expect(whole.azimuthCovered == 360 && whole.tier == .full)
    // The zenith frame holds the zenith; the ring's fisheye corners dip below -11.5 degrees.
    #expect(whole.elevations.upperBound == 90)
    #expect(whole.elevations.lowerBound < -11.5 && whole.elevations.lowerBound > -20)
    // Without the zenith frame, the ring alone: its centres span 270 degrees, it covers 360.
    let ring = frames.filter { ($0.details.mastElevation ?? 90) < 80 }
    #expect(ring.count == 4)
    #expect(try Self.survey(ring)?.azimuthCovered == 360)
    // Two neighbours, 90 degrees apart, cover more than 90 and less than 270, from the one
    // at 0 to the one at 90 and past.
    let pair = ring.filter { abs(($0.details.mastAzimuth ?? 0) - 45) < 50 }
    #expect(pair.count == 2)
    let two = try #require(try Self.survey(pair))
    #expect(two.azimuthCovered > 186 && two.azimuthCovered < 270, "\(two.azimuthCovered)")
    #expect(two.tier == .half || two.tier == .wide)
    #expect(two.azimuths.lowerBound < -45 && two.azimuths.upperBound > 135, "\(two.azimuths)")
  }

  @Test func framesWithoutAModelAreLeftOutAndABadOneIsAnError() throws {
    var frames = try Self.frames()
    frames[1].details.capture.cameraModelType = "UNK"
    let pan = try #require(try Self.survey(frames))
    #expect(pan.withoutModel == [frames[1].nasaID])
    #expect(pan.frames.count == 4)
    // A frame of another site and drive is left out, and said to be.
    frames[3].details.drive = 12
    let moved = try #require(try Self.survey(frames))
    #expect(moved.elsewhere == [frames[3].nasaID])
    #expect(moved.frames.count == 3)
    #expect(
      moved.leftOutRemarks == [
        "NCAM00501: left out, without a camera model: \(frames[1].nasaID)",
        "NCAM00501: left out, of another site and drive: \(frames[3].nasaID)",
      ])
    // A model that does not parse is an error naming the frame.
    frames[2].details.capture.cameraModelComponents = [[1, 2]]
    #expect(throws: ImageFileError.self) { try Self.survey(frames) }
    do {
      _ = try Self.survey(frames)
    } catch let error as ImageFileError {
      #expect(error.description.contains(frames[2].nasaID))
    }
  }

  @Test func theTiersAreTheIssuesLines() {
    #expect(Panorama.Tier(degrees: 300) == .full && Panorama.Tier(degrees: 299.9) == .wide)
    #expect(Panorama.Tier(degrees: 200) == .wide && Panorama.Tier(degrees: 199) == .half)
    #expect(Panorama.Tier(degrees: 120) == .half && Panorama.Tier(degrees: 119) == .partial)
  }
}
