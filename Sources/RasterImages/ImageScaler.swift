extension RasterImage {
  /// The picture at `width` × `height`, each new pixel the exact mean of the area of the
  /// source it covers: the source pixels wholly under it in full, those its edges cut through
  /// by the part they share (an area filter; none is skipped, as nearest-neighbour would, and
  /// none counts more than its share, as whole-pixel spans did). A larger size gives a pixel
  /// within one source pixel that pixel, and one across two their blend.
  public func scaled(width newWidth: Int, height newHeight: Int) -> RasterImage {
    let targetWidth = max(1, newWidth)
    let targetHeight = max(1, newHeight)
    if targetWidth == width && targetHeight == height { return self }
    let columns = Coverage(source: width, target: targetWidth)
    let rows = Coverage(source: height, target: targetHeight)
    // Every target pixel's weights add up to the source's width times its height.
    let total = width * height
    let out = [UInt8](unsafeUninitializedCapacity: targetWidth * targetHeight * 3) {
      out, count in
      var sums = [Int](repeating: 0, count: targetWidth * 3)
      pixels.withUnsafeBufferPointer { source in
        columns.starts.withUnsafeBufferPointer { columnStarts in
          columns.shares.withUnsafeBufferPointer { columnShares in
            sums.withUnsafeMutableBufferPointer { sums in
              for y in 0..<targetHeight {
                sums.update(repeating: 0)
                // Wrapping arithmetic, checked once by its bounds rather than at each step: a
                // sum is at most 255 times `total`, which a photo's size keeps far from overflow.
                for share in rows.shares[rows.starts[y]..<rows.starts[y + 1]] {
                  let base = share.source &* width &* 3
                  for x in 0..<targetWidth {
                    var r = 0
                    var g = 0
                    var b = 0
                    for index in columnStarts[x]..<columnStarts[x &+ 1] {
                      let column = columnShares[index]
                      let at = base &+ column.source &* 3
                      r &+= Int(source[at]) &* column.weight
                      g &+= Int(source[at &+ 1]) &* column.weight
                      b &+= Int(source[at &+ 2]) &* column.weight
                    }
                    sums[x &* 3] &+= r &* share.weight
                    sums[x &* 3 &+ 1] &+= g &* share.weight
                    sums[x &* 3 &+ 2] &+= b &* share.weight
                  }
                }
                let at = y &* targetWidth &* 3
                let half = total / 2
                for index in 0..<(targetWidth &* 3) {
                  out[at &+ index] = UInt8(truncatingIfNeeded: (sums[index] &+ half) / total)
                }
              }
            }
          }
        }
      }
      count = targetWidth * targetHeight * 3
    }
    return RasterImage(width: targetWidth, height: targetHeight, pixels: out)
  }

  /// For each of `target` pixels along a line of `source` pixels, the source pixels it
  /// covers and by how much: measured in units of which a source pixel is `target` long and a
  /// target pixel `source` long, so every overlap is a whole number and each target pixel's
  /// weights add up to `source`. Kept in two flat arrays, not an array for each pixel:
  /// drawing a photo 100 columns wide made and walked 176 small arrays for 7,600 pixels.
  struct Coverage {
    /// Where each target pixel's shares start in `shares`, and one more: the end.
    var starts: [Int]
    /// Each share: a source pixel and how much of it is taken.
    var shares: [(source: Int, weight: Int)]

    init(source: Int, target: Int) {
      starts = [0]
      starts.reserveCapacity(target + 1)
      shares = []
      shares.reserveCapacity(target + source + 1)
      for index in 0..<target {
        let start = index * source
        let end = start + source
        var pixel = start / target
        while pixel < source, pixel * target < end {
          let overlap = min(end, (pixel + 1) * target) - max(start, pixel * target)
          if overlap > 0 { shares.append((pixel, overlap)) }
          pixel += 1
        }
        starts.append(shares.count)
      }
    }
  }
}
