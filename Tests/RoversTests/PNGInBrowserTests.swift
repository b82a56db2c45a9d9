import Foundation
import RasterImages
import TestSupport
import Testing

/// What the PNG encoder writes, as a browser reads it: every real NASA image encoded, then
/// decoded by headless Chromium from the fixture server's static files, pixel for pixel.
@Suite(
  .enabled(if: Chromium.path != nil, "Chromium is not installed (apt-get install chromium)"),
  .timeLimit(.minutes(3)))
struct PNGInBrowserTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  /// The sums of each channel and the FNV-1a hash of every red, green and blue byte, as the
  /// page computes them.
  static func fingerprint(_ image: RasterImage) -> (sums: [Int], hash: UInt32) {
    // Over the buffer, a pixel at a time: this target is built unoptimized, and the general
    // loop cost seconds over the twelve real images.
    var (red, green, blue) = (0, 0, 0)
    var hash: UInt32 = 0x811c_9dc5
    image.pixels.withUnsafeBufferPointer { bytes in
      var index = 0
      while index + 2 < bytes.count {
        red += Int(bytes[index])
        green += Int(bytes[index + 1])
        blue += Int(bytes[index + 2])
        hash = (hash ^ UInt32(bytes[index])) &* 16_777_619
        hash = (hash ^ UInt32(bytes[index + 1])) &* 16_777_619
        hash = (hash ^ UInt32(bytes[index + 2])) &* 16_777_619
        index += 3
      }
    }
    return ([red, green, blue], hash)
  }

  @Test func chromiumReadsEveryEncodedRealImageExactly() async throws {
    let site = folder.url.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    let sources = try FileManager.default.contentsOfDirectory(
      atPath: PackagePaths.fixtures.appendingPathComponent("real-images").path
    ).filter { ["jpg", "jpeg", "png"].contains(($0 as NSString).pathExtension.lowercased()) }
      .sorted()
    #expect(sources.count == 12)
    var expected: [String: RasterImage] = [:]
    for (index, source) in sources.enumerated() {
      let bytes = try Data(
        contentsOf: PackagePaths.fixtures.appendingPathComponent("real-images/\(source)"))
      let image = try ImageDecoder.decode([UInt8](bytes))
      let name = "image-\(index).png"
      try Data(PNGEncoder.encode(image)).write(to: site.appendingPathComponent(name))
      expected[name] = image
    }
    try JSONSerialization.data(withJSONObject: expected.keys.sorted()).write(
      to: site.appendingPathComponent("list.json"))
    try FileManager.default.copyItem(
      at: PackagePaths.root.appendingPathComponent("Tests/RoversTests/Browser/png.html"),
      to: site.appendingPathComponent("png.html"))
    let server = try await FixtureServer.start(staticFolder: site.path)
    let report = try await Chromium.report("\(server.host)/static/png.html")
    #expect(report["error"] == nil, "\(report["error"] ?? "")")
    for (name, image) in expected {
      let seen = try #require(report[name] as? [String: Any], "\(name) was not read")
      #expect(seen["width"] as? Int == image.width && seen["height"] as? Int == image.height)
      let (sums, hash) = Self.fingerprint(image)
      #expect(seen["sums"] as? [Int] == sums, "\(name)")
      #expect((seen["hash"] as? NSNumber)?.uint32Value == hash, "\(name)")
    }
  }
}
