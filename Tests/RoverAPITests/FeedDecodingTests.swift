import Foundation
import Testing

@testable import RoverAPI

/// NASA's raw-image feeds: every real body decodes, and maps to photos as the servers map it.
@Suite(.timeLimit(.minutes(3))) struct FeedDecodingTests {
  static func real(_ name: String) throws -> Data {
    try FixtureFiles.data("real-nasa/\(name)")
  }

  static let perseverance = try! #require(FeedRover.named("perseverance"))
  static let curiosity = try! #require(FeedRover.named("curiosity"))

  @Test(arguments: [
    "m20_page_latest_num3_sol1965_2026-08-30.json", "m20_sol888_navcamleft_13.json",
    "m20_sol889_navcamleft_5.json", "m20_empty_no_more_images.json",
  ])
  func everyMars2020BodyDecodes(_ name: String) throws {
    let page = try PerseveranceFeedPage.scan(Self.real(name))
    let raw = try JSONSerialization.jsonObject(with: Self.real(name)) as? [String: Any]
    #expect(page.images.count == (raw?["images"] as? [Any])?.count)
    #expect(page.perPage != nil)
  }

  @Test(arguments: ["msl_sol86_items_16.json", "insight_sol190_item_1.json"])
  func everyItemsBodyDecodes(_ name: String) throws {
    let page = try CuriosityFeedPage.scan(Self.real(name))
    #expect(!page.items.isEmpty)
    #expect(page.more == false)
  }

  @Test func theLatestAnswerDecodes() throws {
    let latest = try JSONDecoder().decode(
      FeedLatest.self, from: Self.real("m20_latest_true_2025-10-07_quoted.json"))
    #expect(latest.latestSol == 1646)
    #expect(latest.total == 887_260)
    #expect(FeedMapping.day(of: latest.latest) == "2025-10-07")
  }

  @Test func perseveranceRecordsBecomeThePhotosTheServersMake() throws {
    let page = try PerseveranceFeedPage.scan(Self.real("m20_sol888_navcamleft_13.json"))
    let photos = FeedMapping.photos(page.images, rover: Self.perseverance)
    #expect(photos.count == 13)
    let first = try #require(photos.first)
    #expect(first.id == nil)
    #expect(first.camera.name == "NAVCAM_LEFT" && first.instrument == "NAVCAM_LEFT")
    #expect(first.camera.fullName == "Navigation Camera - Left")
    #expect(first.earthDate == "2023-08-19")
    #expect(first.rover == RoverReference(id: 8, name: "Perseverance"))
    // The identity is the image id plus its two-digit version, as the servers' file names say.
    for (photo, image) in zip(photos, page.images) {
      #expect(photo.nasaID == image.imageID + "01")
      #expect(photo.imgSrc.hasSuffix("_1200.jpg"))
    }
  }

  @Test func theSizesFollowTheFeedsOwnFiles() throws {
    let data = try Self.real("m20_sol888_navcamleft_13.json")
    let raw = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    for image in try #require(raw["images"] as? [[String: Any]]) {
      let files = try #require(image["image_files"] as? [String: String])
      let large = try #require(files["large"])
      #expect(ImageSize.small.address(ofImageAt: large) == files["small"])
      #expect(ImageSize.medium.address(ofImageAt: large) == files["medium"])
      #expect(ImageSize.full.address(ofImageAt: large) == files["full_res"])
      #expect(ImageSize.large.address(ofImageAt: files["medium"] ?? "") == large)
    }
  }

  @Test func curiosityItemsKeepFullSamplesUnderTheirLegacyCameras() throws {
    let page = try CuriosityFeedPage.scan(Self.real("msl_sol86_items_16.json"))
    let photos = FeedMapping.photos(page.items, rover: Self.curiosity)
    #expect(page.items.count == 16)
    #expect(photos.count == 8, "the 8 downsampled copies are dropped")
    #expect(photos.allSatisfy { $0.camera.name == "NAVCAM" })
    #expect(Set(photos.compactMap(\.instrument)) == ["NAV_LEFT_A", "NAV_RIGHT_A"])
    #expect(photos.allSatisfy { $0.earthDate == "2012-11-02" && $0.id != nil })
    for photo in photos {
      let item = try #require(page.items.first { $0.id == photo.id })
      #expect(photo.nasaID == item.imageID)
    }
    let navLeft = photos.filter { FeedMapping.matches($0, camera: "NAV_LEFT_A") }
    #expect(navLeft.count == 4)
    #expect(photos.filter { FeedMapping.matches($0, camera: "navcam") }.count == 8)
  }

  @Test(arguments: [
    ("MAST_LEFT", "MAST"), ("NAV_RIGHT_B", "NAVCAM"), ("FHAZ_LEFT_B", "FHAZ"),
    ("RHAZ_RIGHT_A", "RHAZ"), ("CHEMCAM_RMI", "CHEMCAM"), ("MAHLI", "MAHLI"), ("MARDI", "MARDI"),
  ])
  func curiosityInstrumentsMapToTheLegacyCameras(_ instrument: String, _ camera: String) {
    #expect(FeedMapping.legacyCamera(for: instrument) == camera)
  }

  @Test func aPageWithMissingNullOrUnknownFieldsDecodes() throws {
    let page = try PerseveranceFeedPage.scan(FixtureFiles.data("shapes/nasa_feed_odd_fields.json"))
    #expect(page.totalResults == 4 && page.page == 0 && page.perPage == 100)
    // The record without an id is left out; the others are read, whatever their odd fields.
    #expect(page.images.count == 3)
    let photos = FeedMapping.photos(page.images, rover: Self.perseverance)
    // The record without an image or instrument cannot be a photo.
    #expect(photos.map(\.camera.name) == ["NAVCAM_LEFT", "SHERLOC_WATSON"])
    #expect(photos[0].sol == 100 && photos[0].earthDate == "")
    #expect(photos[1].earthDate == "2021-05-31")
  }

  @Test func anEarthDayMapsToTheSolsThatCanFallOnIt() throws {
    // The API's fixtures say sol 100 was 2021-05-31 and sol 1042 was 2024-01-24.
    #expect(Self.perseverance.sols(around: try #require(EarthDate("2021-05-31"))).contains(100))
    #expect(Self.perseverance.sols(around: try #require(EarthDate("2024-01-24"))).contains(1042))
    #expect(Self.curiosity.sols(around: try #require(EarthDate("2015-05-30"))).contains(1000))
  }
}
