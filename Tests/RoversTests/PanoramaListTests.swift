import FixtureServing
import Foundation
import Testing

/// `rovers panorama ROVER --sol N`: the sol's pans from the fixtures' feeds.
@Suite struct PanoramaListTests {
  static func feeds(_ server: FixtureServer) -> [String: String] {
    ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": server.host]
  }

  @Test func aSolsPansAreListedWithTheirCoverage() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      [
        "panorama", "perseverance", "--sol", "888", "--format", "csv", "--fields",
        "sequence,frames,covered,tier,el_to",
      ],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == "sequence,frames,covered,tier,el_to\nNCAM00501,5,360.0,full,90.0\n")
    // No request went to the API: the models are the feeds'.
    #expect(!server.requests.isEmpty)
  }

  @Test func aSolWithoutAPanPrintsNothing() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      ["panorama", "perseverance", "--sol", "901"], base: Offline.apiBase,
      environment: Self.feeds(server))
    #expect(run.status == 0)
    #expect(run.stdout.isEmpty)
  }

  @Test func theAPIIsRefusedAndADeadFeedsServerIsUnavailable() async throws {
    let api = try await CapturedRun.rovers(
      ["panorama", "perseverance", "--sol", "888", "--source", "api"], base: Offline.apiBase)
    #expect(api.status == 64)
    #expect(api.stderr.contains("NASA's raw-image feeds"))
    let dead = try await CapturedRun.rovers(
      ["panorama", "perseverance", "--sol", "888"], base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": Offline.refusedFeeds])
    #expect(dead.status == 69, "\(dead.stderr)")
  }
}
