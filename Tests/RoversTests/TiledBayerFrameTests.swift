import FixtureServing
import Foundation
import MarsFetching
import MarsImaging
import MarsMirror
import RasterImages
import TestSupport
import Testing

/// A full-resolution Navcam Bayer frame as NASA sends it: a 5120 × 3840 colour scene sampled
/// behind an RGGB filter, cut into 16 tiles of 1280 × 960 that reach 8 px into their
/// neighbours, numbered down the columns, each an `E` product record of its own on a feed. Two
/// scenes: a hue wheel whose colours cancel out over the whole frame, so only a judgement made
/// square by square sees the mosaic that each tile shows on its own; and real Mars photos,
/// sharp and of low saturation, whose texture sets neighbouring greens apart as much as the
/// filters set red and blue, so the pixels alone say no and NASA's records must decide.
@Suite(.timeLimit(.minutes(3))) struct TiledBayerFrameTests {
  static let width = 5120
  static let height = 3840
  static let sol = 897

  /// The scene: the colour wheel across every row, each row turned a little further than the
  /// one above it, at one saturation and brightness: every row holds every hue equally, so
  /// the frame as a whole averages grey.
  static let scene: RasterImage = {
    // The wheel twice over, each row a slice of it: no per-pixel work in this unoptimized
    // target.
    var palette = [UInt8]()
    palette.reserveCapacity(width * 6)
    for step in 0..<(width * 2) {
      let hue = Double(step % width) / Double(width) * 6
      let sector = Int(hue) % 6
      let fraction = hue - Double(Int(hue))
      let (high, low) = (200.0, 80.0)
      let rising = low + (high - low) * fraction
      let falling = high - (high - low) * fraction
      let rgb: (Double, Double, Double) =
        switch sector {
        case 0: (high, rising, low)
        case 1: (falling, high, low)
        case 2: (low, high, rising)
        case 3: (low, falling, high)
        case 4: (rising, low, high)
        default: (high, low, falling)
        }
      palette += [UInt8(rgb.0), UInt8(rgb.1), UInt8(rgb.2)]
    }
    var pixels = [UInt8]()
    pixels.reserveCapacity(width * height * 3)
    for y in 0..<height { pixels += palette[(y % width * 3)..<((y % width + width) * 3)] }
    return RasterImage(width: width, height: height, pixels: pixels)
  }()

  /// Real Mars photos at their own pixels, side by side over the frame: the colour Navcam and
  /// MAHLI files and the grey Mastcam-Z, Navcam and Hazcam ones of `Fixtures/real-images`, one
  /// a square of a 4 × 4 grid in turn, each square's part from another place of its photo (a
  /// photo narrower or shorter than the square repeats). Sharp, and of low saturation overall.
  static let realScene: RasterImage = {
    let names = [
      "NRF_0731_0731848568_991ECM_N0361610NCAM12731_04_195J01.png",
      "1575MH0006700000601214R00_DXXX.jpg",
      "ZL0_0038_0670307360_057ECM_N0031392ZCAM08007_1100LUJ.png",
      "NLB_663017128EDR_F0842120NCAM00354M_.JPG",
      "NLB_524534514EDR_F0562034NCAM00280M_.jpeg",
      "FLB_486265257EDR_F0481570FHAZ00323M_.jpg",
    ]
    let photos = names.compactMap { name in
      (try? Data(contentsOf: PackagePaths.fixtures.appendingPathComponent("real-images/\(name)")))
        .flatMap { try? ImageDecoder.decode([UInt8]($0)) }
    }
    guard photos.count == names.count else { return RasterImage(width: 1, height: 1, grey: [0]) }
    let (cellWidth, cellHeight) = (width / 4, height / 4)
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    for row in 0..<4 {
      for column in 0..<4 {
        let photo = photos[(row + column) % photos.count]
        let left = max(0, photo.width - cellWidth) * column / 3
        let top = max(0, photo.height - cellHeight) * row / 3
        for y in 0..<cellHeight {
          let sourceRow = (top + y) % photo.height * photo.width
          let to = ((row * cellHeight + y) * width + column * cellWidth) * 3
          for x in 0..<cellWidth {
            let from = (sourceRow + (left + x) % photo.width) * 3
            pixels[to + x * 3] = photo.pixels[from]
            pixels[to + x * 3 + 1] = photo.pixels[from + 1]
            pixels[to + x * 3 + 2] = photo.pixels[from + 2]
          }
        }
      }
    }
    return RasterImage(width: width, height: height, pixels: pixels)
  }()

  /// The scenes the frame is made of.
  enum Scene: String, CaseIterable, Sendable {
    case hueWheel, realPhotos

    /// What the sensor read: the scene behind the RGGB filter, as grey.
    var mosaic: RasterImage { self == .hueWheel ? TiledBayerFrameTests.mosaic : realMosaic }
    /// Its one grey plane.
    var plane: [UInt8] { self == .hueWheel ? TiledBayerFrameTests.plane : realPlane }
    /// The whole mosaic developed at once.
    var reference: Reference {
      self == .hueWheel ? TiledBayerFrameTests.reference : realReference
    }
  }

  /// What developing the whole mosaic at once makes, and how far, on average, its grey plane
  /// lies from those colours: the same for tiles of either format, so made once a scene.
  struct Reference: Sendable {
    var colour: RasterImage
    var demosaicked: Bool
    var greyDifference: Double

    init(_ mosaic: RasterImage, plane: [UInt8]) {
      let (colour, how) = FrameDeveloper().colour(mosaic, name: "NLE_0897_x", vouched: true)
      self.colour = colour
      demosaicked = how.isDemosaicked
      let grey = RasterImage(width: width, height: height, grey: plane)
      greyDifference =
        Double(PixelComparison.total(grey.pixels, colour.pixels)) / Double(grey.pixels.count)
    }
  }

  /// What the sensor read: the scene behind the RGGB filter, as grey.
  static let mosaic = BayerMosaic.sampling(scene)
  /// Its one grey plane.
  static let plane = mosaic.greyPlaneIfGrey() ?? []
  static let realMosaic = BayerMosaic.sampling(realScene)
  static let realPlane = realMosaic.greyPlaneIfGrey() ?? []
  static let reference = Reference(mosaic, plane: plane)
  static let realReference = Reference(realMosaic, plane: realPlane)

  /// A tile's rectangle on the sensor, from 0: 1280 × 960 with 8 px into each neighbour.
  static func rectangle(column: Int, row: Int) -> (x: Int, y: Int, width: Int, height: Int) {
    let left = max(0, column * 1280 - 8)
    let right = min(width, (column + 1) * 1280 + 8)
    let top = max(0, row * 960 - 8)
    let bottom = min(height, (row + 1) * 960 + 8)
    return (left, top, right - left, bottom - top)
  }

  /// The mosaic's pixels in `rect`, as a grey picture.
  static func cut(_ rect: (x: Int, y: Int, width: Int, height: Int), of plane: [UInt8])
    -> RasterImage
  {
    var tile = [UInt8]()
    tile.reserveCapacity(rect.width * rect.height)
    for y in rect.y..<(rect.y + rect.height) {
      tile += plane[(y * width + rect.x)..<(y * width + rect.x + rect.width)]
    }
    return RasterImage(width: rect.width, height: rect.height, grey: tile)
  }

  static let hasCjpeg = FileManager.default.isExecutableFile(atPath: "/usr/bin/cjpeg")

  /// The tiles written into `files` as PNG (every pixel kept) or JPEG at quality 90 (by
  /// libjpeg-turbo's cjpeg, as NASA's are), and a feed of sol 897 listing them twice: as the
  /// `E` frame of NAVCAM_LEFT (`NLE_`), and the same pixels as an `F` frame (`NLF_`, a product
  /// that is no mosaic), each tile addressed on `images`.
  static func feed(
    _ format: String, scene: Scene = .hueWheel, files: URL, fixtures: URL, images: String
  ) async throws {
    let feeds = fixtures.appendingPathComponent("nasa/mars2020")
    try FileManager.default.createDirectory(at: feeds, withIntermediateDirectories: true)
    var records: [[String: Any]] = []
    for column in 0..<4 {
      for row in 0..<4 {
        let number = column * 4 + row + 1
        let rect = rectangle(column: column, row: row)
        let tile = cut(rect, of: scene.plane)
        let path = files.appendingPathComponent("tile.\(format)")
        if format == "png" {
          try Data(PNGEncoder.encode(tile)).write(to: path)
        } else {
          let grey = files.appendingPathComponent("tile.pgm")
          try Data(
            Array("P5\n\(tile.width) \(tile.height)\n255\n".utf8) + (tile.greyPlaneIfGrey() ?? [])
          )
          .write(to: grey)
          let run = try await ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/cjpeg"),
            ["-quality", "90", "-outfile", path.path, grey.path], environment: [:])
          try #require(run.status == 0, "\(run.stderr)")
        }
        // The F frame once, with the hue wheel: what it shows does not depend on the scene.
        let products = [("NLE", 746_200_000)] + (scene == .hueWheel ? [("NLF", 746_200_100)] : [])
        for (product, clock) in products {
          let id = String(
            format: "%@_%04d_%010d_000ECM_N0440000NCAM09904_%02d_095J", product, sol, clock,
            number)
          // NASA's ids are read from the file's name, as NASA's addresses give them.
          let file = "\(id)01.\(format)"
          try FileManager.default.copyItem(at: path, to: files.appendingPathComponent(file))
          let address = "\(images)/static/\(file)"
          records.append([
            "imageid": id, "sol": sol, "sample_type": "Full", "site": 44, "drive": "0",
            "camera": ["instrument": "NAVCAM_LEFT", "filter_name": "UNK"],
            "image_files": [
              "full_res": address, "large": address, "medium": address, "small": address,
            ],
            "extended": [
              "sclk": "\(clock).500", "scaleFactor": "1", "mastAz": "91.7", "mastEl": "-10.0",
              "subframeRect": "(\(rect.x + 1),\(rect.y + 1),\(rect.width),\(rect.height))",
              "dimension": "(\(rect.width),\(rect.height))",
            ],
            "date_taken_utc": "2023-08-28T10:00:00.000", "date_taken_mars": "Sol-00897M10:00:00",
            "title": "Mars Perseverance Sol 897: Left Navigation Camera (Navcam)",
          ])
        }
      }
    }
    let body: [String: Any] = [
      "images": records, "per_page": 100, "page": 0, "total_results": records.count,
      "type": "mars2020", "mission": "mars2020", "total_images": records.count,
    ]
    try JSONSerialization.data(withJSONObject: body).write(
      to: feeds.appendingPathComponent("\(sol).json"))
  }

  /// The developed file of the frame whose first tile's id starts with `product`.
  static func developed(_ root: URL, product: String) throws -> RasterImage {
    let folder = root.appendingPathComponent("perseverance/\(sol)/NAVCAM_LEFT")
    let name = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
        $0.hasPrefix(product) && $0.hasSuffix(FrameTiles.developedSuffix)
      })
    return try ImageDecoder.decode(
      [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
  }

  /// The frames developed: the hue wheel's from PNG tiles (to the byte, and its `F` frame
  /// beside it), the real scene's from PNG and from JPEG tiles. (The hue wheel from JPEG tiles
  /// held nothing more: a full-size `E` frame is a mosaic by its records, whatever its pixels.)
  static let cases: [(String, Scene)] = [
    ("png", .hueWheel), ("png", .realPhotos), ("jpg", .realPhotos),
  ]

  @Test(
    "a 16-tile E frame whose tiles are a Bayer mosaic develops in colour through the feed",
    arguments: cases)
  func developsInColour(_ format: String, _ scene: Scene) async throws {
    guard format == "png" || Self.hasCjpeg else { return }
    let folder = try TemporaryFolder()
    let files = folder.url.appendingPathComponent("files")
    let fixtures = folder.url.appendingPathComponent("fixtures")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    let images = try await FixtureServer.start(staticFolder: files.path)
    try await Self.feed(
      format, scene: scene, files: files, fixtures: fixtures, images: images.host)
    let feeds = try await FixtureServer.start(shape: "nasa", fixtures: fixtures)
    let output = folder.url.appendingPathComponent("out")
    let run = try await CapturedRun.rovers(
      ["develop", "perseverance", "--sol", String(Self.sol), "-o", output.path],
      base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.contains("5120x3840  16 tiles, colour (Perseverance Navcam)\n"))
    #expect(!run.stderr.contains("is not a Bayer mosaic"), "\(run.stderr)")

    // The E frame is what demosaicking the whole mosaic at once makes: to the byte from PNG
    // tiles (their overlaps agree), within what JPEG's losses leave from JPEG ones.
    let colour = try Self.developed(output, product: "NLE")
    // The real scene is one the pixels alone do not take for a mosaic: its records decide.
    #expect(BayerMosaic(scene.mosaic).looksLikeMosaic == (scene == .hueWheel))
    let reference = scene.reference
    let expected = reference.colour
    #expect(reference.demosaicked)
    #expect(colour.width == Self.width && colour.height == Self.height)
    guard colour.width == Self.width, colour.height == Self.height else { return }
    let difference =
      Double(PixelComparison.total(colour.pixels, expected.pixels)) / Double(colour.pixels.count)
    let greyDifference = reference.greyDifference
    if format == "png" {
      #expect(PixelComparison.worst(colour.pixels, expected.pixels) == 0)
    } else {
      #expect(difference < 8, "mean difference \(difference)")
    }
    // Left grey, the frame would be this far from its colours.
    #expect(greyDifference > (scene == .hueWheel ? 30 : 5), "grey is only \(greyDifference) away")
    #expect(greyDifference > 2 * difference, "grey \(greyDifference), developed \(difference)")

    // The F frame, the same pixels under a product that is no mosaic, is put together and
    // left grey.
    guard scene == .hueWheel else { return }
    let plain = try Self.developed(output, product: "NLF")
    let plainIsGrey = plain.isGrey
    #expect(plainIsGrey)
    if format == "png" {
      #expect(PixelComparison.worst(plain.greyPlaneIfGrey() ?? [], scene.plane) == 0)
    }
  }

  @Test("show --debayer draws the tiled E frame in colour")
  func showDrawsItInColour() async throws {
    let folder = try TemporaryFolder()
    let files = folder.url.appendingPathComponent("files")
    let fixtures = folder.url.appendingPathComponent("fixtures")
    try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
    let images = try await FixtureServer.start(staticFolder: files.path)
    try await Self.feed("png", files: files, fixtures: fixtures, images: images.host)
    let feeds = try await FixtureServer.start(shape: "nasa", fixtures: fixtures)
    let run = try await CapturedRun.rovers(
      [
        "show", "perseverance", "--sol", String(Self.sol), "--size", "full", "--debayer",
        "--limit", "1", "--image-protocol", "iterm",
      ],
      base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": feeds.host])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(!run.stderr.contains("not a Bayer mosaic"), "\(run.stderr)")
    let pictures = try ShowTiledFrameTests.drawnPictures(run.stdout)
    let picture = try #require(pictures.first)
    // Each 2 × 2 cell one pixel, in colour.
    let size = (picture.width, picture.height)
    #expect(size == (Self.width / 2, Self.height / 2))
    // Stated apart: a failed expectation on the picture itself would print every pixel.
    let grey = picture.isGrey
    #expect(!grey)
  }
}
