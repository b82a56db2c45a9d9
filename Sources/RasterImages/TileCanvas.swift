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
    let holes = hasHoles(tiles, width: width, height: height)
    // Without holes every byte is written below: the frame need not be cleared first.
    var pixels =
      holes
      ? [UInt8](repeating: 0, count: width * height * 3)
      : [UInt8](unsafeUninitializedCapacity: width * height * 3) { _, count in
        count = width * height * 3
      }
    var alpha = [UInt8](repeating: 0, count: holes ? width * height : 0)
    let bands = max(1, min(64, height / 32))
    pixels.withUnsafeMutableBufferPointer { pixels in
      alpha.withUnsafeMutableBufferPointer { alpha in
        guard let colour = pixels.baseAddress else { return }
        // Each band writes only its own rows. An empty array's base address is not `nil`
        // but the runtime's shared empty storage, which must never be written.
        nonisolated(unsafe) let output = (colour, holes ? alpha.baseAddress : nil)
        DispatchQueue.concurrentPerform(iterations: bands) { band in
          var sums = [Int32](repeating: 0, count: width * 3)
          var weights = [Int32](repeating: 0, count: width)
          var counts = [Int32](repeating: 0, count: width + 1)
          for y in (band * height / bands)..<((band + 1) * height / bands) {
            Self.row(
              y, tiles, width: width, height: height, sums: &sums, weights: &weights,
              counts: &counts, into: output.0 + y * width * 3,
              alpha: output.1.map { $0 + y * width })
          }
        }
      }
    }
    return Assembled(
      image: RasterImage(width: width, height: height, pixels: pixels), alpha: holes ? alpha : nil)
  }

  /// Whether some pixel of the frame is covered by no tile: looked at once for each stretch of
  /// rows that the same tiles cross.
  static func hasHoles(_ tiles: [Placed], width: Int, height: Int) -> Bool {
    let edges = Set([0, height] + tiles.flatMap { [$0.y, $0.bottom] }).filter {
      $0 >= 0 && $0 <= height
    }.sorted()
    for (top, bottom) in zip(edges, edges.dropFirst()) where top < bottom {
      let spans = tiles.filter { $0.y <= top && bottom <= $0.bottom }
        .map { max(0, $0.x)..<min(width, $0.right) }.filter { !$0.isEmpty }
        .sorted { $0.lowerBound < $1.lowerBound }
      var reached = 0
      for span in spans {
        if span.lowerBound > reached { return true }
        reached = max(reached, span.upperBound)
      }
      if reached < width { return true }
    }
    return false
  }

  /// How far a pixel is from a tile's edges that lie inside the frame, plus one; an edge on
  /// the frame's border does not count, since no other tile takes over there.
  @inline(__always)
  static func weight(_ position: Int, from start: Int, to end: Int, within size: Int) -> Int32 {
    let before = start > 0 ? Int32(position - start + 1) : farFromEdge
    let after = end < size ? Int32(end - position) : farFromEdge
    return min(before, after, farFromEdge)
  }

  /// One row of the frame. Where one tile alone covers a pixel, the blend is that tile's
  /// pixel: runs of those are copied as they are, and only the overlaps are weighed.
  private static func row(
    _ y: Int, _ tiles: [Placed], width: Int, height: Int, sums: inout [Int32],
    weights: inout [Int32], counts: inout [Int32], into out: UnsafeMutablePointer<UInt8>,
    alpha: UnsafeMutablePointer<UInt8>?
  ) {
    let covering = tiles.filter { $0.y <= y && y < $0.bottom }
    guard !covering.isEmpty else { return }
    // How many tiles cover each pixel of the row: a difference array, summed.
    for x in counts.indices { counts[x] = 0 }
    for tile in covering where max(0, tile.x) < min(width, tile.right) {
      counts[max(0, tile.x)] += 1
      counts[min(width, tile.right)] -= 1
    }
    for x in 1..<(width + 1) { counts[x] += counts[x - 1] }
    for tile in covering {
      let down = weight(y, from: tile.y, to: tile.bottom, within: height)
      let first = max(0, tile.x)
      let last = min(width, tile.right)
      guard first < last else { continue }
      tile.image.pixels.withUnsafeBufferPointer { source in
        guard let source = source.baseAddress else { return }
        let row = source + ((y - tile.y) * tile.image.width - tile.x) * 3
        var x = first
        while x < last {
          var end = x
          if counts[x] == 1 {
            while end < last, counts[end] == 1 { end += 1 }
            (out + x * 3).update(from: row + x * 3, count: (end - x) * 3)
            alpha?.advanced(by: x).update(repeating: 255, count: end - x)
          } else {
            while end < last, counts[end] > 1 {
              let w = min(down, weight(end, from: tile.x, to: tile.right, within: width))
              let from = row + end * 3
              sums[end * 3] += w * Int32(from[0])
              sums[end * 3 + 1] += w * Int32(from[1])
              sums[end * 3 + 2] += w * Int32(from[2])
              weights[end] += w
              end += 1
            }
          }
          x = end
        }
      }
    }
    // The overlaps, weighed; the sums are left at zero for the next row.
    for x in 0..<width where weights[x] > 0 {
      let total = weights[x]
      out[x * 3] = UInt8(clamping: (sums[x * 3] + total / 2) / total)
      out[x * 3 + 1] = UInt8(clamping: (sums[x * 3 + 1] + total / 2) / total)
      out[x * 3 + 2] = UInt8(clamping: (sums[x * 3 + 2] + total / 2) / total)
      alpha?[x] = 255
      sums[x * 3] = 0
      sums[x * 3 + 1] = 0
      sums[x * 3 + 2] = 0
      weights[x] = 0
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
