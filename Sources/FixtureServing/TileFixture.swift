import Foundation
import RasterImages

/// The tiles of the fixtures' full-resolution frames (Perseverance sols 895 and 896, written by
/// `Fixtures/generate_tiles.py`): each cut on request from a real frame of
/// `Fixtures/real-images/`, as the sequence and the tile number in its name say, as a PNG, so a
/// test knows every pixel the frame put back together must hold; the `_320.jpg`-style copies
/// are JPEGs downsized as NASA's are, from `Fixtures/tiles/`.
public enum TileFixture {
  /// One tiled frame: the real image it is cut from and its grid, in the image's pixels.
  public struct Layout: Sendable {
    /// The real image's file name in `Fixtures/real-images/`.
    public var source: String
    /// The downsampling the records state: their rectangles are this many times larger.
    public var scale: Int
    /// Where the grid's columns start, and their width.
    public var columns: [Int]
    /// See ``columns``.
    public var width: Int
    /// Where the grid's rows start, and their height.
    public var rows: [Int]
    /// See ``columns``.
    public var height: Int
  }

  /// The real Navcam frame the Navcam tiles are cut from.
  public static let navcam = "NRF_0731_0731848568_991ECM_N0361610NCAM12731_04_195J01.png"
  /// The real Mastcam-Z Bayer frame its tiles are cut from.
  public static let mastcamZ = "ZL0_0038_0670307360_057ECM_N0031392ZCAM08007_1100LUJ.png"

  /// The frames by sequence, as `generate_tiles.py` lays them out.
  public static let layouts: [String: Layout] = [
    "NCAM09901": Layout(
      source: navcam, scale: 1, columns: [0, 628], width: 660, rows: [0, 468], height: 500),
    "NCAM09902": Layout(
      source: navcam, scale: 2, columns: [0, 628], width: 660, rows: [0, 468], height: 500),
    "ZCAM09903": Layout(
      source: mastcamZ, scale: 1, columns: [0, 792], width: 856, rows: [0, 568], height: 632),
  ]

  /// The tile number in a name, and the (column, row) of the grid it fills: not in reading
  /// order, so that only the records' rectangles place them.
  public static let places = [3: (0, 0), 1: (1, 0), 4: (0, 1), 2: (1, 1)]

  /// The width a copy's name asks for (`…_320.jpg`), or `nil` for the full-resolution file.
  static func copyWidth(of name: String) -> Int? {
    let stem = name.split(separator: ".").first ?? ""
    guard let suffix = stem.split(separator: "_").last, ["320", "800", "1200"].contains(suffix)
    else { return nil }
    return Int(suffix)
  }

  /// The real frames the tiles are cut from, decoded once a run: each is cut into four tiles,
  /// under several products' names.
  private static let decoded = Remembered<RasterImage?>()

  /// The tile an image path names, with its content type, or `nil` when it names none: the
  /// full-resolution tile as a PNG, a copy as the JPEG `generate_tiles.py` wrote for it.
  static func file(for target: String, fixtures: String) -> (type: String, body: Data)? {
    let name = target.split(separator: "/").last.map(String.init) ?? ""
    let bytes = Array(name.utf8)
    guard bytes.count > 47, let layout = layouts[String(decoding: bytes[35..<44], as: UTF8.self)],
      let number = Int(String(decoding: bytes[45..<47], as: UTF8.self)),
      let place = places[number]
    else { return nil }
    let folder = URL(fileURLWithPath: fixtures)
    if let copy = copyWidth(of: name) {
      // Downsized to the copy's width, never up, as NASA's copies are.
      let file = "\(layout.source.prefix(3))-\(place.0)-\(place.1)-\(min(copy, layout.width)).jpg"
      guard let data = try? Data(contentsOf: folder.appendingPathComponent("tiles/" + file))
      else { return nil }
      return ("image/jpeg", data)
    }
    let file = folder.appendingPathComponent("real-images").appendingPathComponent(layout.source)
    let source = decoded.value(for: file.path) {
      (try? Data(contentsOf: file)).flatMap { try? ImageDecoder.decode([UInt8]($0)) }
    }
    guard let image = source else { return nil }
    let left = layout.columns[place.0]
    let top = layout.rows[place.1]
    var pixels: [UInt8] = []
    pixels.reserveCapacity(layout.width * layout.height * 3)
    for y in top..<(top + layout.height) {
      let start = (y * image.width + left) * 3
      pixels += image.pixels[start..<(start + layout.width * 3)]
    }
    let tile = RasterImage(width: layout.width, height: layout.height, pixels: pixels)
    return ("image/png", Data(PNGEncoder.encode(tile)))
  }
}
