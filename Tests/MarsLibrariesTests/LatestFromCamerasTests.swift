import Foundation
import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

/// `latest --camera`: each rover's photos from the camera on the last sol it took any, and a
/// camera a rover never had named as such for that rover.
@Suite(.timeLimit(.minutes(3))) struct LatestFromCamerasTests {
  /// Curiosity's NAVCAM took nothing on sol 2540, its latest; the manifest says sol 2539.
  static func stub() -> StubAPI {
    StubAPI(delay: .zero) { target in
      guard target.lowercased().hasPrefix("rovers/curiosity/photos?sol=2539&camera=navcam") else {
        return nil
      }
      let photos = try Fixture.photoObjects(rover: "curiosity", sol: 1000).compactMap {
        object -> [String: Any]? in
        guard var photo = object as? [String: Any],
          (photo["camera"] as? [String: Any])?["name"] as? String == "NAVCAM"
        else { return nil }
        photo["sol"] = 2539
        photo["earth_date"] = "2019-09-27"
        return photo
      }
      return HTTPResponse(
        status: 200, body: try JSONSerialization.data(withJSONObject: ["photos": photos]))
    }
  }

  @Test func aCameraIdleOnTheLatestSolShowsItsOwnLastSol() async throws {
    let api = Self.stub()
    let archive = MarsArchive(client: api.client)
    let outcomes = try await archive.fetchLatestPhotos(
      rovers: ["curiosity"], cameras: ["navcam"], listed: try await archive.fetchAllRovers())
    let latest = try #require(outcomes.first?.value)
    #expect(latest.sol == 2539, "\(api.requests)")
    #expect(latest.earthDate == "2019-09-27")
    #expect(!latest.photos.isEmpty)
    #expect(latest.photos.allSatisfy { $0.camera.name == "NAVCAM" })
    #expect(latest.missingCameras.isEmpty)
    #expect(api.requests.contains("manifests/curiosity"))
  }

  @Test func aCameraUsedOnTheLatestSolNeedsNoManifest() async throws {
    let api = Self.stub()
    let archive = MarsArchive(client: api.client)
    let outcomes = try await archive.fetchLatestPhotos(
      rovers: ["curiosity"], cameras: ["FHAZ"], listed: try await archive.fetchAllRovers())
    #expect(outcomes.first?.value?.sol == 2540)
    #expect(outcomes.first?.value?.photos.map(\.camera.name) == ["FHAZ"])
    #expect(!api.requests.contains("manifests/curiosity"))
  }

  @Test func aCameraOnlySomeRoversCarryIsNamedForTheOthers() async throws {
    let api = Self.stub()
    let archive = MarsArchive(client: api.client)
    let outcomes = try await archive.fetchLatestPhotos(
      rovers: nil, cameras: ["NAVCAM"], listed: try await archive.fetchAllRovers())
    #expect(outcomes.map(\.rover) == ["Curiosity", "Spirit", "Opportunity", "Perseverance"])
    let perseverance = try #require(outcomes.last?.value)
    #expect(perseverance.missingCameras == ["NAVCAM"])
    #expect(perseverance.photos.isEmpty && perseverance.sol == nil)
    // A rover is not asked for a camera it never had.
    #expect(!api.requests.contains { $0.lowercased().contains("perseverance") })
    #expect(outcomes[0].value?.sol == 2539)
    #expect(outcomes[1].value?.sol == 2208)
  }

  @Test func aCameraNoRoverInPlayCarriesIsUnknown() async throws {
    let api = Self.stub()
    let archive = MarsArchive(client: api.client)
    let listed = try await archive.fetchAllRovers()
    await #expect {
      try await archive.fetchLatestPhotos(
        rovers: ["perseverance"], cameras: ["NAVCAM"], listed: listed)
    } throws: { error in
      guard case .unknownCamera(let camera, let rover, let known) = error as? ArchiveError else {
        return false
      }
      return camera == "NAVCAM" && rover == "Perseverance" && known.contains("NAVCAM_LEFT")
    }
  }
}
