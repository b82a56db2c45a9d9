import Foundation
import Testing

@testable import RoverAPI

/// The raw-image items read in one pass as leniently as the feeds need: each field in every
/// type it has had, `"UNK"`, empty and `null` absent, items that are no record counted and
/// left out.
@Suite struct CuriosityFeedScanningTests {
  static let oddPage = #"""
    {"more": "true", "total": "42", "ignored": {"deep": [1, {"a": null}]},
     "items": [
      "not a record",
      {"id": 5.0, "imageid": "NLA_0086", "sol": "86", "instrument": "NAV_LEFT_A",
       "https_url": null, "url": "http://x/a.JPG", "\u0073ite": "12", "drive": 30.0,
       "title": "UNK", "description": "", "date_taken": "2012-11-02T15:36:25Z",
       "spacecraft_clock": "405141307.5", "subframe_rect": [1, 1, 1024, 1024],
       "scale_factor": "1", "attitude": "(0.1,0.2,0.3,0.4)", "xyz": [1, 2.5, "x"],
       "camera_position": [1.5, 2, 3e0], "camera_vector": "UNK", "is_thumbnail": "true",
       "camera_model_component_list": "(1,2,3);(4,5,6)", "camera_model_type": 7,
       "extended": {"lmst": "Sol-00086M15:36:25.000", "sample_type": "Full",
         "mast_az": "91.5", "mast_el": 400, "filter_name": 7, "unknown": [true]}},
      {"sol": 99999999, "imageid": "too late"},
      {"sol": 86.0, "imageid": "NRA_0086", "extended": null, "is_thumbnail": false,
       "subframe_rect": "(1,1,512,512)", "site": 1e400, "drive": [], "xyz": []},
      {"sol": 86.5, "imageid": "half a sol"}
    ]}
    """#

  @Test func eachFieldIsReadInEveryTypeItHasHadAndTheRestIsAbsent() throws {
    let page = try CuriosityFeedPage.scan(Data(Self.oddPage.utf8))
    #expect(page.received == 5)
    #expect(page.more == true && page.total == 42)
    #expect(page.items.map(\.imageID) == ["NLA_0086", "NRA_0086"])
    let first = try #require(page.items.first)
    #expect(first.id == 5 && first.sol == 86 && first.instrument == "NAV_LEFT_A")
    #expect(first.httpsURL == "http://x/a.JPG", "https_url null: the plain url")
    #expect(first.isThumbnail == true && first.sampleType == "full")
    let details = first.details
    #expect(details.site == 12 && details.drive == 30, "an escaped name is still its member")
    #expect(details.title == nil && details.caption == nil)
    #expect(details.marsTime == "Sol-00086M15:36:25.000")
    #expect(details.mastAzimuth == 91.5 && details.mastElevation == nil, "400° is no angle")
    #expect(details.filter == "7")
    let capture = details.capture
    #expect(capture.dateTaken == "2012-11-02T15:36:25Z")
    #expect(capture.spacecraftClock == 405_141_307.5)
    #expect(capture.subframeRect == [1, 1, 1024, 1024] && capture.scaleFactor == 1)
    #expect(capture.attitude == [0.1, 0.2, 0.3, 0.4])
    #expect(capture.xyz == nil, "a list with a word in it")
    #expect(capture.cameraPosition == [1.5, 2, 3] && capture.cameraVector == nil)
    #expect(capture.cameraModelComponents == [[1, 2, 3], [4, 5, 6]])
    #expect(capture.cameraModelType == "7")
    let second = page.items[1]
    #expect(second.sol == 86 && second.isThumbnail == false && second.sampleType == nil)
    #expect(second.details.capture.subframeRect == [1, 1, 512, 512])
    #expect(second.details.site == nil, "a number no double holds")
    #expect(second.details.drive == nil && second.details.capture.xyz == nil)
  }

  @Test func aBodyWithoutItsItemsListIsAnError() {
    for body in [#"{"more": false}"#, #"{"items": {"a": 1}}"#, #"[1]"#, #"{"items": [1,"#] {
      #expect(throws: DecodingError.self, "\(body)") {
        try CuriosityFeedPage.scan(Data(body.utf8))
      }
    }
  }
}
