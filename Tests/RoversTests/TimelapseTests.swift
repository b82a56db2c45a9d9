import FixtureServing
import Foundation
import RasterImages
import TestSupport
import Testing

/// `rovers timelapse` against the fixtures' repeated view (Perseverance sols 910 to 914: one
/// scene seen each sol at one pointing, a few pixels and a few percent of light apart).
@Suite(.timeLimit(.minutes(3))) struct TimelapseTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  static func feeds(_ server: FixtureServer) -> [String: String] {
    ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": server.host]
  }

  /// `timelapse perseverance` of sols 910 to 914 with `extra`, against `server`'s feeds.
  static func run(_ extra: [String], feeds: [String: String]) async throws -> CapturedRun {
    try await CapturedRun.rovers(
      ["timelapse", "perseverance", "--from-sol", "910", "--to-sol", "914"] + extra,
      base: Offline.apiBase, environment: feeds)
  }

  /// The mean absolute difference of two grey planes of one size.
  static func difference(_ one: [UInt8], _ other: [UInt8]) -> Double {
    Double(zip(one, other).reduce(0) { $0 + abs(Int($1.0) - Int($1.1)) }) / Double(one.count)
  }

  /// The green level of each pixel: the frames are grey.
  static func grey(_ image: RasterImage) -> [UInt8] {
    stride(from: 1, to: image.pixels.count, by: 3).map { image.pixels[$0] }
  }

  @Test func theViewsOfTheSolsAreListedWithoutAnImage() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let run = try await Self.run(["--list", "--json"], feeds: Self.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    let views = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    // The Navcam's view, pointed within a tenth of a degree each time, on all five sols.
    let first = try #require(views.first)
    #expect(first["camera"] as? String == "NAVCAM_LEFT")
    #expect(first["sols"] as? [Int] == Array(TimelapseFixture.sols))
    #expect(first["frames"] as? Int == 10)
    #expect(first["usual_time"] as? String == "10:00")
    #expect(abs((first["mast_az"] as? Double ?? 0) - 120) <= 0.1)
    // The Hazcam, fixed to the rover, by its site and drive.
    let second = try #require(views.dropFirst().first)
    #expect(second["camera"] as? String == "FRONT_HAZCAM_LEFT_A")
    #expect(second["sols"] as? [Int] == [910, 911])
    #expect(second["site"] as? Int == 45 && second["drive"] as? Int == 120)
    // Each sol's look elsewhere is a view of its own sol.
    #expect(views.count == 7)
    #expect(views.dropFirst(2).allSatisfy { ($0["sols"] as? [Int])?.count == 1 })
    // No image was asked for.
    #expect(!server.requests.contains { $0.target.hasSuffix(".png") })
  }

  @Test func alignedFramesDifferLessThanTheFramesAsTaken() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let file = folder.url.appendingPathComponent("view.png")
    let run = try await Self.run(["-o", file.path], feeds: Self.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("NAVCAM_LEFT on 5 sols, each sol's frame nearest local 10:00"))
    let movie = try APNGDecoder.decode([UInt8](try Data(contentsOf: file)))
    #expect(movie.frames.count == 5)
    // Cut to what every frame shows: the shifts span 7 pixels across and 7 down.
    #expect(
      movie.width == TimelapseFixture.width - 7 && movie.height == TimelapseFixture.height - 7)
    let taken = TimelapseFixture.sols.map { TimelapseFixture.grey(sol: $0, slot: .morning) }
    let made = movie.frames.map(Self.grey)
    for index in 1..<5 {
      let before = Self.difference(taken[index - 1], taken[index])
      let after = Self.difference(made[index - 1], made[index])
      #expect(after < before / 4, "sols \(index - 1) and \(index): \(after) against \(before)")
      #expect(after < 2, "frame \(index)")
    }
  }

  @Test func aMirrorMakesTheSameMovieWithoutTheNetwork() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let mirror = folder.url.appendingPathComponent("mars")
    let download = try await CapturedRun.rovers(
      ["download", "perseverance", "--from-sol", "910", "--to-sol", "914", "-o", mirror.path],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(download.status == 0, "\(download.stderr)")
    let online = folder.url.appendingPathComponent("online.gif")
    let offline = folder.url.appendingPathComponent("offline.gif")
    _ = try await Self.run(["-o", online.path, "--lmst", "15:00"], feeds: Self.feeds(server))
    let dead = ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": Offline.refusedFeeds]
    let run = try await Self.run(
      ["-o", offline.path, "--lmst", "15:00", "--from", mirror.path], feeds: dead)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("nearest local 15:00"))
    #expect(try Data(contentsOf: offline) == Data(contentsOf: online))
  }

  @Test func noRepeatedViewListsTheViewsAndEndsWell() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let file = folder.url.appendingPathComponent("none.gif")
    let run = try await CapturedRun.rovers(
      ["timelapse", "perseverance", "--from-sol", "912", "--to-sol", "912", "-o", file.path],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(run.status == 0)
    #expect(run.stderr == "no view is seen on two of sols 912 to 912 of perseverance; its views:\n")
    #expect(run.stdout.split(separator: "\n").count == 3, "a heading and two views")
    #expect(!FileManager.default.fileExists(atPath: file.path))
  }

  @Test func badInputAndADeadFeedsServer() async throws {
    let dead = ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": Offline.refusedFeeds]
    let unreachable = try await Self.run(["--list"], feeds: dead)
    #expect(unreachable.status == 69, "\(unreachable.stderr)")
    let misspelt = try await CapturedRun.rovers(
      ["timelapse", "perseverence", "--from-sol", "1", "--list"], base: Offline.apiBase)
    #expect(misspelt.status == 64)
    #expect(misspelt.stderr.contains("perseverance"))
    let api = try await Self.run(["--list"], feeds: ["ROVERS_SOURCE": "api"])
    #expect(api.status == 64)
    #expect(api.stderr.contains("raw-image feeds"))
    let backwards = try await CapturedRun.rovers(
      ["timelapse", "perseverance", "--from-sol", "9", "--to-sol", "3", "--list"],
      base: Offline.apiBase)
    #expect(backwards.status == 64)
    let ended = try await CapturedRun.rovers(
      ["timelapse", "spirit", "--from-sol", "today", "--list"], base: Offline.apiBase)
    #expect(ended.status == 64)
    #expect(ended.stderr.contains("its last sol was 2210"))
  }
}
