import FixtureServing
import Foundation
import MarsFetching
import MarsImaging
import RasterImages
import TestSupport
import Testing

/// `rovers develop` against the fixtures' tiled frames (sols 895 and 896: a real Navcam frame
/// cut into tiles at scale 1 and 2, a real Mastcam-Z Bayer frame cut into tiles), and
/// `--debayer` on `show`.
@Suite(.timeLimit(.minutes(3))) struct DevelopTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  static let realImages = PackagePaths.fixtures.appendingPathComponent("real-images")
  static let navcam = realImages.appendingPathComponent(TileFixture.navcam)
  static let mastcamZ = realImages.appendingPathComponent(TileFixture.mastcamZ)
  static let lostPattern = realImages.appendingPathComponent(
    "FLE_0000_0666958329_772ECM_N0010052AUT_04096_00_0LLJ01_800.jpg")
  static let greyNavcam = realImages.appendingPathComponent(
    "NLB_663017128EDR_F0842120NCAM00354M_.JPG")
  static let hasImageMagick = FileManager.default.isExecutableFile(atPath: "/usr/bin/convert")

  static func feeds(_ server: FixtureServer) -> [String: String] {
    ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": server.host]
  }

  static func decode(_ url: URL) throws -> RasterImage {
    try ImageDecoder.decode([UInt8](try Data(contentsOf: url)))
  }

  /// The developed frame of a sequence of the fixtures, under `root`.
  func developed(_ root: URL, sol: Int, sequence: String) -> URL? {
    let files =
      FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?
      .compactMap { $0 as? URL } ?? []
    return files.first {
      $0.lastPathComponent.contains(sequence) && $0.lastPathComponent.hasSuffix(".developed.png")
        && $0.path.contains("/\(sol)/")
    }
  }

  @Test func tilesAtScaleOneAndTwoPutTheRealFrameBackExactly() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      [
        "develop", "perseverance", "--sol", "895", "--camera", "NAVCAM_RIGHT", "-o",
        folder.url.path,
      ],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    let original = try Self.decode(Self.navcam)
    for sequence in ["NCAM09901", "NCAM09902"] {
      let file = try #require(developed(folder.url, sol: 895, sequence: sequence))
      #expect(run.stdout.contains(file.lastPathComponent))
      #expect(run.stdout.contains("1288x968  4 tiles"))
      let frame = try Self.decode(file)
      #expect(frame.width == original.width && frame.height == original.height)
      guard frame.width == original.width, frame.height == original.height else { continue }
      // Outside the overlaps exactly; inside them within a level.
      let layout = try #require(TileFixture.layouts[sequence])
      var worstOutside = 0
      var worstInside = 0
      let width = frame.width
      let (rows, columns) = (layout.rows, layout.columns)
      // Over the buffers: indexing `frame.pixels` in this unoptimized target retains it per
      // byte, and the frame has 3.7 million.
      frame.pixels.withUnsafeBufferPointer { developed in
        original.pixels.withUnsafeBufferPointer { original in
          for y in 0..<frame.height {
            let inRowOverlap = y >= rows[1] && y < rows[0] + layout.height
            for x in 0..<width {
              let inOverlap = inRowOverlap || (x >= columns[1] && x < columns[0] + layout.width)
              for channel in 0..<3 {
                let index = (y * width + x) * 3 + channel
                let difference = abs(Int(developed[index]) - Int(original[index]))
                if inOverlap {
                  worstInside = max(worstInside, difference)
                } else {
                  worstOutside = max(worstOutside, difference)
                }
              }
            }
          }
        }
      }
      #expect(worstOutside == 0, "\(sequence)")
      #expect(worstInside <= 1, "\(sequence)")
    }
    // The Mastcam-Z frame was not asked for.
    #expect(developed(folder.url, sol: 895, sequence: "ZCAM09903") == nil)
  }

  @Test func aMissingTileIsListedAndItsAreaIsTransparent() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      ["develop", "perseverance", "--sol", "896", "-o", folder.url.path],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("tile (629,1,660,500) is missing; its area is transparent"))
    let file = try #require(developed(folder.url, sol: 896, sequence: "NCAM09901"))
    let bytes = [UInt8](try Data(contentsOf: file))
    // RGBA: colour type 6.
    #expect(bytes.count > 26 && bytes[25] == 6)
    guard Self.hasImageMagick else { return }
    let rgba = try ReferenceTool.stdout("/usr/bin/convert", [file.path, "-depth", "8", "rgba:-"])
    let original = try Self.decode(Self.navcam)
    #expect(rgba.count == original.width * original.height * 4)
    guard rgba.count == original.width * original.height * 4 else { return }
    var wrongAlpha = 0
    var wrongColour = 0
    for y in 0..<original.height {
      for x in 0..<original.width {
        // The top-right tile's area beyond its neighbours' overlaps.
        let uncovered = x >= 660 && y < 468
        let pixel = y * original.width + x
        let alpha = rgba[pixel * 4 + 3]
        if alpha != (uncovered ? 0 : 255) { wrongAlpha += 1 }
        if uncovered { continue }
        for channel in 0..<3 where rgba[pixel * 4 + channel] != original.pixels[pixel * 3 + channel]
        {
          wrongColour += 1
        }
      }
    }
    #expect(wrongAlpha == 0)
    #expect(wrongColour == 0)
  }

  @Test func theMastcamZTilesComeOutAsItsFrameDemosaicked() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      ["develop", "perseverance", "--sol", "895", "--camera", "MCZ_LEFT", "-o", folder.url.path],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("1648x1200  4 tiles, colour (Mastcam-Z)"))
    let file = try #require(developed(folder.url, sol: 895, sequence: "ZCAM09903"))
    let frame = try Self.decode(file)
    let name = String(TileFixture.mastcamZ.dropLast(4))
    let expected = FrameDeveloper().colour(try Self.decode(Self.mastcamZ), name: name).0
    #expect(!frame.isGrey)
    #expect(frame == expected)
    // --no-debayer only puts the tiles together: the grey mosaic itself.
    let grey = try TemporaryFolder()
    let plain = try await CapturedRun.rovers(
      [
        "develop", "perseverance", "--sol", "895", "--camera", "MCZ_LEFT", "--no-debayer", "-o",
        grey.url.path,
      ], base: Offline.apiBase, environment: Self.feeds(server))
    #expect(plain.status == 0, "\(plain.stderr)")
    let mosaic = try Self.decode(try #require(developed(grey.url, sol: 895, sequence: "ZCAM09903")))
    #expect(mosaic == (try Self.decode(Self.mastcamZ)))
  }

  @Test func aFolderDownloadFilledDevelopsWithoutARequest() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let mirror = folder.url.path
    let download = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "895", "--size", "full", "-o", mirror],
      base: Offline.apiBase, environment: Self.feeds(server))
    #expect(download.status == 0, "\(download.stderr)")
    let gallery = try await CapturedRun.rovers(["gallery", mirror], base: Offline.apiBase)
    #expect(gallery.status == 0, "\(gallery.stderr)")
    // No server at all: everything comes from the folder.
    let offline = ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": "http://127.0.0.1:9"]
    let run = try await CapturedRun.rovers(
      ["develop", "perseverance", "--sol", "895", "--from", mirror, "-o", mirror],
      base: Offline.apiBase, environment: offline)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.split(separator: "\n").count == 3)
    let file = try #require(developed(folder.url, sol: 895, sequence: "NCAM09902"))
    #expect(try Self.decode(file) == (try Self.decode(Self.navcam)))
    // Beside its raw tiles.
    let siblings = try FileManager.default.contentsOfDirectory(
      atPath: file.deletingLastPathComponent().path)
    #expect(siblings.filter { $0.contains("NCAM09902") && !$0.contains("developed") }.count == 4)

    // The gallery, brought up to date by develop, shows the developed frames in the place of
    // their tiles, which stay a link away.
    let page = try String(
      contentsOf: folder.url.appendingPathComponent("perseverance/895/index.html"), encoding: .utf8)
    #expect(page.components(separatedBy: "<img src=").count - 1 == 3)
    #expect(page.contains("NCAM09902_03_0LLJ01.developed.png"))
    #expect(page.components(separatedBy: "developed from tiles").count - 1 == 3)
    for number in 1...4 {
      #expect(page.contains("NCAM09902_0\(number)_0LLJ01"))
    }

    // A tile whose file is of another size than its rectangle: 65, naming it.
    let tile = try #require(
      siblings.first { $0.contains("NCAM09901_02") && !$0.contains("developed") })
    let tilePath = file.deletingLastPathComponent().appendingPathComponent(tile)
    try Data(
      PNGEncoder.encode(RasterImage(width: 10, height: 10, pixels: Array(repeating: 9, count: 300)))
    )
    .write(to: tilePath)
    let misfit = try await CapturedRun.rovers(
      ["develop", "perseverance", "--sol", "895", "--from", mirror, "-o", mirror],
      base: Offline.apiBase, environment: offline)
    #expect(misfit.status == 65)
    #expect(misfit.stderr.contains("NCAM09901_02"))
    #expect(misfit.stderr.contains("10x10 pixels where its rectangle (629,469,660,500)"))
    // One that does not decode: 65, naming it.
    try Data("not an image".utf8).write(to: tilePath)
    let damaged = try await CapturedRun.rovers(
      ["develop", "perseverance", "--sol", "895", "--from", mirror, "-o", mirror],
      base: Offline.apiBase, environment: offline)
    #expect(damaged.status == 65)
    #expect(damaged.stderr.contains(tile))
    // No half-written PNG is left.
    let left = try FileManager.default.contentsOfDirectory(
      atPath: file.deletingLastPathComponent().path)
    #expect(left.allSatisfy { !$0.hasPrefix(".") || $0 == ".rovers-sol.json" })
  }

  @Test(arguments: [lostPattern, greyNavcam])
  func aFrameThatIsNotAMosaicComesOutUnchangedWithOneLine(file: URL) async throws {
    let out = folder.url.appendingPathComponent("out.png")
    let run = try await CapturedRun.rovers(
      ["develop", file.path, "-o", out.path], base: Offline.apiBase)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(try Self.decode(out) == (try Self.decode(file)))
    let lines = run.stderr.split(separator: "\n")
    #expect(lines.count == 1 && lines[0].contains("left as they are"), "\(run.stderr)")
  }

  @Test func theMastcamZFileDevelopsInColour() async throws {
    let out = folder.url.appendingPathComponent("z.png")
    let run = try await CapturedRun.rovers(
      ["develop", Self.mastcamZ.path, "-o", out.path], base: Offline.apiBase)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("1648x1200  colour (Mastcam-Z)"))
    #expect(!(try Self.decode(out)).isGrey)
    // Files that are no frame's tiles: a usage error.
    let two = try await CapturedRun.rovers(
      ["develop", Self.lostPattern.path, Self.greyNavcam.path, "-o", out.path],
      base: Offline.apiBase)
    #expect(two.status == 64)
    #expect(two.stderr.contains("are not the tiles of one frame"))
    // A file that is not there: 65, naming it, and nothing written.
    let absent = folder.url.appendingPathComponent("absent.png").path
    let gone = folder.url.appendingPathComponent("gone.png")
    let missing = try await CapturedRun.rovers(
      ["develop", absent, "-o", gone.path], base: Offline.apiBase)
    #expect(missing.status == 65)
    #expect(missing.stderr.contains("absent.png: there is no such file"))
    #expect(!FileManager.default.fileExists(atPath: gone.path))
  }

  /// The truecolour cells of a half-block picture: how far red and blue stand apart, at most.
  static func colourSpread(_ text: String) -> Int {
    var widest = 0
    for part in text.components(separatedBy: "38;2;").dropFirst() {
      let numbers = part.split(separator: ";").prefix(3).compactMap {
        Int($0.prefix { $0.isNumber })
      }
      if numbers.count == 3 { widest = max(widest, abs(numbers[0] - numbers[2])) }
    }
    return widest
  }

  @Test func showDebayerDrawsTheMosaicInColourFromFlagEnvironmentOrConfig() async throws {
    let arguments = ["show", Self.mastcamZ.path, "--image-protocol", "blocks", "--width", "40"]
    let colour = ["COLORTERM": "truecolor"]
    let plain = try await CapturedRun.rovers(arguments, base: Offline.apiBase, environment: colour)
    #expect(plain.status == 0)
    #expect(Self.colourSpread(plain.stdout) == 0)
    let flag = try await CapturedRun.rovers(
      arguments + ["--debayer"], base: Offline.apiBase, environment: colour)
    #expect(flag.status == 0, "\(flag.stderr)")
    #expect(Self.colourSpread(flag.stdout) > 30)
    let variable = try await CapturedRun.rovers(
      arguments, base: Offline.apiBase, environment: colour.merging(["ROVERS_DEBAYER": "on"]) { $1 }
    )
    #expect(variable.stdout == flag.stdout)
    let config = folder.url.appendingPathComponent("config")
    try Data("debayer = on\n".utf8).write(to: config)
    let configured = try await CapturedRun.rovers(
      arguments, base: Offline.apiBase,
      environment: colour.merging(["ROVERS_CONFIG": config.path]) { $1 })
    #expect(configured.stdout == flag.stdout)
    // A frame that is no mosaic is drawn as it is, and said once.
    let grey = try await CapturedRun.rovers(
      ["show", Self.lostPattern.path, "--image-protocol", "blocks", "--debayer"],
      base: Offline.apiBase, environment: colour)
    #expect(grey.status == 0)
    #expect(grey.stderr.split(separator: "\n").count == 1)
    #expect(grey.stderr.contains("is not a Bayer mosaic"))
  }
}
