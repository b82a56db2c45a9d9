import Foundation
import RasterImages

/// The frames of the fixtures' movie sequence (`NCAM09900` of Perseverance sol 901, written by
/// `Fixtures/generate_movie.py`): a textured still background and a bright spot that moves
/// ``step`` pixels a frame, made on request as PNGs, so a test knows every pixel a movie of
/// them must hold.
public enum MovieFixture {
  /// The sequence's id: an image path naming it is one of its frames.
  public static let sequence = "NCAM09900"
  /// The first frame's spacecraft clock, in whole seconds, as its file name writes it.
  public static let baseClock = 746_000_000
  /// Seconds between frames.
  public static let interval = 25
  /// Frames of the movie's own size.
  public static let frames = 21
  /// The movie's frame size: the Navcam's horizon strip at scale 4.
  public static let width = 1280
  /// See ``width``.
  public static let height = 256
  /// How far the spot moves each frame, in pixels to the right.
  public static let step = 40
  /// The spot's radius.
  public static let radius = 6

  /// Where the spot's centre is in frame `index`.
  public static func spot(_ index: Int) -> (x: Int, y: Int) { (100 + step * index, 128) }

  /// The grey levels of frame `index` at full size, row by row.
  public static func grey(_ index: Int) -> [UInt8] {
    let center = spot(index)
    var plane = [UInt8](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width {
        let dx = x - center.x
        let dy = y - center.y
        plane[y * width + x] =
          dx * dx + dy * dy <= radius * radius
          ? 250 : UInt8(96 + (x * 7 + y * 13) % 32 + ((x / 16 + y / 16) % 2) * 24)
      }
    }
    return plane
  }

  /// The PNG of the frame an image path names, or `nil` when it names none: frames past
  /// ``frames`` are the sequence's odd one, at half the size.
  static func png(for target: String) -> Data? {
    let name = target.split(separator: "/").last.map(String.init) ?? ""
    guard name.contains(sequence), name.count > 19,
      let clock = Int(name.dropFirst(9).prefix(10))
    else { return nil }
    let index = max(0, (clock - baseClock) / interval)
    var plane = grey(index)
    var size = (width, height)
    if index >= frames {
      size = (width / 2, height / 2)
      plane = (0..<(size.0 * size.1)).map { plane[($0 / size.0) * 2 * width + ($0 % size.0) * 2] }
    }
    let image = RasterImage(width: size.0, height: size.1, grey: plane)
    return Data(PNGEncoder.encode(image))
  }
}
