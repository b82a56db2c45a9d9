import Foundation

/// The pictures the server hands out for `/images/...`: real small JPEGs and PNGs from
/// Fixtures/images/, so a download is a file a browser can show, and every path has its own
/// bytes, the same on every request, so a test can fetch a file twice and compare.
struct ImageStore: Sendable {
  static let prefix = "/images/"

  private let jpegs: [Data]
  private let pngs: [Data]
  /// The fixtures' folder, where the tiles' real frames are.
  private let fixtures: String
  /// The tiles and movie frames made so far, by path: the same bytes every time, made once a
  /// run however many tests and servers ask (making them was a tenth of the suite's CPU).
  private let made = Remembered<(type: String, body: Data)?>()

  /// Loads every picture of `Fixtures/images/`.
  init(directory: String) throws {
    fixtures = directory
    let folder = URL(fileURLWithPath: directory).appendingPathComponent("images")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    jpegs = try names.filter { $0.hasSuffix(".jpg") }.map {
      try Data(contentsOf: folder.appendingPathComponent($0))
    }
    pngs = try names.filter { $0.hasSuffix(".png") }.map {
      try Data(contentsOf: folder.appendingPathComponent($0))
    }
  }

  /// Points a photo's `img_src` at this server, keeping the original path (and so the NASA
  /// file name).
  static func rewrite(_ photo: [String: Any], base: String) -> [String: Any] {
    guard let source = photo["img_src"] as? String else { return photo }
    var photo = photo
    let path = URLComponents(string: source)?.percentEncodedPath ?? ""
    photo["img_src"] = base + (path.hasPrefix("/") ? String(path.dropFirst()) : path)
    return photo
  }

  /// One of the pictures, chosen by the path so that a path always gets the same bytes: a
  /// PNG for a `.png` address, a JPEG otherwise.
  func reply(for target: String) -> Reply {
    let fixtures = self.fixtures
    let image = made.value(for: target) {
      TileFixture.file(for: target, fixtures: fixtures)
        ?? MovieFixture.png(for: target).map { ("image/png", $0) }
        ?? TimelapseFixture.png(for: target).map { ("image/png", $0) }
        ?? PanoramaFixture.png(for: target, fixtures: fixtures).map { ("image/png", $0) }
        ?? TerrainFixture.jpeg(for: target, fixtures: fixtures).map { ("image/jpeg", $0) }
    }
    if let image {
      return .respond(status: 200, headers: ["Content-Type": image.type], body: image.body)
    }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in target.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let png = target.lowercased().hasSuffix(".png")
    let pictures = png ? pngs : jpegs
    guard !pictures.isEmpty else { return .text(404, "Not Found") }
    return .respond(
      status: 200, headers: ["Content-Type": png ? "image/png" : "image/jpeg"],
      body: pictures[Int(hash % UInt64(pictures.count))])
  }
}
