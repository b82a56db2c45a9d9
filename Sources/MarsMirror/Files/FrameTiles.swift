import MarsFetching
import RoverAPI

/// One frame as the feeds send it: a whole photo, or the tiles of a full-resolution frame, each
/// its own record with its `subframe_rect` and `scale_factor`. Tiles are placed by those, never
/// by the tile number in their names.
public struct FrameTiles: Sendable {
  /// A rectangle of the sensor, in sensor pixels, from 0 (the feeds count from 1).
  public struct SensorRect: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// Its left column.
    public var x: Int
    /// Its top row.
    public var y: Int
    /// Columns across.
    public var width: Int
    /// Rows down.
    public var height: Int

    /// A rectangle from its corner and size.
    public init(x: Int, y: Int, width: Int, height: Int) {
      self.x = x
      self.y = y
      self.width = width
      self.height = height
    }

    /// As the feeds write it: `(x,y,w,h)`, counted from 1.
    public var description: String { "(\(x + 1),\(y + 1),\(width),\(height))" }
  }

  /// One tile: its photo and the sensor rectangle it holds.
  public struct Tile: Sendable {
    /// The tile's record.
    public var photo: Photo
    /// What of the sensor it holds.
    public var rect: SensorRect
  }

  /// The tiles, top to bottom and left to right; a whole photo is one tile.
  public var tiles: [Tile]
  /// The downsampling every tile has: 1, 2, 4.
  public var scale: Int
  /// The sensor rectangle the tiles span.
  public var bounds: SensorRect
  /// The tiles the grid the others form lacks: places no record covers.
  public var missing: [SensorRect]

  /// What a developed frame's file name ends with, beside its raw ones in a mirror.
  public static let developedSuffix = ".developed.png"

  /// The developed frame's file name: its top-left tile's NASA id and ``developedSuffix``.
  public var developedFileName: String {
    PhotoFileLayout.safe(name, fallback: "frame") + Self.developedSuffix
  }

  /// Whether the frame is more than one tile (or lacks some).
  public var isTiled: Bool { tiles.count > 1 || !missing.isEmpty }

  /// The frame's name: its top-left tile's NASA id.
  public var name: String { tiles.first?.photo.nasaID ?? "" }

  /// The frame's size in pixels at its scale.
  public var pixelSize: (width: Int, height: Int) {
    (Self.scaled(bounds.width, scale), Self.scaled(bounds.height, scale))
  }

  /// Where `rect`'s top-left pixel goes on the frame, in the frame's pixels.
  public func place(_ rect: SensorRect) -> (x: Int, y: Int) {
    ((rect.x - bounds.x) / scale, (rect.y - bounds.y) / scale)
  }

  /// The size in pixels of `rect` at this frame's scale: what its file must measure.
  public func pixelSize(of rect: SensorRect) -> (width: Int, height: Int) {
    (Self.scaled(rect.width, scale), Self.scaled(rect.height, scale))
  }

  static func scaled(_ length: Int, _ scale: Int) -> Int { (length + scale - 1) / scale }

  /// The frames the photos make: tiles of one frame share their camera and instrument, their
  /// spacecraft clock and their scale; a photo without a rectangle or a clock is a frame of
  /// its own. The frames come in the order of their first photo.
  public static func frames(in photos: [Photo]) -> [FrameTiles] {
    var order: [String] = []
    var groups: [String: [Tile]] = [:]
    var scales: [String: Int] = [:]
    var alone: [String: Photo] = [:]
    for photo in photos {
      let capture = photo.details.capture
      guard let rect = capture.subframeRect, rect.count == 4, rect[2] > 0, rect[3] > 0,
        let clock = capture.spacecraftClock
      else {
        order.append("\u{0}" + photo.nasaID)
        alone["\u{0}" + photo.nasaID] = photo
        continue
      }
      let scale = max(1, capture.scaleFactor ?? 1)
      // The instrument too: Curiosity's two Navcam eyes are one camera, NAVCAM, and take a
      // pair at one clock reading, and each eye is a frame of its own.
      let key = "\(photo.camera.name) \(photo.instrument ?? "") \(clock) \(scale)"
      if groups[key] == nil { order.append(key) }
      let tile = Tile(
        photo: photo,
        rect: SensorRect(x: rect[0] - 1, y: rect[1] - 1, width: rect[2], height: rect[3]))
      // The same rectangle twice (a product sent again): the later record stands.
      groups[key, default: []].removeAll { $0.rect == tile.rect }
      groups[key, default: []].append(tile)
      scales[key] = scale
    }
    return order.compactMap { key in
      if let photo = alone[key] {
        let size = photo.details.capture.pixelSize ?? (0, 0)
        let rect = SensorRect(x: 0, y: 0, width: size.width, height: size.height)
        return FrameTiles(
          tiles: [Tile(photo: photo, rect: rect)], scale: 1, bounds: rect, missing: [])
      }
      guard let tiles = groups[key], let scale = scales[key] else { return nil }
      return FrameTiles(tiles: tiles, scale: scale)
    }
  }

  init(tiles: [Tile], scale: Int, bounds: SensorRect, missing: [SensorRect]) {
    self.tiles = tiles
    self.scale = scale
    self.bounds = bounds
    self.missing = missing
  }

  /// The frame the tiles make: their bounds, and the places of the grid their corners make
  /// that no tile fills.
  init(tiles: [Tile], scale: Int) {
    let sorted = tiles.sorted { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
    let left = sorted.map(\.rect.x).min() ?? 0
    let top = sorted.map(\.rect.y).min() ?? 0
    let right = sorted.map { $0.rect.x + $0.rect.width }.max() ?? 0
    let bottom = sorted.map { $0.rect.y + $0.rect.height }.max() ?? 0
    // Columns and rows of the grid: each start with the size its tiles have there.
    var columns: [Int: Int] = [:]
    var rows: [Int: Int] = [:]
    for tile in sorted {
      columns[tile.rect.x] = tile.rect.width
      rows[tile.rect.y] = tile.rect.height
    }
    let present = Set(sorted.map { [$0.rect.x, $0.rect.y] })
    var missing: [SensorRect] = []
    if sorted.count > 1 {
      for (y, height) in rows.sorted(by: { $0.key < $1.key }) {
        for (x, width) in columns.sorted(by: { $0.key < $1.key }) where !present.contains([x, y]) {
          missing.append(SensorRect(x: x, y: y, width: width, height: height))
        }
      }
    }
    self.init(
      tiles: sorted, scale: scale,
      bounds: SensorRect(x: left, y: top, width: right - left, height: bottom - top),
      missing: missing)
  }
}
