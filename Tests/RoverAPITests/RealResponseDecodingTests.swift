import Foundation
import TestSupport
import Testing

@testable import RoverAPI

/// Every recorded response decodes, with the counts the recordings are known to hold.
@Suite(.timeLimit(.minutes(3))) struct RealResponseDecodingTests {
  /// Which request each recorded file answers, so it is decoded the way the client would.
  static func decode(_ url: URL) throws -> Int {
    let data = try Data(contentsOf: url)
    let name = url.lastPathComponent
    if name.hasPrefix("rovers_list") {
      return try Endpoints.rovers().decode(data).count
    } else if name.hasPrefix("manifest") {
      return try Endpoints.manifest(rover: "x").decode(data).photos.count
    } else if name.hasPrefix("photos") {
      return try Endpoints.photos(rover: "x", on: .sol(0)).decode(data).photos.count
    } else if name.hasPrefix("latest") {
      return try Endpoints.latestPhotos(rover: "x").decode(data).photos.count
    } else if name.hasPrefix("error") {
      let response = ServerErrorResponse(HTTPResponse(status: 429, body: data))
      return response.message == nil ? 0 : 1
    }
    Issue.record("no decoder chosen for \(name)")
    return -1
  }

  static let expectedCounts = [
    "error_429_over_rate_limit_api.nasa.gov.json": 1,
    "latest_photos_curiosity_sol2758_2020-05-09.json": 14,
    "manifest_curiosity_maxsol2540_2019-09-28.json": 2281,
    "manifest_perseverance_maxsol1042_2024-01-24.json": 975,
    "photos_curiosity_sol1000_all856.json": 856,
    "photos_perseverance_sol0_all54.json": 54,
    "photos_spirit_sol1_all77.json": 77,
    "rovers_list_2019-09.json": 3,
  ]

  @Test(arguments: expectedCounts.keys.sorted())
  func recordedCopyDecodes(_ name: String) throws {
    let url = PackagePaths.fixtures.appendingPathComponent("real-api/\(name)")
    #expect(try Self.decode(url) == Self.expectedCounts[name])
  }

  @Test(
    .enabled(
      if: FileManager.default.fileExists(atPath: FixtureFiles.sharedRealAPI.path),
      "needs ../shared/real-api beside the checkout, as CI has it"))
  func everySharedRecordingDecodesAndIsCopiedWhole() throws {
    let shared = FixtureFiles.jsonFiles(in: FixtureFiles.sharedRealAPI)
    #expect(shared.count == Self.expectedCounts.count)
    for url in shared {
      let copy = PackagePaths.fixtures.appendingPathComponent("real-api/\(url.lastPathComponent)")
      #expect(try Data(contentsOf: url) == Data(contentsOf: copy), "\(url.lastPathComponent)")
      #expect(try Self.decode(url) == Self.expectedCounts[url.lastPathComponent])
    }
  }

  @Test func rateLimitEnvelopeGivesCodeAndMessage() throws {
    let body = try FixtureFiles.data("real-api/error_429_over_rate_limit_api.nasa.gov.json")
    let response = ServerErrorResponse(HTTPResponse(status: 429, body: body))
    #expect(
      response.message?.hasPrefix("OVER_RATE_LIMIT: You have exceeded your rate limit") == true)
  }

  @Test func curiositySol1000KeepsServerOrderAndFields() throws {
    let data = try FixtureFiles.data("real-api/photos_curiosity_sol1000_all856.json")
    let photos = try Endpoints.photos(rover: "curiosity", on: .sol(1000)).decode(data).photos
    #expect(photos.first?.id == 102693)
    #expect(
      photos.first?.camera
        == Camera(id: 20, name: "FHAZ", roverID: 5, fullName: "Front Hazard Avoidance Camera"))
    #expect(photos.first?.rover == RoverReference(id: 5, name: "Curiosity"))
    let order = photos.map { [$0.camera.id ?? 0, $0.id ?? 0] }
    #expect(order == order.sorted { $0.lexicographicallyPrecedes($1) })
  }
}
