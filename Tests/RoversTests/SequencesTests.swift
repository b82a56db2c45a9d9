import Foundation
import Testing

/// `rovers sequences` on the real Perseverance sol 888 records and on an API server's photos.
@Suite(.timeLimit(.minutes(3))) struct SequencesTests {
  static func feeds(_ server: FixtureServer) -> [String: String] {
    ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": server.host]
  }

  @Test func sol888HoldsAMovieOfEightAndAPanOfFive() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      ["sequences", "perseverance", "--sol", "888"], base: Offline.apiBase,
      environment: Self.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    let rows = run.stdout.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
    }
    let movie = try #require(rows.first { $0.first == "NCAM00518" })
    #expect(
      movie == [
        "NCAM00518", "NAVCAM_LEFT", "left", "8", "movie", "-55.3", "29.6",
        "08:12:22", "08:15:12", "1280x960",
      ])
    let pan = try #require(rows.first { $0.first == "NCAM00501" })
    #expect(pan.prefix(5) == ["NCAM00501", "NAVCAM_LEFT", "left", "5", "pan"])
    // The movie was taken first: rows are in the order the sequences began.
    #expect(
      rows.firstIndex { $0.first == "NCAM00518" } ?? 9 < rows.firstIndex { $0.first == "NCAM00501" }
        ?? 0)
  }

  @Test func jsonListsEachSequencesFramesInClockOrder() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      ["sequences", "perseverance", "--sol", "888", "--camera", "NAVCAM", "--json"],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    let sequences = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    let movie = try #require(sequences.first { $0["sequence"] as? String == "NCAM00518" })
    #expect(movie["kind"] as? String == "movie")
    #expect(movie["frames"] as? Int == 8)
    #expect(movie["width"] as? Int == 1280 && movie["height"] as? Int == 960)
    let frames = try #require(movie["photos"] as? [[String: Any]])
    let clocks = frames.compactMap { $0["sclk"] as? Double }
    #expect(clocks.count == 8)
    #expect(clocks == clocks.sorted())
    #expect(abs((movie["mast_az"] as? Double ?? 0) + 55.3) < 0.05)
  }

  @Test func fieldsAndAnUnknownCamera() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let run = try await CapturedRun.rovers(
      [
        "sequences", "perseverance", "--sol", "888", "--fields", "sequence,kind,frames",
        "--format", "csv",
      ],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(run.stdout.contains("sequence,kind,frames\n"))
    #expect(run.stdout.contains("NCAM00518,movie,8\n"))
    #expect(run.stdout.contains("NCAM00501,pan,5\n"))
    let wrong = try await CapturedRun.rovers(
      ["sequences", "perseverance", "--sol", "888", "--camera", "PANCAM"],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(wrong.status == 64, "\(wrong.stderr)")
  }

  @Test func anAPIServersFramesOfOneSequenceAreAMovieWithoutPointing() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["sequences", "curiosity", "--sol", "1000", "--json"], base: server.baseURL)
    #expect(run.status == 0, "\(run.stderr)")
    let sequences = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    #expect(!sequences.isEmpty)
    for sequence in sequences {
      let frames = sequence["frames"] as? Int ?? 0
      let kind = sequence["kind"] as? String
      #expect(kind == (frames >= 3 ? "movie" : frames == 1 ? "single" : "frames"))
      #expect(sequence["mast_az"] is NSNull)
    }
  }
}
