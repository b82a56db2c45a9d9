import Foundation
import Testing

@testable import RoverAPI

/// The feeds' whole record (clock, subframe, camera model…) and a photo's sequence, read from
/// the real bodies.
@Suite struct CaptureAndSequenceTests {
  @Test func perseveranceRecordsKeepTheirClockSubframeAndCameraModel() throws {
    let page = try PerseveranceFeedPage.scan(
      FeedDecodingTests.real("m20_sol888_navcamleft_13.json"))
    let first = try #require(page.images.first?.details.capture)
    #expect(first.spacecraftClock == 745_756_834.599)
    #expect(first.subframeRect == [1, 1, 5120, 3840])
    #expect(first.scaleFactor == 4)
    #expect(first.dimension == [1280, 960])
    #expect(first.pixelSize?.width == 1280 && first.pixelSize?.height == 960)
    #expect(first.dateReceived == "2023-08-20T06:30:37Z")
    #expect(first.cameraModelType == "CAHVORE")
    #expect(first.cameraModelComponents?.count == 9)
    #expect(first.cameraModelComponents?.first == [1.02542, 0.564345, -2.05023])
    #expect(first.cameraModelComponents?.last == [0.0])
    #expect(first.cameraPosition == [1.02542, 0.564345, -2.05023])
    #expect(first.attitude == [0.613922, 0.00507105, 0.00506813, -0.789334])
    #expect(first.xyz == [0, 0, 0])
    #expect(page.images.allSatisfy { $0.details.capture.spacecraftClock != nil })
  }

  @Test func curiosityItemsKeepTheirClockAtTheTopLevel() throws {
    let page = try CuriosityFeedPage.scan(FeedDecodingTests.real("msl_sol86_items_16.json"))
    let first = try #require(page.items.first?.details.capture)
    #expect(first.spacecraftClock == 405_141_307.148)
    #expect(first.subframeRect == [1, 1, 1024, 1024])
    #expect(first.scaleFactor == 1)
    #expect(first.dimension == nil)
    #expect(first.cameraModelType == "CAHVOR")
    #expect(first.xyz == [1.37636, 0.164033, -0.0887201])
  }

  @Test func unknownValuesAreAbsent() throws {
    let body = """
      {"images": [{"imageid": "NLF_0001_0667035529_850ECM_N0010052AUT_04096_00_2I3J", "sol": 1,
        "attitude": "UNK", "extended": {"sclk": "UNK", "subframeRect": "(1,1,UNK,3840)",
        "scaleFactor": "UNK", "dimension": "(1280)"},
        "camera": {"instrument": "NAVCAM_LEFT", "camera_model_type": "UNK",
          "camera_vector": "(UNK)"},
        "image_files": {"large": "https://x/NLF_0001_0667035529_850ECM_N0010052AUT_04096_00_2I3J01_1200.jpg"}}]}
      """
    let page = try PerseveranceFeedPage.scan(Data(body.utf8))
    #expect(page.images.first?.details.capture == PhotoCapture())
  }

  @Test(arguments: [
    ("NLG_0888_0745756490_020ECM_N0440000NCAM00518_00_2I3J", "NCAM00518"),
    ("NLF_0888_0745756834_410ECM_N0440000NCAM00501_01_295J01", "NCAM00501"),
    ("ZL0_0038_0670307360_057ECM_N0031392ZCAM08007_1100LUJ", "ZCAM08007"),
    ("NLF_0009_0667755636_926ECM_N0030000AUT_04096_00_2I3J01", "AUT_04096"),
    ("NLB_524534514EDR_F0562034NCAM00280M_", "NCAM00280"),
    ("FLB_486265257EDR_F0481570FHAZ00323M_", "FHAZ00323"),
    ("1575MH0006700000601214R00_DXXX", "MHLI00670"),
    ("0044ML0001900000E1_DXXX", "MCAM00190"),
  ])
  func theSequenceComesFromTheFileName(_ name: String, _ sequence: String) {
    #expect(NASASequence.id(of: name) == sequence)
  }

  @Test(arguments: ["photo-12", "PIA12345", "", "NLG_0888_0745756490", "1575XX000670"])
  func otherNamesHaveNoSequence(_ name: String) {
    #expect(NASASequence.id(of: name) == nil)
  }

  @Test func anAPIPhotoTakesItsSequenceFromItsAddress() {
    let photo = Photo(
      id: 1, sol: 1000, earthDate: "2015-05-30",
      imgSrc: "http://mars.jpl.nasa.gov/msl-raw-images/proj/msl/redops/ods/surface/sol/01000/"
        + "opgs/edr/ncam/NLB_486265257EDR_F0481570NCAM00323M_.JPG",
      camera: Camera(name: "NAVCAM", roverID: 5, fullName: nil),
      rover: RoverReference(id: 5, name: "Curiosity"))
    #expect(photo.sequence == "NCAM00323")
  }
}
