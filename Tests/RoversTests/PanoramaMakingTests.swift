import CameraGeometry
import FixtureServing
import Foundation
import PanoramaStitching
import RasterImages
import TestSupport
import Testing

/// `rovers panorama ROVER --sol N --sequence ID`: the fixtures' pan (sol 888's real records
/// and camera models, frames rendered from a known scene) fetched from the fixture server's
/// feeds, stitched, written, and compared with the scene.
@Suite struct PanoramaMakingTests {
  static let djpeg = ReferenceTool.find("/usr/bin/djpeg", "/usr/local/bin/djpeg")

  /// The grid and viewpoint a run's `--json` says.
  static func grid(_ json: String) throws -> (PanoramaGrid, Vector3) {
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    let number = { (key: String) in object[key] as? Double ?? .nan }
    let viewpoint = try #require(object["viewpoint"] as? [Double])
    let grid = PanoramaGrid(
      firstAzimuth: number("first_azimuth"), firstElevation: number("first_elevation"),
      degreesPerPixel: number("degrees_per_pixel"), width: object["width"] as? Int ?? 0,
      height: object["height"] as? Int ?? 0)
    return (grid, try #require(Vector3(viewpoint)))
  }

  @Test func theFixturesPanIsStitchedBackIntoTheScene() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder("panorama")
    let png = folder.file("pano.png")
    let run = try await CapturedRun.rovers(
      [
        "panorama", "perseverance", "--sol", "888", "--sequence", "NCAM00501", "-o", png.path,
        "--json", "--scale", "0.5",
      ],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stderr.contains("wrote \(png.path): "))
    let (grid, viewpoint) = try Self.grid(run.stdout)
    #expect(grid.isRing)
    // Half a grid pixel per frame pixel at a Navcam frame's centre (--scale 0.5): 96.5
    // degrees over 640.
    #expect(abs(grid.degreesPerPixel - 0.155) < 0.002)
    let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: png)))
    #expect(image.width == grid.width && image.height == grid.height)
    let plane = try #require(image.greyPlaneIfGrey())
    let score = PanoramaFixture.psnr(plane, width: grid.width) { column, row in
      PanoramaFixture.level(
        origin: viewpoint, direction: grid.direction(column: Double(column), row: Double(row)))
    }
    #expect(score >= 35, "PSNR \(score) dB")
    // Every frame was used, each with its gain.
    #expect(run.stdout.components(separatedBy: "\"nasa_id\"").count == 6)
  }

  @Test(.enabled(if: djpeg != nil, "djpeg is not installed"))
  func aJPEGOfItIsOneGreyComponentThatDjpegReads() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder("panorama")
    let jpeg = folder.file("pano.jpg")
    let run = try await CapturedRun.rovers(
      [
        "panorama", "perseverance", "--sol", "888", "--sequence", "NCAM00501", "-o", jpeg.path,
        "--scale", "0.5", "--format", "csv", "--fields", "width,height,frames",
      ],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    let ours = try ImageDecoder.decode([UInt8](try Data(contentsOf: jpeg)))
    #expect(run.stdout == "width,height,frames\n\(ours.width),\(ours.height),5\n")
    let theirs = try ReferenceTool.stdout(try #require(Self.djpeg), ["-grayscale", jpeg.path])
    // A PGM of the same size: "P5\n<width> <height>\n255\n".
    #expect(
      String(decoding: theirs.prefix(20), as: UTF8.self).hasPrefix(
        "P5\n\(ours.width) \(ours.height)\n"))
  }

  @Test func anUnknownSequenceListsTheSolsPansAndAnotherFileIsRefused() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let unknown = try await CapturedRun.rovers(
      ["panorama", "perseverance", "--sol", "888", "--sequence", "NCAM99999", "--show"],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(unknown.status == 64)
    #expect(
      unknown.stderr.contains("has no panorama NCAM99999; its panoramas: NCAM00501 (360.0 degrees)")
    )
    let gif = try await CapturedRun.rovers(
      ["panorama", "perseverance", "--sol", "888", "--sequence", "NCAM00501", "-o", "p.gif"],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(gif.status == 64)
    #expect(
      gif.stderr.hasPrefix(
        "Error: 'p.gif' is neither a .jpg nor a .png file: the extension says which picture to"
          + " write\n"))
  }
}

/// `panorama --show`: the panorama drawn at the terminal's width, its azimuth scale under it.
@Suite struct PanoramaShowTests {
  @Test func itIsDrawnWithAnAzimuthScaleWhereTheAzimuthsAre() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      [
        "panorama", "perseverance", "--sol", "888", "--sequence", "NCAM00501", "--show",
        "--image-protocol", "blocks", "--width", "80", "--scale", "0.25",
      ],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines.first == "NAVCAM_LEFT NCAM00501, sol 888")
    // Half-blocks between the caption and the scale: the picture, 80 cells wide.
    let picture = lines.dropFirst().prefix { $0.contains("▀") || $0.contains("▄") }
    #expect(picture.count >= 8)
    let ticks = try #require(
      lines.first { $0.hasPrefix("|") || $0.hasPrefix("-") && $0.contains("|") })
    let index = try #require(lines.firstIndex(of: ticks))
    let labels = Array(lines[index + 1])
    #expect(ticks.count == 80)
    // A ring from -180: 0 degrees half way, 90 three quarters of the way, every 45 degrees.
    let marks = Array(ticks).enumerated().filter { $0.element == "|" }.map(\.offset)
    #expect(marks == [0, 10, 20, 30, 40, 50, 60, 70], "\(ticks)")
    #expect(String(labels[40..<41]) == "0")
    #expect(String(labels[60..<62]) == "90")
    #expect(String(labels[20..<23]) == "-90")
  }
}

/// `panorama --north`: the ring turned by the rover's heading from its attitude.
@Suite struct PanoramaNorthTests {
  /// The grey plane and width of a panorama the run wrote.
  static func make(_ extra: [String], _ server: FixtureServer, _ folder: TemporaryFolder)
    async throws -> (plane: [UInt8], width: Int, json: String)
  {
    let file = folder.file("pano\(extra.count).png")
    let run = try await CapturedRun.rovers(
      [
        "panorama", "perseverance", "--sol", "888", "--sequence", "NCAM00501", "-o", file.path,
        "--scale", "0.5", "--json",
      ] + extra,
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    let image = try ImageDecoder.decode([UInt8](try Data(contentsOf: file)))
    return (try #require(image.greyPlaneIfGrey()), image.width, run.stdout)
  }

  @Test func northTurnsTheRingByTheHeadingTheAttitudeGives() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder("panorama")
    let rover = try await Self.make([], server, folder)
    let north = try await Self.make(["--north"], server, folder)
    #expect(north.json.contains("\"frame\": \"north\""))
    #expect(rover.plane.count == north.plane.count)
    // Sol 888's attitude heads the rover to azimuth -104.25: what is ahead of it is there
    // from north, the whole ring turned by as many columns (a fraction of one between).
    let attitude = try #require(
      Rotation(quaternion: [0.613922, 0.00507105, 0.00506813, -0.789334]))
    let heading = attitude.heading * 180 / .pi
    #expect(abs(heading + 104.25) < 0.01)
    let (grid, _) = try PanoramaMakingTests.grid(north.json)
    let width = rover.width
    func difference(turnedBy degrees: Double) -> Double {
      let shift = degrees / grid.degreesPerPixel
      let whole = Int(shift.rounded(.down))
      let part = shift - Double(whole)
      var (sum, count) = (0.0, 0.0)
      for row in 0..<(rover.plane.count / width) {
        for column in 0..<width {
          // North's column `column + shift` shows what the rover's `column` does.
          let left = ((column + whole) % width + width) % width
          let right = (left + 1) % width
          let (one, two) = (north.plane[row * width + left], north.plane[row * width + right])
          let seen = Double(rover.plane[row * width + column])
          guard one > 0, two > 0, seen > 0 else { continue }
          sum += abs(Double(one) * (1 - part) + Double(two) * part - seen)
          count += 1
        }
      }
      return sum / max(count, 1)
    }
    let right = difference(turnedBy: heading)
    let wrong = difference(turnedBy: -heading)
    #expect(
      right * 4 < wrong, "mean difference \(right) turned by \(heading), \(wrong) the other way")
  }
}
