import Foundation
import RasterImages
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `rovers stereo` against the fixture server (the recorded sols hold real names): pairs
/// listed, anaglyphs written whole, drawn in every protocol, and two local files combined.
@Suite(.timeLimit(.minutes(3))) struct StereoTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  static let realImages = PackagePaths.fixtures.appendingPathComponent("real-images")
  static let left = realImages.appendingPathComponent(
    "FLE_0000_0666958329_772ECM_N0010052AUT_04096_00_0LLJ01_800.jpg"
  ).path
  static let right = realImages.appendingPathComponent(
    "FRB_0000_0666958242_147ECM_N0010052AUT_04096_00_2I3J01_800.jpg"
  ).path

  @Test func curiositySol1000ListsItsFivePairsInEveryFormat() async throws {
    let api = try await FixtureServer.start()
    let table = try await CapturedRun.rovers(
      ["stereo", "curiosity", "--sol", "1000"], base: api.baseURL)
    #expect(table.status == 0, "\(table.stderr)")
    let lines = table.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("CAMERA  LEFT") == true)
    #expect(lines.count == 6)
    #expect(
      lines.contains {
        $0.hasPrefix(
          "FHAZ    FLB_486265257EDR_F0481570FHAZ00323M_  FRB_486265257EDR_F0481570FHAZ00323M_")
      })
    let json = try await CapturedRun.rovers(
      ["stereo", "curiosity", "--sol", "1000", "--json"], base: api.baseURL)
    let pairs = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(pairs.count == 5)
    let navcam = pairs.filter { $0["camera"] as? String == "NAVCAM" }
    #expect(navcam.count == 3)
    for pair in pairs {
      let left = try #require(pair["left"] as? [String: Any])
      let right = try #require(pair["right"] as? [String: Any])
      #expect(
        (left["nasa_id"] as? String)?.dropFirst(2) == (right["nasa_id"] as? String)?.dropFirst(2))
      #expect((right["img_src"] as? String)?.hasPrefix("http") == true)
      #expect(pair["sol"] as? Int == 1000)
    }
    let csv = try await CapturedRun.rovers(
      [
        "stereo", "curiosity", "--sol", "1000", "--camera", "FHAZ", "--format", "csv",
        "--fields", "camera,left_id,right_id",
      ], base: api.baseURL)
    #expect(
      csv.stdout
        == "camera,left_id,right_id\nFHAZ,FLB_486265257EDR_F0481570FHAZ00323M_,FRB_486265257EDR_F0481570FHAZ00323M_\n"
    )
    // A camera the rover never had is a typo, as everywhere.
    let typo = try await CapturedRun.rovers(
      ["stereo", "curiosity", "--sol", "1000", "--camera", "NAVCMA"], base: api.baseURL)
    #expect(typo.status == 64)
    #expect(typo.stderr.hasPrefix("Error: Unknown camera 'NAVCMA' on Curiosity."))
    // Perseverance's cameras are named per eye; the start of the name matches both.
    let hazcams = try await CapturedRun.rovers(
      [
        "stereo", "perseverance", "--sol", "0", "--camera", "REAR_HAZCAM", "--format", "csv",
        "--fields", "left_id",
      ], base: api.baseURL)
    #expect(hazcams.stdout.split(separator: "\n").count == 1 + 7)
  }

  @Test func anaglyphsAreWrittenOnePerPairAndKeptOnTheNextRun() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let out = folder.url.appendingPathComponent("3d")
    let run = try await CapturedRun.rovers(
      ["stereo", "perseverance", "--sol", "0", "-o", out.path, "--json"], base: api.baseURL)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr == "wrote 15 anaglyphs to \(out.path)\n")
    let files = Folder.files(out).sorted()
    #expect(files.count == 15 && files.allSatisfy { $0.hasSuffix("-anaglyph.png") })
    #expect(files.contains("FLB_0000_0666958242_147ECM_N0010052AUT_04096_00_2I3J01-anaglyph.png"))
    // Both frames of each pair, once.
    let images = api.requests.filter { $0.target.hasPrefix("/images/") }.count
    #expect(images == 30)
    // Each is the anaglyph of its two frames as the server sent them.
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    let entry = try #require(entries.first)
    func frame(_ side: String) async throws -> RasterImage {
      let photo = try #require(entry[side] as? [String: Any])
      let address = try #require(photo["img_src"] as? String)
      let url = try #require(URL(string: address))
      let (data, _) = try await URLSession.shared.data(from: url)
      return try ImageDecoder.decode([UInt8](data))
    }
    let expected = try Anaglyph.combine(
      left: try await frame("left"), right: try await frame("right"))
    let file = try #require(entry["file"] as? String)
    #expect(entry["status"] as? String == "written")
    #expect(
      try ImageDecoder.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: file)))) == expected)
    let asked = api.requests.filter { $0.target.hasPrefix("/images/") }.count
    // What a run killed while writing leaves where files cannot be written nameless (macOS):
    // swept by the next run, and nothing else of the folder's is touched.
    let stale = out.appendingPathComponent(".FLB_0000-anaglyph.png.rovers-tmp")
    let own = out.appendingPathComponent(".notes")
    try Data("half".utf8).write(to: stale)
    try Data("mine".utf8).write(to: own)
    let again = try await CapturedRun.rovers(
      ["stereo", "perseverance", "--sol", "0", "-o", out.path], base: api.baseURL)
    #expect(again.stderr == "wrote 0 anaglyphs to \(out.path), 15 already there\n")
    #expect(!FileManager.default.fileExists(atPath: stale.path))
    #expect(FileManager.default.fileExists(atPath: own.path))
    #expect(api.requests.filter { $0.target.hasPrefix("/images/") }.count == asked)
  }

  @Test func anInterruptedRunLeavesOnlyWholeAnaglyphs() async throws {
    // The right frames of the rear Hazcams never come: their pairs are under way at SIGINT.
    let api = try await FixtureServer.start(
      faults: #"[{"match": "/RRR_0000", "latency_ms": 60000}]"#, imageLatencyMilliseconds: 0)
    let out = folder.url.appendingPathComponent("3d")
    let child = try Subprocess(
      Binaries.rovers.path, ["stereo", "perseverance", "--sol", "0", "-o", out.path, "-j", "2"],
      environment: Offline.environment(["ROVERS_API_BASE": api.baseURL, "NO_PROXY": "*"]),
      stderr: folder.url.appendingPathComponent("err").path)
    try await Poll.until("a rear Hazcam's right frame to be asked for", every: .milliseconds(5)) {
      api.requests.contains { $0.target.contains("/RRR_0000") }
    }
    child.signal(SIGINT)
    #expect(await child.exitStatus() == 130)
    let files = Folder.files(out)
    #expect(files.count < 15)
    #expect(files.allSatisfy { $0.hasSuffix("-anaglyph.png") }, "\(files)")
    for name in files {
      let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent(name)))
      #expect((try? ImageDecoder.decode(bytes)) != nil, "\(name) is whole")
    }
  }

  @Test(arguments: ["kitty", "iterm", "sixel", "blocks"])
  func showDrawsTheAnaglyphInEachProtocol(_ protocolName: String) async throws {
    let run = await CapturedRun.run(
      [
        "stereo", Self.left, Self.right, "--show", "--image-protocol", protocolName, "--width",
        "40",
      ],
      environment: Offline.environment([:]))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(
      run.stdout.hasPrefix("FLE_0000_0666958329_772ECM_N0010052AUT_04096_00_0LLJ01_800.jpg + FRB_"))
    switch protocolName {
    case "kitty": #expect(run.stdout.contains("\u{1B}_G"))
    case "iterm":
      // The PNG itself is sent: base64 of its signature.
      #expect(run.stdout.contains("\u{1B}]1337;File=") && run.stdout.contains(":iVBORw0KGgo"))
    case "sixel": #expect(run.stdout.contains("\u{1B}Pq") || run.stdout.contains("\u{1B}P0;1;0q"))
    default:
      #expect(run.stdout.contains("▀") || run.stdout.contains("▄"))
      // Red on the left eye's side of the colours: the cells carry red and cyan tones.
      #expect(run.stdout.contains("38;2;") || run.stdout.contains("38;5;"))
    }
  }

  @Test func twoLocalFilesMakeOneAnaglyphAndBadInputIsSaidInOneLine() async throws {
    let target = folder.url.appendingPathComponent("sol0.png")
    let run = await CapturedRun.run(
      ["stereo", Self.left, Self.right, "-o", target.path, "--shift", "-6"],
      environment: Offline.environment([:]))
    #expect(run.status == 0, "\(run.stderr)")
    let image = try ImageDecoder.decode([UInt8](Data(contentsOf: target)))
    #expect(image.width == 794 && image.height == 600)
    let other = Self.realImages.appendingPathComponent("FLB_486265257EDR_F0481570FHAZ00323M_.jpg")
      .path
    let sizes = await CapturedRun.run(
      ["stereo", Self.left, other, "-o", folder.url.appendingPathComponent("x.png").path],
      environment: Offline.environment([:]))
    #expect(sizes.status == 65)
    #expect(
      sizes.stderr.hasSuffix("the frames differ in size: 800 × 600 (left), 1024 × 1024 (right)\n"))
    #expect(
      !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("x.png").path))
    let noTarget = await CapturedRun.run(
      ["stereo", Self.left, Self.right], environment: Offline.environment([:]))
    #expect(noTarget.status == 64)
    #expect(
      noTarget.stderr.hasPrefix(
        "Error: two image files make one anaglyph: give -o <file>.png or --show\n"))
    let shift = await CapturedRun.run(
      ["stereo", Self.left, Self.right, "-o", target.path, "--shift", "far"],
      environment: Offline.environment([:]))
    #expect(shift.status == 64)
    #expect(shift.stderr.hasPrefix("Error: The value 'far' is invalid for '--shift <px>'"))
  }

  @Test func aFileNamedJpgIsWrittenAsAJPEGOfTheSameAnaglyph() async throws {
    let png = folder.url.appendingPathComponent("pair.png")
    let jpeg = folder.url.appendingPathComponent("pair.jpg")
    for target in [png, jpeg] {
      let run = await CapturedRun.run(
        ["stereo", Self.left, Self.right, "-o", target.path],
        environment: Offline.environment([:]))
      #expect(run.status == 0, "\(run.stderr)")
    }
    let bytes = [UInt8](try Data(contentsOf: jpeg))
    #expect(bytes.starts(with: [0xFF, 0xD8]))
    let exact = try ImageDecoder.decode([UInt8](try Data(contentsOf: png)))
    let seen = try ImageDecoder.decode(bytes)
    #expect(seen.width == exact.width && seen.height == exact.height)
    // The same picture, within what quality 90 loses: a mean difference of a few levels.
    let mean =
      Double(PixelComparison.total(seen.pixels, exact.pixels)) / Double(exact.pixels.count)
    #expect(mean < 4, "mean difference \(mean)")
  }
}
