import CameraGeometry
import FixtureServing
import Foundation
import RasterImages
import TestSupport
import Testing

/// `rovers terrain` over the fixture server: Curiosity's sol 86, whose Navcam pairs' frames
/// the server renders from a known scene through their real camera models (``TerrainFixture``).
/// The range map (read by OpenCV), the point cloud (parsed here, as a PLY reader would) and
/// the mesh (its glTF header, chunks, accessors and bounds) are each checked against the scene
/// and against the left frame they came from.
@Suite struct TerrainTests {
  static let pairID = "NLA_405127598EDR_F0050104NCAM00207M_"

  /// One pair's terrain: the run, its folder and its files.
  struct Made {
    var run: CapturedRun
    var folder: TemporaryFolder
    var range: URL
    var points: URL
    var mesh: URL
  }

  /// Makes the pair's terrain: made once, the files are checked by each of the checks below.
  @Test func aPairsTerrainIsTheSceneInEachFile() async throws {
    let made = try await Self.make()
    try Self.checkSummary(made)
    if ReferenceTool.pythonHas("cv2") {
      let millimetres = try Self.ranges(made.range)
      try Self.checkRanges(millimetres)
      try Self.checkPoints(made, millimetres)
    }
    try Self.checkMesh(made)
  }

  static func make() async throws -> Made {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder("terrain")
    let run = try await CapturedRun.rovers(
      ["terrain", "curiosity", "--sol", "86", "--pair", pairID, "-o", folder.url.path, "--json"],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    let files = ["range.png", "points.ply", "mesh.glb"].map {
      folder.file("\(pairID)-\($0)")
    }
    return Made(run: run, folder: folder, range: files[0], points: files[1], mesh: files[2])
  }

  /// The pair's frames and models, as the server serves them.
  static func frames() throws -> (left: TerrainFixture.Frame, right: TerrainFixture.Frame) {
    let frames = try TerrainFixture.frames(fixtures: PackagePaths.fixtures.path)
      .filter { $0.name.contains("405127598EDR_F") }
    return (
      try #require(frames.first { !$0.isRight }), try #require(frames.first { $0.isRight })
    )
  }

  /// The left frame as the run decoded it: the server's JPEG, decoded.
  static func leftImage(_ frame: TerrainFixture.Frame) throws -> RasterImage {
    try ImageDecoder.decode([UInt8](try #require(TerrainFixture.jpeg(of: frame))))
  }

  /// The run says what it made, and its files are there.
  static func checkSummary(_ made: Made) throws {
    #expect(made.run.status == 0, "\(made.run.stderr)")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(made.run.stdout.utf8)) as? [[String: Any]])
    let entry = try #require(entries.first)
    #expect(entries.count == 1)
    #expect(entry["status"] as? String == "written")
    #expect(
      entry["files"] as? [String] == [made.range.path, made.points.path, made.mesh.path])
    let points = try #require(entry["points"] as? Int)
    let coverage = try #require(entry["coverage"] as? Double)
    #expect(coverage > 0.7 && coverage <= 1)
    #expect(abs(Double(points) / (1024 * 1024) - coverage) < 0.0001)
    // The scene's ground lies from about 2.3 m to the terrace beyond 7 m.
    let low = try #require(entry["range_min"] as? Double)
    let median = try #require(entry["range_median"] as? Double)
    let high = try #require(entry["range_max"] as? Double)
    #expect(low > 1.5 && low < median && median < high && high < 15)
    let miss = try #require(entry["median_miss"] as? Double)
    #expect(miss >= 0 && miss < 0.005 * median)
    #expect(made.run.stderr.contains("wrote the terrain of 1 pair to \(made.folder.url.path)"))
  }

  /// The range map as OpenCV reads it: 16-bit samples, millimetres.
  static func ranges(_ file: URL) throws -> [UInt16] {
    let script = """
      import sys, cv2
      image = cv2.imread(sys.argv[1], cv2.IMREAD_UNCHANGED)
      assert image.dtype == 'uint16' and image.shape == (1024, 1024), (image.dtype, image.shape)
      sys.stdout.buffer.write(image.astype('<u2').tobytes())
      """
    let bytes = try ReferenceTool.stdout(ReferenceTool.python, ["-c", script, file.path])
    return stride(from: 0, to: bytes.count - 1, by: 2).map {
      UInt16(bytes[$0]) | UInt16(bytes[$0 + 1]) << 8
    }
  }

  /// The range map, as OpenCV reads it, comes back from the scene within its errors.
  static func checkRanges(_ millimetres: [UInt16]) throws {
    let (left, right) = try Self.frames()
    let rectification = try #require(
      StereoRectification(
        left: left.model, right: right.model, leftSize: (1024, 1024), rightSize: (1024, 1024)))
    var (visible, ranged, close) = (0, 0, 0)
    for v in stride(from: 0, to: 1024, by: 4) {
      for u in stride(from: 0, to: 1024, by: 4) {
        let ray = left.model.ray(x: Double(u), y: Double(v))
        guard let hit = TerrainFixture.hit(origin: ray.origin, direction: ray.direction),
          hit.distance <= 30
        else { continue }
        let point = ray.origin + ray.direction * hit.distance
        guard let seen = right.model.pixel(of: point), (0...1023).contains(seen.x),
          (0...1023).contains(seen.y)
        else { continue }
        let back = right.model.ray(x: seen.x, y: seen.y)
        guard
          let first = TerrainFixture.hit(origin: back.origin, direction: back.direction),
          abs(first.distance - (point - back.origin).length) < 0.01
        else { continue }
        visible += 1
        let found = Double(millimetres[v * 1024 + u]) / 1000
        guard found > 0 else { continue }
        ranged += 1
        // σ = r²·σd / (f·B) at a quarter pixel; 3σ, and a millimetre for the PNG's steps.
        let sigma = hit.distance * hit.distance * 0.25 / rectification.disparityScale
        if abs(found - hit.distance) <= 3 * sigma + 0.001 { close += 1 }
      }
    }
    let coverage = Double(ranged) / Double(max(1, visible))
    let within = Double(close) / Double(max(1, ranged))
    #expect(visible > 30_000)
    #expect(coverage >= 0.85, "coverage \(coverage)")
    #expect(within >= 0.90, "within 3σ \(within)")
  }

  /// A PLY file's points as its header describes them.
  static func plyPoints(_ bytes: [UInt8]) throws -> [(x: Float, y: Float, z: Float, rgb: [UInt8])] {
    let end = Array("end_header\n".utf8)
    let headerEnd = try #require(
      (0...(bytes.count - end.count)).first { Array(bytes[$0..<($0 + end.count)]) == end })
    let header = String(decoding: bytes[0..<headerEnd], as: UTF8.self)
    let lines = header.split(separator: "\n").map(String.init)
    #expect(lines.first == "ply")
    #expect(lines.contains("format binary_little_endian 1.0"))
    let properties = lines.filter { $0.hasPrefix("property ") }
    #expect(
      properties == [
        "property float x", "property float y", "property float z", "property uchar red",
        "property uchar green", "property uchar blue",
      ])
    let count = try #require(
      lines.first { $0.hasPrefix("element vertex ") }.flatMap { Int($0.dropFirst(15)) })
    let body = Array(bytes[(headerEnd + end.count)...])
    #expect(body.count == count * 15)
    func float(_ at: Int) -> Float {
      Float(
        bitPattern: UInt32(body[at]) | UInt32(body[at + 1]) << 8 | UInt32(body[at + 2]) << 16
          | UInt32(body[at + 3]) << 24)
    }
    return (0..<min(count, body.count / 15)).map { index in
      let at = index * 15
      return (float(at), float(at + 4), float(at + 8), Array(body[(at + 12)..<(at + 15)]))
    }
  }

  /// Each point of the cloud sits on the pixel it came from, in its colour, at its range.
  static func checkPoints(_ made: Made, _ millimetres: [UInt16]) throws {
    let points = try Self.plyPoints([UInt8](try Data(contentsOf: made.points)))
    let (left, _) = try Self.frames()
    let image = try Self.leftImage(left)
    // The points follow the pixels that have a range, row after row.
    let pixels = millimetres.indices.filter { millimetres[$0] > 0 }
    #expect(points.count == pixels.count)
    var (checked, placed, coloured, ranged) = (0, 0, 0, 0)
    for index in stride(from: 0, to: min(points.count, pixels.count), by: 97) {
      let point = points[index]
      let (u, v) = (pixels[index] % 1024, pixels[index] / 1024)
      let position = Vector3(Double(point.x), Double(point.y), Double(point.z))
      checked += 1
      if let seen = left.model.pixel(of: position),
        abs(seen.x - Double(u)) <= 0.5, abs(seen.y - Double(v)) <= 0.5
      {
        placed += 1
      }
      let level = image.pixels[(v * 1024 + u) * 3]
      if point.rgb == [level, level, level] { coloured += 1 }
      let range = (position - left.model.c).length
      if abs(range * 1000 - Double(millimetres[pixels[index]])) <= 1 { ranged += 1 }
    }
    #expect(checked > 5000)
    #expect(placed == checked, "\(placed) of \(checked) on their pixels")
    #expect(coloured == checked, "\(coloured) of \(checked) in their pixel's colour")
    #expect(ranged == checked, "\(ranged) of \(checked) at the range map's range")
  }

  /// A `.glb` file's JSON and binary chunks, after checking its header.
  static func glb(_ bytes: [UInt8]) throws -> (json: [String: Any], binary: [UInt8]) {
    func word(_ at: Int) -> Int {
      Int(
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16
          | UInt32(bytes[at + 3]) << 24)
    }
    #expect(Array(bytes[0..<4]) == Array("glTF".utf8))
    #expect(word(4) == 2)
    #expect(word(8) == bytes.count)
    let jsonLength = word(12)
    #expect(Array(bytes[16..<20]) == Array("JSON".utf8))
    #expect(jsonLength % 4 == 0)
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(bytes[20..<(20 + jsonLength)]))
        as? [String: Any])
    let binaryStart = 20 + jsonLength
    let binaryLength = word(binaryStart)
    #expect(Array(bytes[(binaryStart + 4)..<(binaryStart + 8)]) == [0x42, 0x49, 0x4E, 0x00])
    #expect(binaryStart + 8 + binaryLength == bytes.count)
    return (json, Array(bytes[(binaryStart + 8)...]))
  }

  /// The mesh is glTF 2.0 whose texture sits on the pixels its vertices came from.
  static func checkMesh(_ made: Made) throws {
    let (json, binary) = try Self.glb([UInt8](try Data(contentsOf: made.mesh)))
    let asset = try #require(json["asset"] as? [String: Any])
    #expect(asset["version"] as? String == "2.0")
    let buffers = try #require(json["buffers"] as? [[String: Any]])
    #expect(buffers.first?["byteLength"] as? Int == binary.count)
    let views = try #require(json["bufferViews"] as? [[String: Any]])
    for view in views {
      let offset = view["byteOffset"] as? Int ?? 0
      let length = try #require(view["byteLength"] as? Int)
      #expect(offset % 4 == 0 && offset + length <= binary.count)
    }
    let accessors = try #require(json["accessors"] as? [[String: Any]])
    #expect(accessors.count == 3)
    func floats(_ accessor: [String: Any], _ width: Int) throws -> [Float] {
      let view = views[try #require(accessor["bufferView"] as? Int)]
      let offset = view["byteOffset"] as? Int ?? 0
      let count = try #require(accessor["count"] as? Int)
      #expect(accessor["componentType"] as? Int == 5126)
      #expect(view["byteLength"] as? Int == count * width * 4)
      return (0..<(count * width)).map { index in
        let at = offset + index * 4
        return Float(
          bitPattern: UInt32(binary[at]) | UInt32(binary[at + 1]) << 8
            | UInt32(binary[at + 2]) << 16 | UInt32(binary[at + 3]) << 24)
      }
    }
    #expect(accessors[0]["type"] as? String == "VEC3")
    #expect(accessors[1]["type"] as? String == "VEC2")
    let positions = try floats(accessors[0], 3)
    let coordinates = try floats(accessors[1], 2)
    let vertices = positions.count / 3
    #expect(vertices > 30_000 && coordinates.count == vertices * 2)
    // The bounds glTF asks of positions are the positions' own.
    let low = try #require(accessors[0]["min"] as? [Double])
    let high = try #require(accessors[0]["max"] as? [Double])
    for axis in 0..<3 {
      let values = stride(from: axis, to: positions.count, by: 3).map { positions[$0] }
      #expect(Float(low[axis]) == values.min() && Float(high[axis]) == values.max())
    }
    // Up is +Y: the ground (rover z = 0) lies about 1.9 m below the cameras' pupils.
    #expect(low[1] > -0.2 && high[1] < 1)
    // Indices: unsigned ints, three a triangle, each a vertex.
    let indexView = views[try #require(accessors[2]["bufferView"] as? Int)]
    let indexCount = try #require(accessors[2]["count"] as? Int)
    #expect(accessors[2]["componentType"] as? Int == 5125 && indexCount % 3 == 0)
    let indexOffset = indexView["byteOffset"] as? Int ?? 0
    let largest = (0..<indexCount).map { index -> Int in
      let at = indexOffset + index * 4
      return Int(
        UInt32(binary[at]) | UInt32(binary[at + 1]) << 8 | UInt32(binary[at + 2]) << 16
          | UInt32(binary[at + 3]) << 24)
    }.max()
    #expect(indexCount > 30_000 && (largest ?? vertices) < vertices)
    // The texture is a JPEG of the left frame.
    let images = try #require(json["images"] as? [[String: Any]])
    #expect(images.first?["mimeType"] as? String == "image/jpeg")
    let imageView = views[try #require(images.first?["bufferView"] as? Int)]
    let start = imageView["byteOffset"] as? Int ?? 0
    let texture = try ImageDecoder.decode(
      Array(binary[start..<(start + (imageView["byteLength"] as? Int ?? 0))]))
    #expect(texture.width == 1024 && texture.height == 1024)
    // Each vertex, turned back to the rover frame (x = Z, y = -X, z = -Y), is seen by the
    // left camera where its texture coordinate says.
    let (left, _) = try Self.frames()
    var (checked, onPixel) = (0, 0)
    for vertex in stride(from: 0, to: vertices, by: 41) {
      let (x, y, z) = (positions[vertex * 3], positions[vertex * 3 + 1], positions[vertex * 3 + 2])
      let rover = Vector3(Double(z), Double(-x), Double(-y))
      guard let seen = left.model.pixel(of: rover) else { continue }
      checked += 1
      let u = Double(coordinates[vertex * 2]) * 1024 - 0.5
      let v = Double(coordinates[vertex * 2 + 1]) * 1024 - 0.5
      if abs(seen.x - u) <= 0.5, abs(seen.y - v) <= 0.5 { onPixel += 1 }
    }
    #expect(checked > 500 && onPixel == checked, "\(onPixel) of \(checked)")
  }

  /// A pair whose frames come as tiles (the tiled sol's: sol 86's pair, four overlapping
  /// tiles an eye, each with its own model) is one pair, matched whole by the frame's model:
  /// named by its left frame's top-left tile, its range map is the whole frame's and comes
  /// back from the scene as the pair sent whole does. Any tile of the left frame asks for it.
  @Test func aPairSentAsTilesIsMatchedWhole() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder("terrain")
    let run = try await CapturedRun.rovers(
      ["terrain", "curiosity", "--sol", "87", "-o", folder.url.path, "--json"],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(run.status == 0, "\(run.stderr)")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    #expect(entries.count == 1, "\(run.stdout)")
    let entry = try #require(entries.first)
    let name = { (side: String) in (entry[side] as? [String: Any])?["nasa_id"] as? String }
    #expect(name("left") == "NLA_405127598EDR_T0050104NCAM00207M1")
    #expect(name("right") == "NRA_405127598EDR_T0050104NCAM00207M1")
    #expect(entry["status"] as? String == "written", "\(run.stderr)")
    // Every tile of both eyes was fetched, at full size.
    let tiles = Set(server.requests.map(\.target).filter { $0.contains("EDR_T0050104") })
    #expect(tiles.count == 8, "\(tiles)")
    let range = folder.file("NLA_405127598EDR_T0050104NCAM00207M1-range.png")
    if ReferenceTool.pythonHas("cv2") {
      try Self.checkRanges(try Self.ranges(range))
    }
    let again = try await CapturedRun.rovers(
      [
        "terrain", "curiosity", "--sol", "87", "--pair", "NLA_405127598EDR_T0050104NCAM00207M4",
        "-o", folder.url.path, "--json",
      ], base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(again.status == 0, "\(again.stderr)")
    #expect(again.stdout.contains("\"skipped\""), "\(again.stdout)")
    // A tile the host will not give fails the pair as a whole frame not given does (69),
    // not as a frame with a hole.
    let refusing = try await FixtureServer.start(
      faults: #"[{"match": "EDR_T0050104NCAM00207M", "status": 404}]"#, shape: "nasa",
      imageLatencyMilliseconds: 0)
    let refused = try await CapturedRun.rovers(
      ["terrain", "curiosity", "--sol", "87", "-o", folder.file("none").path],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(refusing))
    #expect(refused.status == 69, "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.file("none").path))
  }

  @Test func aSolWithoutPairsSaysSoAndTheAPISourceIsRefused() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder("terrain")
    let none = try await CapturedRun.rovers(
      ["terrain", "perseverance", "--sol", "100", "-o", folder.url.path],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    // Said on stderr as stereo says it, so an empty answer is not taken for a quiet failure.
    #expect(none.status == 0 && none.stdout.isEmpty, "\(none.stderr)")
    #expect(none.stderr == "no stereo pairs among the 49 photos of sol 100\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).isEmpty)
    // Sol 86 has photos, none of them Mastcam's.
    let mast = try await CapturedRun.rovers(
      ["terrain", "curiosity", "--sol", "86", "--camera", "MAST", "-o", folder.url.path],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(mast.status == 0 && mast.stdout.isEmpty, "\(mast.stderr)")
    #expect(mast.stderr == "no photos of MAST on sol 86 of curiosity\n")
    let api = try await CapturedRun.rovers(
      ["terrain", "curiosity", "--sol", "86", "-o", folder.url.path, "--source", "api"],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(api.status == 64)
    #expect(api.stderr.contains("--source api"))
    // A file where the folder goes is said before any frame is fetched or matched.
    let inTheWay = folder.file("a-file")
    try Data("x".utf8).write(to: inTheWay)
    let blocked = try await CapturedRun.rovers(
      ["terrain", "curiosity", "--sol", "86", "-o", inTheWay.path], base: Offline.apiBase,
      environment: PanoramaListTests.feeds(server))
    #expect(blocked.status == 73, "\(blocked.stderr)")
    #expect(
      blocked.stderr
        == "Error: cannot write \(inTheWay.path): a file is in the way of this folder\n")
    #expect(!server.requests.contains { $0.target.hasSuffix(".JPG") }, "no frame fetched")
    try FileManager.default.removeItem(at: inTheWay)
    // A right frame given for the pair is named as such, with the left frame to give; a name
    // of no frame is said to be none.
    let right = Self.pairID.replacingOccurrences(of: "NLA_", with: "NRA_")
    for (asked, said) in [
      (right, "\(right) is the right frame of the pair \(Self.pairID): give its left frame"),
      ("NOPE", "sol 86 of curiosity has no stereo pair whose left frame is NOPE"),
    ] {
      let run = try await CapturedRun.rovers(
        ["terrain", "curiosity", "--sol", "86", "--pair", asked, "-o", folder.file("x").path],
        base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
      #expect(run.status == 64, "\(run.stderr)")
      #expect(run.stderr.hasPrefix("Error: \(said)"), "\(run.stderr)")
    }
    // Frames without models are left out with a remark, and nothing is written.
    let leftOut = try await CapturedRun.rovers(
      ["terrain", "perseverance", "--sol", "0", "-o", folder.file("out").path, "--json"],
      base: Offline.apiBase, environment: PanoramaListTests.feeds(server))
    #expect(leftOut.status == 0, "\(leftOut.stderr)")
    #expect(leftOut.stderr.contains(": left out, its record has no camera model"))
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(leftOut.stdout.utf8)) as? [[String: Any]])
    #expect(!entries.isEmpty && entries.allSatisfy { $0["status"] as? String == "left out" })
    #expect(!FileManager.default.fileExists(atPath: folder.file("out").path))
  }

  @Test func aKilledRunLeavesEachFileWholeAndTheNextRunFinishes() async throws {
    // The sky pair's frames hang: the kill lands while the other pairs are made and written.
    let server = try await FixtureServer.start(
      faults: #"[{"match": "NCAM00534", "latency_ms": 60000}]"#, shape: "nasa",
      imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder("terrain")
    let output = folder.file("3d")
    let environment = Offline.environment([
      "ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": server.host, "NO_PROXY": "*",
    ])
    // Matched over 64 disparities, not 256: what is held here is each file whole, not the
    // ranges in it (checked above), and a quarter of the matching.
    let child = try Subprocess(
      Binaries.rovers.path,
      ["terrain", "curiosity", "--sol", "86", "--disparities", "64", "-o", output.path],
      environment: environment)
    try await Poll.until("a terrain's first file") {
      ((try? FileManager.default.contentsOfDirectory(atPath: output.path)) ?? []).count >= 1
    }
    child.signal(SIGKILL)
    #expect(await child.exitStatus() == 128 + SIGKILL)
    // Each file there is whole (its own length says so), or hidden while it is written.
    let names = try FileManager.default.contentsOfDirectory(atPath: output.path)
    #expect(!names.isEmpty)
    for name in names where !(name.hasPrefix(".") && name.hasSuffix(".rovers-tmp")) {
      let bytes = [UInt8](try Data(contentsOf: output.appendingPathComponent(name)))
      if name.hasSuffix(".png") {
        #expect(
          Array(bytes.suffix(8)) == [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82], "\(name)")
      } else if name.hasSuffix(".ply") {
        let points = try Self.plyPoints(bytes)
        #expect(!points.isEmpty, "\(name)")
      } else if name.hasSuffix(".glb") {
        _ = try Self.glb(bytes)
      } else {
        Issue.record("\(name) is none of a terrain's files")
      }
    }
    // The next run makes what is missing, and what was whole is not made again.
    let rerun = try await CapturedRun.rovers(
      [
        "terrain", "curiosity", "--sol", "86", "--disparities", "64", "-o", output.path, "--pair",
        Self.pairID, "--json",
      ], base: Offline.apiBase,
      environment: ["ROVERS_SOURCE": "nasa", "ROVERS_NASA_BASE": server.host])
    #expect(rerun.status == 0, "\(rerun.stderr)")
    let files = ["range.png", "points.ply", "mesh.glb"].map { "\(Self.pairID)-\($0)" }
    let wasWhole = files.allSatisfy { names.contains($0) }
    #expect(rerun.stdout.contains(wasWhole ? "\"skipped\"" : "\"written\""), "\(rerun.stdout)")
    // Every pair's files whole, and nothing the killed run left half-written.
    let after = try FileManager.default.contentsOfDirectory(atPath: output.path)
    #expect(files.allSatisfy { after.contains($0) })
    #expect(!after.contains { $0.hasSuffix(".rovers-tmp") }, "\(after)")
  }

  @Test func twoFilesAndTheirRecordsMakeTheirTerrain() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let folder = try TemporaryFolder("terrain")
    let records = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "86", "--json"], base: Offline.apiBase,
      environment: PanoramaListTests.feeds(server))
    #expect(records.status == 0, "\(records.stderr)")
    try Data(records.stdout.utf8).write(to: folder.file("sol86.json"))
    let (left, right) = try Self.frames()
    for frame in [left, right] {
      try #require(TerrainFixture.jpeg(of: frame)).write(to: folder.file("\(frame.name).JPG"))
    }
    let run = try await CapturedRun.rovers(
      [
        "terrain", folder.file("\(left.name).JPG").path, folder.file("\(right.name).JPG").path,
        "--records", folder.file("sol86.json").path, "-o", folder.file("3d").path, "--json",
      ], base: Offline.apiBase, environment: ["ROVERS_NASA_BASE": Offline.refusedFeeds])
    #expect(run.status == 0, "\(run.stderr)")
    let entries = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    #expect(entries.first?["status"] as? String == "written")
    #expect((entries.first?["coverage"] as? Double ?? 0) > 0.7)
    // Two frames that are not one pair's are refused, naming them.
    let other = try await CapturedRun.rovers(
      [
        "terrain", folder.file("\(left.name).JPG").path, folder.file("\(left.name).JPG").path,
        "--records", folder.file("sol86.json").path, "-o", folder.file("3d").path,
      ], base: Offline.apiBase, environment: ["ROVERS_NASA_BASE": Offline.refusedFeeds])
    #expect(other.status == 65)
    #expect(other.stderr.contains("they are not a left and a right frame taken together"))
  }
}
