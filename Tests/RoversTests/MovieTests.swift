import FixtureServing
import Foundation
import RasterImages
import TestSupport
import Testing

/// `rovers movie` against the fixtures' movie sequence (sol 901's NCAM09900, a still textured
/// background and a spot moving 40 px a frame), its files held to our decoder, Chromium and
/// ImageMagick.
@Suite(.timeLimit(.minutes(3))) struct MovieTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  static func feeds(_ server: FixtureServer) -> [String: String] {
    ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": server.host]
  }

  /// The fixture's frame `index` as an RGB picture.
  static func source(_ index: Int) -> RasterImage {
    RasterImage(
      width: MovieFixture.width, height: MovieFixture.height, grey: MovieFixture.grey(index))
  }

  /// `movie` of the fixture sequence into `name` in the test's folder.
  func make(_ name: String, _ extra: [String] = [], server: FixtureServer) async throws
    -> (run: CapturedRun, file: URL)
  {
    let file = folder.url.appendingPathComponent(name)
    let run = try await CapturedRun.rovers(
      ["movie", "perseverance", "--sol", "901", "--sequence", "NCAM09900", "-o", file.path]
        + extra, base: Offline.apiBase, environment: Self.feeds(server))
    return (run, file)
  }

  static func fnv(_ bytes: [UInt8]) -> UInt32 {
    // A loop over the buffer: `reduce` over a frame's bytes is slow in this unoptimized target.
    bytes.withUnsafeBufferPointer { bytes in
      var hash = UInt32(0x811c_9dc5)
      for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
      return hash
    }
  }

  @Test func theAPNGsFramesDecodeBackByteForByte() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let (run, file) = try await make("dust.png", ["--fps", "10"], server: server)
    #expect(run.status == 0, "\(run.stderr)")
    // The frame of another size is left out, by name.
    #expect(run.stderr.contains("left out 1 frame of another size: NLF_0901_0746000600"))
    let movie = try APNGDecoder.decode([UInt8](try Data(contentsOf: file)))
    #expect(movie.frames.count == MovieFixture.frames)
    #expect(movie.delays == Array(repeating: 100, count: MovieFixture.frames))
    for (index, frame) in movie.frames.enumerated() {
      #expect(frame == Self.source(index), "frame \(index)")
    }
  }

  @Test func realTimeDelaysFollowTheClockSpedUp() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let (run, file) = try await make(
      "real.png", ["--real-time", "--speed", "50"], server: server)
    #expect(run.status == 0, "\(run.stderr)")
    let movie = try APNGDecoder.decode([UInt8](try Data(contentsOf: file)))
    // 25 s between frames, 50 times faster.
    #expect(movie.delays == Array(repeating: 500, count: MovieFixture.frames))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/identify")))
  func imageMagickCountsTheGIFsFramesWithinTwoLevels() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let (run, file) = try await make("dust.gif", server: server)
    #expect(run.status == 0, "\(run.stderr)")
    let count = try ReferenceTool.stdout("/usr/bin/identify", ["-format", "%n\n", file.path])
    #expect(String(decoding: count, as: UTF8.self).split(separator: "\n").first == "21")
    let raw = try ReferenceTool.stdout(
      "/usr/bin/convert", [file.path, "-coalesce", "-depth", "8", "gray:-"])
    let size = MovieFixture.width * MovieFixture.height
    #expect(raw.count == size * MovieFixture.frames)
    for index in 0..<MovieFixture.frames where raw.count >= (index + 1) * size {
      let worst = PixelComparison.worst(
        raw[(index * size)..<((index + 1) * size)], MovieFixture.grey(index))
      #expect(worst <= 2, "frame \(index)")
    }
  }

  @Test(.enabled(if: Chromium.path != nil, "Chromium is not installed"))
  func chromiumPlaysBothFilesFrameForFrame() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let site = folder.url.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    for name in ["dust.png", "dust.gif"] {
      let (run, file) = try await make(name, server: server)
      #expect(run.status == 0, "\(run.stderr)")
      try FileManager.default.moveItem(at: file, to: site.appendingPathComponent(name))
    }
    try JSONSerialization.data(withJSONObject: ["dust.png", "dust.gif"]).write(
      to: site.appendingPathComponent("list.json"))
    try FileManager.default.copyItem(
      at: PackagePaths.root.appendingPathComponent("Tests/RoversTests/Browser/movie.html"),
      to: site.appendingPathComponent("movie.html"))
    let pages = try await FixtureServer.start(staticFolder: site.path)
    // A page that ticks to stay awake while the decoder works: virtual time to spare.
    let report = try await Chromium.report(
      "\(pages.host)/static/movie.html", budget: 600_000)
    #expect(report["error"] == nil, "\(report["error"] ?? "")")
    for name in ["dust.png", "dust.gif"] {
      let seen = try #require(report[name] as? [String: Any], "\(name) was not read")
      #expect(seen["count"] as? Int == MovieFixture.frames, "\(name)")
      let frames = try #require(seen["frames"] as? [[String: Any]])
      for (index, frame) in frames.enumerated() {
        #expect(frame["ms"] as? Int == 250, "\(name) frame \(index)")
        #expect(
          (frame["hash"] as? NSNumber)?.uint32Value == Self.fnv(MovieFixture.grey(index)),
          "\(name) frame \(index)")
      }
    }
  }

  @Test func diffLeavesTheBackgroundMidGreyAndTheSpotWhereItWas() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let (run, file) = try await make("diff.png", ["--diff"], server: server)
    #expect(run.status == 0, "\(run.stderr)")
    let movie = try APNGDecoder.decode([UInt8](try Data(contentsOf: file)))
    #expect(movie.frames.count == MovieFixture.frames)
    for (index, frame) in movie.frames.enumerated() {
      let spot = MovieFixture.spot(index)
      var brightest = (value: 0, x: 0, y: 0)
      var worstBackground = 0
      let (width, height, radius) = (frame.width, frame.height, MovieFixture.radius)
      // Over the buffer: indexing `frame.pixels` in this unoptimized target retains it per byte.
      frame.pixels.withUnsafeBufferPointer { pixels in
        for y in 0..<height {
          for x in 0..<width {
            let value = Int(pixels[(y * width + x) * 3])
            if value > brightest.value { brightest = (value, x, y) }
            let dx = x - spot.x
            let dy = y - spot.y
            if dx * dx + dy * dy > radius * radius {
              worstBackground = max(worstBackground, abs(value - 128))
            }
          }
        }
      }
      #expect(worstBackground <= 2, "frame \(index): background off mid-grey by \(worstBackground)")
      #expect(abs(brightest.x - spot.x) <= MovieFixture.radius, "frame \(index)")
      #expect(abs(brightest.y - spot.y) <= MovieFixture.radius, "frame \(index)")
      #expect(brightest.value > 200)
    }
  }

  @Test func stackPutsEachRawFrameAboveItsDifference() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let (run, file) = try await make("stack.png", ["--stack"], server: server)
    #expect(run.status == 0, "\(run.stderr)")
    let movie = try APNGDecoder.decode([UInt8](try Data(contentsOf: file)))
    #expect(movie.height == MovieFixture.height * 2)
    let top = Array(movie.frames[3].pixels.prefix(MovieFixture.width * MovieFixture.height * 3))
    #expect(top == Self.source(3).pixels)
  }

  @Test func badInputGetsItsExitCode() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let unknown = try await CapturedRun.rovers(
      ["movie", "perseverance", "--sol", "888", "--sequence", "NCAM99999", "-o", "x.gif"],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(unknown.status == 64)
    #expect(unknown.stderr.contains("has no sequence NCAM99999; it has NCAM00518 (movie, 8)"))
    #expect(unknown.stderr.contains("NCAM00501 (pan, 5)"))
    let mp4 = try await CapturedRun.rovers(
      ["movie", "perseverance", "--sol", "901", "--sequence", "NCAM09900", "-o", "x.mp4"],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(mp4.status == 64)
    #expect(mp4.stderr.contains("neither a .png nor a .gif"))
    // Local frames: one that does not decode is named; one usable frame is no movie.
    let good = folder.url.appendingPathComponent("a.png")
    try Data(PNGEncoder.encode(Self.source(0))).write(to: good)
    let small = folder.url.appendingPathComponent("b.png")
    try Data(
      PNGEncoder.encode(RasterImage(width: 2, height: 2, pixels: Array(repeating: 9, count: 12)))
    )
    .write(to: small)
    let broken = folder.url.appendingPathComponent("c.png")
    try Data("not a picture".utf8).write(to: broken)
    let output = folder.url.appendingPathComponent("out.gif")
    let undecodable = try await CapturedRun.rovers(
      ["movie", good.path, broken.path, "-o", output.path], base: Offline.apiBase)
    #expect(undecodable.status == 65)
    #expect(undecodable.stderr.contains(broken.path))
    let lonely = try await CapturedRun.rovers(
      ["movie", good.path, small.path, "-o", output.path], base: Offline.apiBase)
    #expect(lonely.status == 65)
    #expect(lonely.stderr.contains("1 usable frame"))
    #expect(!FileManager.default.fileExists(atPath: output.path))
    // One file is a movie of files one frame short, not a rover missing its sol.
    let one = try await CapturedRun.rovers(
      ["movie", good.path, "-o", output.path], base: Offline.apiBase)
    #expect(one.status == 64)
    #expect(one.stderr.contains("is one frame: a movie needs 2 or more image files"))
    #expect(!one.stderr.contains("Missing expected argument"))
    #expect(!FileManager.default.fileExists(atPath: output.path))
  }

  @Test func localFilesPlayInTheOrderGiven() async throws {
    var paths: [String] = []
    for index in [4, 2, 7] {
      let file = folder.url.appendingPathComponent("frame-\(index).png")
      try Data(PNGEncoder.encode(Self.source(index))).write(to: file)
      paths.append(file.path)
    }
    let output = folder.url.appendingPathComponent("local.png")
    let run = try await CapturedRun.rovers(
      ["movie"] + paths + ["-o", output.path, "--fps", "2"], base: Offline.apiBase)
    #expect(run.status == 0, "\(run.stderr)")
    let movie = try APNGDecoder.decode([UInt8](try Data(contentsOf: output)))
    #expect(movie.frames == [Self.source(4), Self.source(2), Self.source(7)])
    #expect(movie.delays == [500, 500, 500])
  }

  @Test func aMirrorsFramesMakeTheMovieWithNoRequest() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let mirror = folder.url.appendingPathComponent("mars")
    let download = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "901", "-o", mirror.path], base: Offline.apiBase,
      environment: Self.feeds(server))
    #expect(download.status == 0, "\(download.stderr)")
    let output = folder.url.appendingPathComponent("mirror.png")
    // Both servers closed: the record and the files are all the run has.
    let run = try await CapturedRun.rovers(
      [
        "movie", "perseverance", "--sol", "901", "--sequence", "NCAM09900", "--from",
        mirror.path, "-o", output.path,
      ], base: Offline.apiBase, environment: ["ROVERS_SOURCE": "nasa"])
    #expect(run.status == 0, "\(run.stderr)")
    let movie = try APNGDecoder.decode([UInt8](try Data(contentsOf: output)))
    #expect(movie.frames.count == MovieFixture.frames)
    #expect(movie.frames.last == Self.source(MovieFixture.frames - 1))
  }

  @Test func anInterruptedRunLeavesNoFile() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 60_000)
    let output = folder.url.appendingPathComponent("cut.gif")
    let child = try Subprocess(
      Binaries.rovers.path,
      ["movie", "perseverance", "--sol", "901", "--sequence", "NCAM09900", "-o", output.path],
      environment: Offline.environment(["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": server.host]))
    try await Poll.until("the first frame's request", every: .milliseconds(5)) {
      server.requests.contains { $0.target.hasPrefix("/images/") }
    }
    child.signal(SIGINT)
    #expect(await child.exitStatus() == 130)
    #expect(Folder.files(folder.url).isEmpty)
  }
}
