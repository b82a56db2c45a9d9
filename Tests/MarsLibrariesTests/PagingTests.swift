import Foundation
import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

@Suite(.timeLimit(.minutes(3))) struct PagingTests {
  let sol1000: [Int?]

  init() throws {
    sol1000 = try Fixture.photos(rover: "curiosity", sol: 1000).map(\.id)
  }

  @Test func theOriginalShapeSendsAWholeDayInOneRequest() async throws {
    let api = StubAPI(delay: .milliseconds(20))
    let archive = MarsArchive(client: api.client, maxConcurrentRequests: 6, pageSize: 100)
    let photos = try await archive.fetchPhotos(rover: "curiosity", on: .sol(1000))
    #expect(photos.map(\.id) == sol1000)
    #expect(api.requests == ["rovers/curiosity/photos?sol=1000&per_page=100"])
  }

  @Test func marsVistaPaginationNeedsNoManifest() async throws {
    let api = StubAPI(shape: .marsVista, delay: .milliseconds(20))
    let archive = MarsArchive(client: api.client, maxConcurrentRequests: 4, pageSize: 100)
    let photos = try await archive.fetchPhotos(rover: "curiosity", on: .sol(1000))
    #expect(photos.map(\.id) == sol1000)
    #expect(!api.requests.contains { $0.hasPrefix("manifests") })
    #expect(api.requests.first == "rovers/curiosity/photos?sol=1000&per_page=100")
    #expect(api.requests.count == 9)
    #expect(api.maxInFlight == 4)
  }

  @Test func aStaleCountKeepsFetchingInParallelWindowsUntilAShortPage() async throws {
    // Mars Vista's totals from before the sol filled up: 2 pages announced, 9 there.
    let api = StubAPI(shape: .marsVista, delay: .milliseconds(20), stalePages: 2)
    let archive = MarsArchive(client: api.client, maxConcurrentRequests: 8, pageSize: 100)
    let photos = try await archive.fetchPhotos(rover: "curiosity", on: .sol(1000))
    #expect(photos.map(\.id) == sol1000)
    // Page 1, page 2, then one window of 8 pages (3 to 10) ending at the short page 9.
    #expect(api.requests.count == 10)
    #expect(api.maxInFlight == 8)
  }

  @Test func aStaleCountOfOnePageStillFetchesTheRest() async throws {
    // Totals saying one page while page 1 came back full: the rest come in one window.
    let api = StubAPI(shape: .marsVista, delay: .milliseconds(20), stalePages: 1)
    let archive = MarsArchive(client: api.client, maxConcurrentRequests: 8, pageSize: 100)
    let photos = try await archive.fetchPhotos(rover: "curiosity", on: .sol(1000))
    #expect(photos.map(\.id) == sol1000)
    // Page 1, then one window of 8 pages (2 to 9) ending at the short page 9.
    #expect(api.requests.count == 9)
    #expect(api.maxInFlight == 8)
  }

  @Test func severalCamerasMergeBackIntoServerOrder() async throws {
    let api = StubAPI()
    let photos = try await MarsArchive(client: api.client)
      .fetchPhotos(rover: "curiosity", on: .sol(1000), cameras: ["NAVCAM", "FHAZ"])
    let expected = try Fixture.photos(rover: "curiosity", sol: 1000).filter {
      ["FHAZ", "NAVCAM"].contains($0.camera.name)
    }
    #expect(photos.map(\.id) == expected.map(\.id))
    #expect(photos.first?.camera.name == "FHAZ")
  }

  @Test func implausiblePageCountIsAnErrorNotAnAllocation() async throws {
    let body = try JSONSerialization.data(withJSONObject: [
      "photos": [], "pagination": ["total_pages": Int.max],
    ])
    let api = StubAPI { _ in HTTPResponse(status: 200, body: body) }
    await #expect(throws: APIError.self) {
      try await MarsArchive(client: api.client).fetchPhotos(rover: "curiosity", on: .sol(1))
    }
    #expect(api.requests.count == 1)
  }
}
