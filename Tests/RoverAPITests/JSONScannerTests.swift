import Foundation
import TestSupport
import Testing

@testable import RoverAPI

/// The byte-level reader behind the large lists, held to `JSONDecoder`'s answers.
@Suite(.timeLimit(.minutes(3))) struct JSONScannerTests {
  /// Every photo list among the fixtures and the recordings.
  static let photoFiles: [URL] = {
    let api = FixtureFiles.jsonFiles(in: PackagePaths.fixtures.appendingPathComponent("api/photos"))
    let recorded = FixtureFiles.jsonFiles(
      in: PackagePaths.fixtures.appendingPathComponent("real-api")
    )
    .filter {
      $0.lastPathComponent.hasPrefix("photos_") || $0.lastPathComponent.hasPrefix("latest")
    }
    return api + recorded
  }()

  @Test(arguments: photoFiles)
  func photoListsReadAsJSONDecoderReadsThem(_ file: URL) throws {
    let data = try Data(contentsOf: file)
    let scanned = try PhotoPage.scan(data)
    let decoded = try JSONDecoder().decode(PhotoPage.self, from: data)
    #expect(scanned == decoded)
    #expect(!scanned.photos.isEmpty)
  }

  @Test(
    arguments: FixtureFiles.jsonFiles(
      in: PackagePaths.fixtures.appendingPathComponent("api/manifests")))
  func manifestsReadAsJSONDecoderReadsThem(_ file: URL) throws {
    let data = try Data(contentsOf: file)
    let scanned = try PhotoManifest.scan(data)
    let decoded = try JSONBody.decode(PhotoManifest.self, from: data, rootKey: "photo_manifest")
    #expect(scanned == decoded)
  }

  @Test func stringsWithEveryKindOfEscape() throws {
    let body = #"""
      {"photos": [{"id": 1, "sol": 2, "earth_date": "caf\u00e9 \ud83d\ude80 \ud800 \"q\" \\ \/ \n\t",
       "img_src": "http:\/\/h\/a\/NLF_1_1200.jpg", "camera": {"name": "NAV"}, "rover": {"id": 5, "name": "R"}}]}
      """#
    let photo = try #require(try PhotoPage.scan(Data(body.utf8)).photos.first)
    #expect(photo.earthDate == "café 🚀 \u{FFFD} \"q\" \\ / \n\t")
    #expect(photo.imgSrc == "http://h/a/NLF_1_1200.jpg")
    #expect(photo.nasaID == "NLF_1")
  }

  @Test func unknownMembersOfAnyDepthAreSkipped() throws {
    let body = #"""
      {"x": {"a": [1, -2.5e3, true, false, null, {"b": [[], {}, "s\"]"]}]}, "photos": [], "y": [{"z": {}}]}
      """#
    #expect(try PhotoPage.scan(Data(body.utf8)).photos.isEmpty)
  }

  @Test(arguments: [
    (
      #"{"photos": [{"sol": 5.0, "earth_date": "d", "img_src": "u", "camera": {"name": "c"}, "rover": {"id": 1, "name": "r"}}]}"#,
      true
    ),
    (
      #"{"photos": [{"sol": 5.5, "earth_date": "d", "img_src": "u", "camera": {"name": "c"}, "rover": {"id": 1, "name": "r"}}]}"#,
      false
    ),
    (
      #"{"photos": [{"sol": 99999999999999999999, "earth_date": "d", "img_src": "u", "camera": {"name": "c"}, "rover": {"id": 1, "name": "r"}}]}"#,
      false
    ),
    (
      #"{"photos": [{"sol": "5", "earth_date": "d", "img_src": "u", "camera": {"name": "c"}, "rover": {"id": 1, "name": "r"}}]}"#,
      false
    ),
  ])
  func onlyWholeNumbersAreNumbers(_ body: String, _ reads: Bool) {
    #expect(((try? PhotoPage.scan(Data(body.utf8))) != nil) == reads)
  }

  @Test func problemsNameTheFieldAsJSONDecoderDoes() {
    let body =
      #"{"photos": [{"sol": 1, "earth_date": "d", "img_src": "u", "camera": {"id": 2}, "rover": {"id": 1, "name": "r"}}]}"#
    #expect {
      try PhotoPage.scan(Data(body.utf8))
    } throws: { error in
      guard let error = error as? DecodingError else { return false }
      return BodyProblem.describe(error) == "missing field 'photos[0].camera.name'"
    }
  }

  @Test func deepNestingIsSkippedWithoutRecursion() throws {
    let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
    let body = #"{"deep": \#(deep), "photos": []}"#
    #expect(try PhotoPage.scan(Data(body.utf8)).photos.isEmpty)
  }

  @Test func everyTruncationOfARealBodyFailsCleanly() throws {
    let data = try Data(
      contentsOf: PackagePaths.fixtures.appendingPathComponent(
        "real-api/photos_spirit_sol1_all77.json")
    )
    // Every cut of the first 3000 bytes, and every 97th after: none traps, none reads.
    let cuts = Array(0..<3000) + Array(stride(from: 3000, to: data.count - 1, by: 97))
    for cut in cuts {
      #expect(throws: (any Error).self) { try PhotoPage.scan(data.prefix(cut)) }
    }
  }
}
