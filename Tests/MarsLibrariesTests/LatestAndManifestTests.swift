import Foundation
import Testing

@testable import MarsFetching
@testable import MarsMirror
@testable import RoverAPI

@Suite(.timeLimit(.minutes(3))) struct LatestAndManifestTests {
  @Test func latestAsksForTheRoversThenEveryRoverAtOnce() async throws {
    let api = StubAPI(delay: .milliseconds(30))
    let outcomes = try await MarsArchive(client: api.client).fetchLatestPhotos()
    #expect(outcomes.map(\.rover) == ["Curiosity", "Spirit", "Opportunity", "Perseverance"])
    #expect(outcomes.compactMap(\.value).map(\.sol) == [2540, 2208, 5111, 1042])
    #expect(outcomes.compactMap(\.value).map(\.photos.count) == [4, 16, 8, 62])
    #expect(api.requests.first == "rovers")
    #expect(api.requests.count == 5)
    #expect(api.maxInFlight == 4)
  }

  @Test func resultsKeepTheRoversOrderWhateverFinishesFirst() async throws {
    // The first rover answers last.
    let api = StubAPI { target in
      if target.contains("curiosity") { try await Task.sleep(for: .milliseconds(80)) }
      return nil
    }
    let outcomes = try await MarsArchive(client: api.client)
      .fetchLatestPhotos(rovers: ["curiosity", "spirit", "perseverance"])
    #expect(outcomes.map(\.rover) == ["curiosity", "spirit", "perseverance"])
    #expect(outcomes.compactMap(\.value).map(\.rover) == ["Curiosity", "Spirit", "Perseverance"])
    #expect(!api.requests.contains("rovers"))
  }

  @Test func oneFailingRoverKeepsTheOthers() async throws {
    let api = StubAPI { target in
      target.hasPrefix("rovers/Spirit") ? HTTPResponse(status: 503) : nil
    }
    let outcomes = try await MarsArchive(client: api.client).fetchLatestPhotos()
    #expect(outcomes.count == 4)
    #expect(
      outcomes.filter { $0.value != nil }.map(\.rover) == [
        "Curiosity", "Opportunity", "Perseverance",
      ])
    let error = try #require(outcomes[1].error as? APIError)
    #expect(
      error
        == .status(
          request: "GET http://stub.test/api/v1/rovers/Spirit/latest_photos?per_page=100",
          response: ServerErrorResponse(status: 503)))
  }

  @Test func marsVistaLatestPhotosAreFetchedPageByPage() async throws {
    let api = StubAPI(shape: .marsVista)
    let outcomes = try await MarsArchive(client: api.client, pageSize: 25).fetchLatestPhotos(
      rovers: ["perseverance"])
    #expect(
      outcomes.first?.value?.photos.map(\.id)
        == (try Fixture.photos(rover: "perseverance", sol: 1042).map(\.id)))
    // 62 photos: page 1 says there are 3, and pages 2 and 3 follow.
    #expect(api.requests.count == 3)
    #expect(api.requests.filter { $0.contains("?page=") }.count == 2)
  }

  @Test func manifestsComeBackInOrder() async throws {
    let api = StubAPI()
    let outcomes = try await MarsArchive(client: api.client).fetchManifestOutcomes()
    let manifests = outcomes.compactMap(\.value)
    #expect(manifests.map(\.name) == ["Curiosity", "Spirit", "Opportunity", "Perseverance"])
    #expect(manifests.map(\.photos.count) == [2281, 1970, 4608, 975])
  }

  @Test func manifestOutcomesKeepTheOthers() async throws {
    let api = StubAPI { $0 == "manifests/Opportunity" ? HTTPResponse(status: 500) : nil }
    let outcomes = try await MarsArchive(client: api.client).fetchManifestOutcomes()
    #expect(outcomes.map { $0.value?.name } == ["Curiosity", "Spirit", nil, "Perseverance"])
  }
}

@Suite(.timeLimit(.minutes(3))) struct ExpectedRoverTests {
  @Test func expectedRoversStartWithTheList() async throws {
    let api = StubAPI(delay: .milliseconds(40))
    let archive = MarsArchive(
      client: api.client, expectedRovers: ["Curiosity", "Spirit", "Opportunity", "Perseverance"])
    let outcomes = try await archive.fetchLatestPhotos()
    #expect(outcomes.map(\.rover) == ["Curiosity", "Spirit", "Opportunity", "Perseverance"])
    #expect(outcomes.allSatisfy { $0.value != nil })
    #expect(api.requests.count == 5)
    #expect(api.maxInFlight == 5)
  }

  @Test func theListDecidesWhatIsShown() async throws {
    // Zhurong is expected but not listed; Perseverance is listed but not expected.
    let api = StubAPI { target in
      target.hasPrefix("rovers/zhurong") ? HTTPResponse(status: 400) : nil
    }
    let archive = MarsArchive(
      client: api.client, expectedRovers: ["Curiosity", "Spirit", "Opportunity", "Zhurong"])
    let outcomes = try await archive.fetchManifestOutcomes()
    #expect(outcomes.map(\.rover) == ["Curiosity", "Spirit", "Opportunity", "Perseverance"])
    #expect(
      outcomes.map { $0.value?.name } == ["Curiosity", "Spirit", "Opportunity", "Perseverance"])
    #expect(api.requests.contains("manifests/Perseverance"))
  }

  @Test func aFailingListFailsTheWhole() async throws {
    let api = StubAPI { $0 == "rovers" ? HTTPResponse(status: 503) : nil }
    let archive = MarsArchive(client: api.client, expectedRovers: ["Curiosity"])
    await #expect(
      throws: APIError.status(
        request: "GET http://stub.test/api/v1/rovers", response: ServerErrorResponse(status: 503))
    ) {
      try await archive.fetchLatestPhotos()
    }
  }
}
