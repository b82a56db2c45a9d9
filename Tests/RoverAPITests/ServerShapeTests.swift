import Foundation
import Testing

@testable import RoverAPI

/// The shapes that differ between servers all decode, as API.md lists them.
@Suite(.timeLimit(.minutes(3))) struct ServerShapeTests {
  func shape(_ name: String) throws -> Data { try FixtureFiles.data("shapes/\(name)") }

  @Test func marsVistaPageCarriesPaginationAndNoRoverID() throws {
    let page = try Endpoints.photos(rover: "curiosity", on: .sol(1000)).decode(
      shape("marsvista_photos_page1.json"))
    #expect(page.photos.count == 100)
    #expect(page.pagination == Pagination(totalCount: 856, page: 1, perPage: 100, totalPages: 9))
    #expect(page.photos.allSatisfy { $0.camera.roverID == nil })
  }

  @Test func marsVistaLatestUsesRootPhotos() throws {
    let page = try Endpoints.latestPhotos(rover: "curiosity").decode(
      shape("marsvista_latest_photos.json"))
    #expect(page.photos.count == 25)
  }

  @Test func marsVistaRoverCamerasCarryIDs() throws {
    let rover = try Endpoints.rover("perseverance").decode(shape("marsvista_rover.json"))
    #expect(rover.cameras.count == 17)
    #expect(rover.cameras.first?.id == 34)
  }

  @Test func oldestNestedRoverNeedsOnlyIDAndName() throws {
    let photo = try Endpoints.photo(id: 102693).decode(shape("photo_oldest_rover_shape.json"))
    #expect(photo.rover == RoverReference(id: 5, name: "Curiosity"))
  }

  @Test func instrumentCameraNamesAreAccepted() throws {
    let page = try Endpoints.photos(rover: "curiosity", on: .sol(1000)).decode(
      shape("photos_instrument_camera_names.json"))
    #expect(page.photos.map(\.camera.name) == ["NAV_LEFT_B", "FRONT_HAZCAM_LEFT_B"])
  }

  @Test(
    arguments: [
      ("original_error_400_invalid_rover.json", 400, "Invalid Rover Name", nil),
      ("marsvista_error_404_rover.json", 404, "Rover 'marz' not found", nil),
      (
        "marsvista_error_400_earth_date.json", 400, "Invalid earth_date format. Use YYYY-MM-DD.",
        nil
      ),
      (
        "marsvista_error_401.json", 401,
        "Unauthorized: API key required. Get one at https://marsvista.dev", nil
      ),
      ("marsvista_error_429.json", 429, "Too Many Requests: Rate limit exceeded", 60.0),
      (
        "gateway_error_403_invalid_key.json", 403,
        "API_KEY_INVALID: An invalid api_key was supplied. Get one at https://api.nasa.gov:443", nil
      ),
      ("gateway_error_429.html", 429, nil, nil),
    ] as [(String, Int, String?, Double?)])
  func errorBodiesGiveTheServersMessage(
    _ file: String, _ status: Int, _ message: String?, _ retryAfter: Double?
  ) throws {
    let response = ServerErrorResponse(HTTPResponse(status: status, body: try shape(file)))
    #expect(response.message == message)
    #expect(response.retryAfter == retryAfter)
  }

  @Test func retryAfterHeaderWinsOverBodyAndIgnoresCase() throws {
    let response = ServerErrorResponse(
      HTTPResponse(
        status: 429, headers: ["retry-AFTER": "7"], body: try shape("marsvista_error_429.json")))
    #expect(response.retryAfter == 7)
  }
}
