import Foundation
import Testing

@testable import RoverAPI

@Suite(.timeLimit(.minutes(3))) struct RequestBuildingTests {
  let client = APIClient(
    baseURL: URL(string: "https://example.test/api/v1")!,
    transport: ClosureTransport { _ in
      HTTPResponse(status: 500)
    })

  @Test(arguments: [
    (Endpoints.rovers().summary, "GET /rovers"),
    (Endpoints.rover("curiosity").summary, "GET /rovers/curiosity"),
    (Endpoints.manifest(rover: "spirit").summary, "GET /manifests/spirit"),
    (Endpoints.photo(id: 102693).summary, "GET /photos/102693"),
    (
      Endpoints.latestPhotos(rover: "curiosity", camera: "FHAZ").summary,
      "GET /rovers/curiosity/latest_photos?camera=FHAZ"
    ),
    (
      Endpoints.photos(rover: "curiosity", on: .sol(1000)).summary,
      "GET /rovers/curiosity/photos?sol=1000"
    ),
    (
      Endpoints.photos(
        rover: "curiosity", on: .earthDate(EarthDate("2015-05-30")!),
        camera: "NAVCAM", page: 2, perPage: 100
      ).summary,
      "GET /rovers/curiosity/photos?earth_date=2015-05-30&camera=NAVCAM&page=2&per_page=100"
    ),
  ])
  func summaryNamesPathAndQuery(_ summary: String, _ expected: String) {
    #expect(summary == expected)
  }

  @Test func urlIsBuiltUnderTheBasePath() throws {
    let request = try client.makeHTTPRequest(
      for: Endpoints.photos(rover: "curiosity", on: .sol(1000), page: 3))
    #expect(
      request.url.absoluteString
        == "https://example.test/api/v1/rovers/curiosity/photos?sol=1000&page=3")
    #expect(request.headers["X-API-Key"] == nil)
    #expect(request.timeout == 30)
  }

  @Test func trailingSlashOnTheBaseIsIgnored() throws {
    var client = client
    client.baseURL = URL(string: "http://127.0.0.1:8080/api/v1/")!
    let request = try client.makeHTTPRequest(for: Endpoints.rovers())
    #expect(request.url.absoluteString == "http://127.0.0.1:8080/api/v1/rovers")
  }

  @Test func keyTravelsAsHeaderAndQueryButNeverInTheSummary() throws {
    var client = client
    client.apiKey = "mv_live_secret+key"
    let endpoint = Endpoints.manifest(rover: "curiosity")
    let request = try client.makeHTTPRequest(for: endpoint)
    #expect(request.headers["X-API-Key"] == "mv_live_secret+key")
    #expect(request.url.query == "api_key=mv_live_secret%2Bkey")
    #expect(!endpoint.summary.contains("secret"))
  }

  @Test func namesCannotAddPathSegments() {
    #expect(Endpoints.rover("../photos/1").path == "rovers/..%2Fphotos%2F1")
    #expect(Endpoints.manifest(rover: "spïrit").path == "manifests/sp%C3%AFrit")
  }
}

@Suite(.timeLimit(.minutes(3))) struct EarthDateTests {
  @Test(arguments: ["2015-05-30", "2024-02-29", "2000-02-29", "2012-08-06"])
  func acceptsRealDates(_ text: String) throws {
    #expect(try #require(EarthDate(text)).description == text)
  }

  @Test(arguments: [
    "2015-5-30", "2023-02-29", "1900-02-29", "2015-13-01", "2015-04-31", "2015-00-10",
    "2015-05-00", "15-05-30", "2015/05/30", "2015-05-30T00:00", "", "２０１５-05-30", "abcd-ef-gh",
  ])
  func rejectsAnythingElse(_ text: String) {
    #expect(EarthDate(text) == nil)
  }
}
