import Foundation
import TestSupport
import Testing

@testable import RoverAPI

/// The built `rovers` run as a process against the fixture server on loopback.
@Suite(.timeLimit(.minutes(3))) struct EndToEndTests {
  @Test func listShowsEveryRover() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["list"], base: server.baseURL, environment: ["ROVERS_SOURCE": "auto"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty)
    let lines = run.stdout.split(separator: "\n")
    try #require(lines.count == 7)
    #expect(lines[0].hasPrefix("NAME"))
    #expect(
      lines[1].hasPrefix(
        "Curiosity     active    2011-11-26  2012-08-06     2540  2019-09-28  366206"))
    #expect(lines[4].hasPrefix("Perseverance  active"))
    // The missions only NASA's feeds have, from the feeds beside the API.
    #expect(
      lines[5].hasPrefix("Ingenuity     complete  2020-07-30  2021-02-18     1069  2024-02-21"))
    #expect(
      lines[6].hasPrefix("InSight       complete  2018-05-05  2018-11-26     1211  2022-04-23"))
  }

  @Test func listJSONUsesTheAPIsFieldNames() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["list", "--json"], base: server.baseURL, environment: ["ROVERS_SOURCE": "auto"])
    let rovers = try JSONDecoder().decode([Rover].self, from: Data(run.stdout.utf8))
    #expect(
      rovers.map(\.name) == [
        "Curiosity", "Spirit", "Opportunity", "Perseverance", "Ingenuity", "InSight",
      ])
    #expect(run.stdout.contains("\"landing_date\": \"2012-08-06\""))
  }

  @Test func latestIsOneRoundTripOnASlowServer() async throws {
    let server = try await FixtureServer.start(latencyMilliseconds: 1000)
    let run = try await CapturedRun.rovers(["latest"], base: server.baseURL)
    #expect(run.status == 0)
    #expect(run.stdout.contains("Curiosity: sol 2540, 2019-09-28, 4 photos\n"))
    #expect(run.stdout.contains("Perseverance: sol 1042, 2024-01-24, 62 photos\n"))
    // The list and the four known rovers start together: five requests in flight at once,
    // where waiting for the list would make two round trips, and one by one five.
    let requests = server.requests
    #expect(requests.count == 5)
    #expect(requests.map(\.inFlight).max() == 5)
    #expect(requests.filter { $0.target.contains("/latest_photos") }.count == 4)
  }

  @Test func latestWithACameraWaitsForTheListToCheckIt() async throws {
    // A second of latency: on a machine busy with the other tests, four requests started
    // together still overlap.
    let server = try await FixtureServer.start(latencyMilliseconds: 1000)
    let run = try await CapturedRun.rovers(["latest", "--camera", "FHAZ"], base: server.baseURL)
    #expect(run.status == 0)
    #expect(run.stdout.contains("Curiosity: sol 2540, 2019-09-28, 1 photo\n"))
    // Perseverance never had a FHAZ, and is not asked for one.
    #expect(run.stdout.contains("Perseverance: no photos (never had FHAZ)\n"))
    let requests = server.requests
    #expect(requests.first?.target == "/api/v1/rovers")
    #expect(requests.first?.inFlight == 1)
    #expect(requests.dropFirst().map(\.inFlight).max() == 3)
    #expect(!requests.contains { $0.target.contains("Perseverance") })
  }

  /// One rule with a rover or without: a camera none of the rovers in play has is exit 64, one
  /// only some have is named for the others.
  @Test func aCameraARoverNeverHadIsNamedForThatRover() async throws {
    let server = try await FixtureServer.start()
    let all = try await CapturedRun.rovers(
      ["latest", "--camera", "NAVCAM", "--json"], base: server.baseURL)
    #expect(all.status == 0, "\(all.stderr)")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(all.stdout.utf8)) as? [[String: Any]])
    let perseverance = try #require(entries.first { $0["rover"] as? String == "Perseverance" })
    #expect(perseverance["missing_cameras"] as? [String] == ["NAVCAM"])
    #expect((perseverance["photos"] as? [Any])?.isEmpty == true)
    #expect(entries.first { $0["rover"] as? String == "Spirit" }?["missing_cameras"] == nil)
    let one = try await CapturedRun.rovers(
      ["latest", "perseverance", "--camera", "NAVCAM"], base: server.baseURL)
    #expect(one.status == 64)
    #expect(one.stderr.hasPrefix("Error: Unknown camera 'NAVCAM' on Perseverance."))
  }

  @Test func manifestShowsEverySol() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(["manifest", "curiosity"], base: server.baseURL)
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("Curiosity (active)\nlaunched 2011-11-26, landed 2012-08-06\n"))
    #expect(run.stdout.contains("\n1000  2015-05-30     856  CHEMCAM FHAZ MAST NAVCAM RHAZ\n"))
    let json = try await CapturedRun.rovers(
      ["manifest", "curiosity", "--json", "--from-sol", "1000", "--limit", "3"],
      base: server.baseURL)
    let manifest = try JSONDecoder().decode(PhotoManifest.self, from: Data(json.stdout.utf8))
    #expect(manifest.photos.map(\.sol) == [1000, 1001, 1002])
    #expect(manifest.totalPhotos == 366206)
  }

  @Test func photosOfPerseveranceSol100() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["photos", "perseverance", "--sol", "100"], base: server.baseURL)
    #expect(run.status == 0)
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 50)
    #expect(lines[0].hasPrefix("    ID  CAMERA       EARTH DATE  URL"))
    // The API says 2021-05-31 (the landing day plus 100 whole sols); sol 100 began at 22:23
    // that day and its daylight is on 2021-06-01, the day the table shows.
    #expect(lines.dropFirst().allSatisfy { $0.contains("2021-06-01  https://mars.nasa.gov/") })
  }

  @Test func curiositySol1000ReturnsTheRealPhotosInOrder() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--json"], base: server.baseURL)
    #expect(run.status == 0)
    let photos = try JSONDecoder().decode([Photo].self, from: Data(run.stdout.utf8))
    let real = try Endpoints.photos(rover: "curiosity", on: .sol(1000)).decode(
      Data(
        contentsOf: PackagePaths.fixtures.appendingPathComponent(
          "real-api/photos_curiosity_sol1000_all856.json")))
    #expect(photos.count == 856)
    #expect(
      photos
        == real.photos.map { photo in
          var photo = photo
          photo.camera.roverID = nil  // the output leaves out what the context says
          return photo
        })
  }

  @Test func unknownRoverIsOneLineAndExit64() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["photos", "curiosty", "--sol", "1000"], base: server.baseURL)
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr
        == "Error: Unknown rover 'curiosty'. Did you mean 'curiosity'? Known rovers: curiosity, spirit, opportunity, perseverance, ingenuity, insight.\n"
    )
  }

  @Test(arguments: [
    ["photos", "curiosity", "--sol", "x1"], ["photos", "curiosity", "--sol", "-3"],
    ["manifest", "curiosity", "--to-sol", "two"],
  ])
  func malformedSolIsExit64BeforeAnyRequest(_ arguments: [String]) async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(arguments, base: server.baseURL)
    #expect(run.status == 64)
    #expect(run.stderr.hasPrefix("Error: The value "))
    #expect(server.requests.isEmpty)
  }

  @Test func oneRoverFailingStillShowsTheOthers() async throws {
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/rovers/Spirit/latest_photos", "status": 503}]"#)
    let run = try await CapturedRun.rovers(["latest"], base: server.baseURL)
    #expect(run.status == 69)
    #expect(run.stdout.contains("Curiosity: sol 2540"))
    #expect(run.stdout.contains("Opportunity: sol 5111"))
    #expect(!run.stdout.contains("Spirit"))
    #expect(
      run.stderr
        == "Error: GET \(server.baseURL)/rovers/Spirit/latest_photos?per_page=100: the server answered 503 Service"
        + " Unavailable\n")
    let json = try await CapturedRun.rovers(["latest", "--json"], base: server.baseURL)
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(
      entries.map { $0["rover"] as? String } == [
        "Curiosity", "Spirit", "Opportunity", "Perseverance",
      ])
    #expect(
      entries[1]["error"] as? String
        == "GET \(server.baseURL)/rovers/Spirit/latest_photos?per_page=100: the server answered 503 Service"
        + " Unavailable")
    #expect(entries[1]["photos"] == nil)
  }

  @Test func aRequestSlowerThanTheTimeoutIsTemporary() async throws {
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/manifests/", "latency_ms": 5000}]"#)
    let run = try await CapturedRun.rovers(
      ["manifest", "spirit", "--timeout", "0.5"], base: server.baseURL)
    #expect(run.status == 75)
    #expect(
      run.stderr == "Error: GET \(server.baseURL)/manifests/spirit: no answer before the timeout\n")
  }

  @Test func refusedConnectionIsUnavailable() async throws {
    let run = try await CapturedRun.rovers(["list"], base: "http://127.0.0.1:9/api/v1")
    #expect(run.status == 69)
    #expect(
      run.stderr == "Error: GET http://127.0.0.1:9/api/v1/rovers: cannot connect to 127.0.0.1:9\n")
  }

  @Test func theKeyIsSentButNeverShown() async throws {
    let key = "mv_live_TOPSECRET42"
    let server = try await FixtureServer.start(
      faults:
        #"[{"match": "/rovers", "status": 403, "body": "{\"error\": {\"code\": \"API_KEY_INVALID\", \"message\": \"key mv_live_TOPSECRET42 is not valid\"}}"}]"#
    )
    let run = try await CapturedRun.rovers(["list", "--api-key", key], base: server.baseURL)
    #expect(run.status == 77)
    #expect(
      run.stderr
        == "Error: GET \(server.baseURL)/rovers: the server answered 403 Forbidden: API_KEY_INVALID: key *** is not"
        + " valid (the key comes from --api-key, --api-key-file, ROVERS_API_KEY or NASA_API_KEY)\n"
    )
    #expect(!(run.stdout + run.stderr).contains("TOPSECRET"))
    #expect(server.requests.first?.key == key)
    #expect(server.requests.first?.target == "/api/v1/rovers?api_key=\(key)")
  }

  @Test func keyFromTheEnvironmentIsUsed() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["list"], base: server.baseURL, environment: ["NASA_API_KEY": "nasa-key-1"])
    #expect(run.status == 0)
    #expect(server.requests.first?.key == "nasa-key-1")
  }
}
