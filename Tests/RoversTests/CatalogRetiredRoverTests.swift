import Foundation
import TestSupport
import Testing

/// Spirit and Opportunity in the catalogue: synced from an API server (the fixture server in
/// the API's shape), the only place their photos are, then listed and searched offline as the
/// API lists them.
@Suite(.timeLimit(.minutes(3))) struct CatalogRetiredRoverTests {
  let folder: TemporaryFolder
  var path: String { folder.file("catalog.sqlite").path }

  init() throws { folder = try TemporaryFolder() }

  /// `words` with the API at `api` and NASA's feeds at `feeds`.
  func rovers(_ words: [String], api: String, feeds: FixtureServer) async throws -> CapturedRun {
    try await CapturedRun.rovers(
      words, base: api, environment: ["ROVERS_NASA_BASE": feeds.host, "ROVERS_CATALOG": path])
  }

  /// The JSON objects of a run's output.
  func objects(_ run: CapturedRun) throws -> [[String: Any]] {
    try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
  }

  @Test func syncedFromTheAPIServerTheyListAndSearchAsTheAPIListsThem() async throws {
    let api = try await FixtureServer.start()
    let feeds = try await FixtureServer.start(shape: "nasa")
    for range in [["--to-sol", "2"], ["--from-sol", "2208"]] {
      let sync = try await rovers(
        ["catalog", "sync", "spirit", "opportunity", "-q"] + range, api: api.baseURL,
        feeds: feeds)
      #expect(sync.status == 0, "\(sync.stderr)")
    }
    #expect(
      !feeds.requests.contains {
        $0.target.contains("spirit") || $0.target.contains("opportunity")
      },
      "NASA's feeds do not have them")
    var served: [[String: Any]] = []
    for (rover, sol) in [
      ("spirit", 1), ("spirit", 2208), ("opportunity", 1), ("opportunity", 5111),
    ] {
      let words = ["photos", rover, "--sol", "\(sol)", "--json"]
      let fromAPI = try await rovers(words + ["--source", "api"], api: api.baseURL, feeds: feeds)
      let fromCatalog = try await rovers(
        words + ["--source", "catalog"], api: Offline.apiBase, feeds: feeds)
      #expect(fromAPI.status == 0 && fromCatalog.status == 0, "\(fromCatalog.stderr)")
      #expect(!fromAPI.stdout.isEmpty)
      #expect(fromCatalog.stdout == fromAPI.stdout, "\(rover) sol \(sol)")
      served += try objects(fromAPI)
    }
    // A search is a filter over the same records: the camera's family, across both missions.
    let search = try await rovers(
      ["search", "spirit", "opportunity", "--camera", "navcam", "--json"], api: Offline.apiBase,
      feeds: feeds)
    #expect(search.status == 0, "\(search.stderr)")
    let navcam = served.filter { ($0["camera"] as? [String: Any])?["name"] as? String == "NAVCAM" }
    #expect(!navcam.isEmpty)
    #expect(
      Set(try objects(search).compactMap { $0["img_src"] as? String })
        == Set(navcam.compactMap { $0["img_src"] as? String }))
    let counted = try await rovers(
      ["search", "opportunity", "--count", "--group-by", "camera", "--json"],
      api: Offline.apiBase, feeds: feeds)
    var expected: [String: Int] = [:]
    for photo in served
    where (photo["rover"] as? [String: Any])?["name"] as? String == "Opportunity" {
      expected[(photo["camera"] as? [String: Any])?["name"] as? String ?? "", default: 0] += 1
    }
    let groups = try objects(counted).map {
      ($0["group"] as? String ?? "", $0["count"] as? Int ?? 0)
    }
    #expect(Dictionary(uniqueKeysWithValues: groups) == expected)
  }

  @Test func aRetiredMissionHeldWholeAsksItsServerNothing() async throws {
    let api = try await FixtureServer.start()
    let feeds = try await FixtureServer.start(shape: "nasa")
    // Its last sols, to its last: the sync knows where the mission ended without asking.
    let words = ["catalog", "sync", "spirit", "--from-sol", "2150", "--json"]
    let first = try await rovers(words, api: api.baseURL, feeds: feeds)
    #expect(first.status == 0, "\(first.stderr)")
    let outcome = try #require(try objects(first).first)
    #expect(outcome["sols"] as? Int == 59 && outcome["last_sol"] as? Int == 2208)
    // Its manifest once, then each sol it lists once: the sols without photos are held
    // unasked.
    let manifest = try JSONSerialization.jsonObject(
      with: Data(
        contentsOf: PackagePaths.fixtures.appendingPathComponent("api/manifests/spirit.json")))
    let listed = try #require(
      ((manifest as? [String: Any])?["photo_manifest"] as? [String: Any])?["photos"]
        as? [[String: Any]]
    ).compactMap { $0["sol"] as? Int }.filter { $0 >= 2150 }
    #expect(listed.count < 59, "the fixtures' last sols include some without photos")
    let asked = api.requests.map(\.target).filter { $0.contains("/spirit") }
    let sols = asked.compactMap {
      $0.split(separator: "sol=").last.flatMap { Int($0.prefix { $0.isNumber }) }
    }
    #expect(asked.filter { $0.contains("/manifests/spirit") }.count == 1, "\(asked)")
    #expect(sols.sorted() == listed.sorted(), "each sol with photos asked once, and nothing else")
    #expect(asked.count == listed.count + 1)
    // Its server gone, a later sync still holds those sols whole, asking nothing.
    let later = try await rovers(words, api: Offline.apiBase, feeds: feeds)
    #expect(later.status == 0, "\(later.stderr)")
    #expect(try objects(later).first?["sols"] as? Int == 0)
    // Not held yet, a dead server is said in one line.
    let opportunity = try await rovers(
      ["catalog", "sync", "opportunity", "--to-sol", "3"], api: Offline.apiBase, feeds: feeds)
    #expect(opportunity.status == 69)
    #expect(opportunity.stderr.split(separator: "\n").count == 1, "\(opportunity.stderr)")
  }
}
