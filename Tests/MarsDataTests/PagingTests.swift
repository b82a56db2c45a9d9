import Foundation
import Testing

@testable import MarsData
@testable import RoverAPI

@Suite struct PagingTests {
  let sol1000: [Int]

  init() throws {
    sol1000 = try Fixture.photos(rover: "curiosity", sol: 1000).map(\.id)
  }

  @Test func originalServerFullFirstPageTakesTheCountFromTheManifest() async throws {
    let api = StubAPI(delay: .milliseconds(20))
    let archive = MarsArchive(client: api.client, maxConcurrentRequests: 6, pageSize: 100)
    let photos = try await archive.fetchPhotos(rover: "curiosity", on: .sol(1000))
    #expect(photos.map(\.id) == sol1000)
    let requests = api.requests
    #expect(
      requests.prefix(2) == [
        "rovers/curiosity/photos?sol=1000&page=1&per_page=100", "manifests/curiosity",
      ])
    #expect(
      Set(requests.dropFirst(2))
        == Set((2...9).map { "rovers/curiosity/photos?sol=1000&page=\($0)&per_page=100" }))
    #expect(api.maxInFlight == 6)
  }

  @Test func shortFirstPageIsTheWholeDay() async throws {
    let api = StubAPI()
    let photos = try await MarsArchive(client: api.client).fetchPhotos(
      rover: "perseverance", on: .sol(100))
    #expect(photos.count == 49)
    #expect(api.requests == ["rovers/perseverance/photos?sol=100&page=1&per_page=100"])
  }

  @Test func marsVistaPaginationNeedsNoManifest() async throws {
    let api = StubAPI(shape: .marsVista, delay: .milliseconds(20))
    let archive = MarsArchive(client: api.client, maxConcurrentRequests: 4, pageSize: 100)
    let photos = try await archive.fetchPhotos(rover: "curiosity", on: .sol(1000))
    #expect(photos.map(\.id) == sol1000)
    #expect(!api.requests.contains { $0.hasPrefix("manifests") })
    #expect(api.requests.count == 9)
    #expect(api.maxInFlight == 4)
  }

  @Test func knownCountStartsEveryPageAtOnce() async throws {
    let api = StubAPI(delay: .milliseconds(20))
    let archive = MarsArchive(client: api.client, maxConcurrentRequests: 16, pageSize: 25)
    let photos = try await archive.fetchPhotos(
      rover: "curiosity", on: .sol(1000), expectedCount: 856)
    #expect(photos.map(\.id) == sol1000)
    #expect(api.requests.count == 35)
    #expect(api.maxInFlight == 16)
  }

  @Test func staleCountKeepsPagingUntilAShortPage() async throws {
    let api = StubAPI()
    let archive = MarsArchive(client: api.client, pageSize: 100)
    let photos = try await archive.fetchPhotos(
      rover: "curiosity", on: .sol(1000), expectedCount: 150)
    #expect(photos.map(\.id) == sol1000)
    #expect(api.requests.count == 9)
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
