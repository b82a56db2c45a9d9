import Foundation
import TestSupport
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
    // NASA's feeds out: the API answers, and the run says what its photos lack.
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["sequences", "curiosity", "--sol", "1000", "--json"], base: server.baseURL,
      environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": Offline.refusedFeeds])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stderr.contains("whose photos carry no pointing, clock or tiles"), "\(run.stderr)")
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

  /// With `--source auto`, sequences, movie and develop read the feeds first and find what
  /// `--source nasa` finds.
  @Test func autoReadsTheFeedsFirst() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let feeds = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder()
    func run(_ words: [String], source: String) async throws -> CapturedRun {
      try await CapturedRun.rovers(
        words, base: api.baseURL,
        environment: ["ROVERS_SOURCE": source, "ROVERS_NASA_BASE": feeds.host])
    }
    let sequences = ["sequences", "perseverance", "--sol", "888"]
    let auto = try await run(sequences, source: "auto")
    let nasa = try await run(sequences, source: "nasa")
    #expect(auto.status == 0, "\(auto.stderr)")
    #expect(auto.stdout.contains("NCAM00518") && auto.stdout.contains("NCAM00501"))
    #expect(auto.stdout == nasa.stdout)
    #expect(auto.stderr.isEmpty, "\(auto.stderr)")
    let movie = folder.url.appendingPathComponent("dust.png")
    let made = try await run(
      ["movie", "perseverance", "--sol", "901", "--sequence", "NCAM09900", "-o", movie.path],
      source: "auto")
    #expect(made.status == 0, "\(made.stderr)")
    #expect(FileManager.default.fileExists(atPath: movie.path))
    let developed = try await run(
      ["develop", "perseverance", "--sol", "895", "-o", folder.url.path], source: "auto")
    #expect(developed.status == 0, "\(developed.stderr)")
    #expect(developed.stdout.contains("4 tiles"), "\(developed.stdout)")
    // The API's server was never asked: the feeds answered.
    #expect(!api.requests.contains { $0.target.contains("/photos") })
    // A mistyped rover is shown every rover the run answers for, the API's own among them.
    let typo = try await run(["sequences", "marz", "--sol", "1"], source: "auto")
    #expect(typo.status == 64)
    #expect(typo.stderr.contains("Unknown rover 'marz'"), "\(typo.stderr)")
    #expect(typo.stderr.contains("spirit") && typo.stderr.contains("perseverance"))
  }

  @Test(
    "with --source api, sequences, movie and develop say in one line that they need the feeds",
    arguments: [
      ["sequences", "perseverance", "--sol", "888"],
      ["movie", "perseverance", "--sol", "901", "--sequence", "NCAM09900", "-o", "m.png"],
      ["develop", "perseverance", "--sol", "895", "-o", "frames"],
    ])
  func apiAloneIsRefused(_ words: [String]) async throws {
    let api = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      words, base: api.baseURL, environment: ["ROVERS_SOURCE": "api"])
    #expect(run.status == 64)
    #expect(run.stdout.isEmpty)
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1, "\(run.stderr)")
    #expect(run.stderr.contains("rovers \(words[0]) reads NASA's raw-image feeds"))
    #expect(api.requests.isEmpty)
  }
}
