import Foundation
import Testing

/// The feeds' whole record comes out of `photos`: clock, subframe, camera model, sequence.
@Suite(.timeLimit(.minutes(3))) struct WholeRecordTests {
  @Test func photosJSONCarriesTheClockAndSubframeOfEveryRecord() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      ["photos", "perseverance", "--sol", "888", "--json"], base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": server.host])
    #expect(run.status == 0, "\(run.stderr)")
    let photos = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    #expect(photos.count == 13)
    for photo in photos {
      #expect(photo["sclk"] is Double)
      #expect(photo["subframe_rect"] as? [Int] == [1, 1, 5120, 3840])
      #expect(photo["dimension"] as? [Int] == [1280, 960])
      #expect(photo["camera_model_type"] as? String == "CAHVORE")
      #expect((photo["sequence"] as? String)?.hasPrefix("NCAM005") == true)
    }
    let clocks = photos.compactMap { $0["sclk"] as? Double }
    #expect(clocks.contains(745_756_491.417))
  }

  @Test func fieldsPickTheSequenceAndTheSubframe() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      [
        "photos", "perseverance", "--sol", "888", "--format", "ndjson", "--fields",
        "nasa_id,sequence,sclk,subframe_rect",
      ], base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": server.host])
    #expect(run.status == 0, "\(run.stderr)")
    let line = try #require(run.stdout.split(separator: "\n").first { $0.contains("00518") })
    #expect(line.contains(#""sequence":"NCAM00518""#))
    #expect(line.contains(#""subframe_rect":[1,1,5120,3840]"#))
  }

  @Test func anAPIServerGivesNullsAndASequenceFromTheAddress() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--json", "--camera", "NAVCAM"],
      base: server.baseURL)
    #expect(run.status == 0, "\(run.stderr)")
    let photos = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    let first = try #require(photos.first)
    #expect(first["sclk"] is NSNull)
    #expect(first["subframe_rect"] is NSNull)
    #expect((first["sequence"] as? String)?.hasPrefix("NCAM") == true)
  }
}
