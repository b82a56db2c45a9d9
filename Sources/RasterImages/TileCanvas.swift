import Dispatch

/// Tiles of one frame put back together: each at its place, where two or more overlap a blend
/// whose weights fall to nothing at each tile's inner edges, so that no seam shows where one
/// tile's compression differs from its neighbour's; what no tile covers is transparent.
public enum TileCanvas {
  /// A tile and where its top-left pixel goes on the frame, in the frame's pixels.
  public struct Placed: Sendable {
    /// The tile's pixels.
    public var image: RasterImage
    /// Its left column on the frame.
    public var x: Int
    /// Its top row on the frame.
    public var y: Int

    /// `image` with its corner at (`x`, `y`).
    public init(_ image: RasterImage, x: Int, y: Int) {
      self.image = image
      self.x = x
      self.y = y
    }

    var right: Int { x + image.width }
    var bottom: Int { y + image.height }
  }

  /// What putting the tiles together made: the frame, and the opacity of each pixel (255 where
  /// a tile covers it, 0 elsewhere), or `nil` when every pixel is covered.
  public struct Assembled: Sendable {
    /// The whole frame.
    public var image: RasterImage
    /// A byte a pixel, or `nil` when the frame has no hole.
    public var alpha: [UInt8]?
  }

  /// A weight past any overlap: tiles overlap by a few dozen pixels, and sums stay exact.
  static let farFromEdge: Int32 = 4096

  /// The frame `width` × `height` the tiles make. With `matchBrightness`, each tile is first
  /// scaled so that its overlaps agree with the tiles above and left of it.
  public static func assemble(
    _ tiles: [Placed], width: Int, height: Int, matchBrightness: Bool = false
  ) -> Assembled {
    let tiles = matchBrightness ? matched(tiles) : tiles
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    var alpha = [UInt8](repeating: 0, count: width * height)
    let bands = max(1, min(64, height / 32))
    pixels.withUnsafeMutableBufferPointer { pixels in
      alpha.withUnsafeMutableBufferPointer { alpha in
        guard let colour = pixels.baseAddress, let cover = alpha.baseAddress else { return }
        // Each band writes only its own rows.
        nonisolated(unsafe) let output = (colour, cover)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
          var sums = [Int32](repeating: 0, count: width * 3)
          var weights = [Int32](repeating: 0, count: width)
          for y in (band * height / bands)..<((band + 1) * height / bands) {
            Self.row(
              y, tiles, width: width, height: height, sums: &sums, weights: &weights,
              into: output.0 + y * width * 3, alpha: output.1 + y * width)
          }
        }
      }
    }
    let holes = alpha.contains(0)
    return Assembled(
      image: RasterImage(width: width, height: height, pixels: pixels), alpha: holes ? alpha : nil)
  }

  /// How far a pixel is from a tile's edges that lie inside the frame, plus one; an edge on
  /// the frame's border does not count, since no other tile takes over there.
  @inline(__always)
  static func weight(_ position: Int, from start: Int, to end: Int, within size: Int) -> Int32 {
    let before = start > 0 ? Int32(position - start + 1) : farFromEdge
    let after = end < size ? Int32(end - position) : farFromEdge
    return min(before, after, farFromEdge)
  }

  private static func row(
    _ y: Int, _ tiles: [Placed], width: Int, height: Int, sums: inout [Int32],
    weights: inout [Int32], into out: UnsafeMutablePointer<UInt8>,
    alpha: UnsafeMutablePointer<UInt8>
  ) {
    let covering = tiles.filter { $0.y <= y && y < $0.bottom }
    guard !covering.isEmpty else { return }
    for index in sums.indices { sums[index] = 0 }
    for index in weights.indices { weights[index] = 0 }
    for tile in covering {
      let down = weight(y, from: tile.y, to: tile.bottom, within: height)
      let first = max(0, tile.x)
      let last = min(width, tile.right)
      guard first < last else { continue }
      tile.image.pixels.withUnsafeBufferPointer { source in
        let row = (y - tile.y) * tile.image.width
        for x in first..<last {
          let w = min(down, weight(x, from: tile.x, to: tile.right, within: width))
          let from = (row + x - tile.x) * 3
          sums[x * 3] += w * Int32(source[from])
          sums[x * 3 + 1] += w * Int32(source[from + 1])
          sums[x * 3 + 2] += w * Int32(source[from + 2])
          weights[x] += w
        }
      }
    }
    for x in 0..<width where weights[x] > 0 {
      let total = weights[x]
      out[x * 3] = UInt8(clamping: (sums[x * 3] + total / 2) / total)
      out[x * 3 + 1] = UInt8(clamping: (sums[x * 3 + 1] + total / 2) / total)
      out[x * 3 + 2] = UInt8(clamping: (sums[x * 3 + 2] + total / 2) / total)
      alpha[x] = 255
    }
  }

  /// The tiles, each scaled so that its mean over its overlaps with the tiles before it (top
  /// to bottom, left to right) equals theirs, as already scaled.
  static func matched(_ tiles: [Placed]) -> [Placed] {
    let ordered = tiles.sorted { ($0.y, $0.x) < ($1.y, $1.x) }
    var done: [Placed] = []
    for tile in ordered {
      var theirs = 0.0
      var mine = 0.0
      for other in done {
        let left = max(tile.x, other.x)
        let right = min(tile.right, other.right)
        let top = max(tile.y, other.y)
        let bottom = min(tile.bottom, other.bottom)
        guard left < right, top < bottom else { continue }
        theirs += mean(other, left..<right, top..<bottom)
        mine += mean(tile, left..<right, top..<bottom)
      }
      guard mine > 0, theirs > 0 else {
        done.append(tile)
        continue
      }
      let gain = theirs / mine
      var scaled = tile
      scaled.image.pixels = tile.image.pixels.map {
        UInt8(clamping: Int((Double($0) * gain).rounded()))
      }
      done.append(scaled)
    }
    return done
  }

  /// The mean of a tile's samples over a region of the frame.
  private static func mean(_ tile: Placed, _ columns: Range<Int>, _ rows: Range<Int>) -> Double {
    var total = 0
    for y in rows {
      let start = ((y - tile.y) * tile.image.width + columns.lowerBound - tile.x) * 3
      for index in start..<(start + columns.count * 3) { total += Int(tile.image.pixels[index]) }
    }
    return Double(total) / Double(max(1, rows.count * columns.count * 3))
  }
}
