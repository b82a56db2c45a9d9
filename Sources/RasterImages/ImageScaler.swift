extension RasterImage {
  /// The picture at `width` × `height`, each new pixel the exact mean of the area of the
  /// source it covers: the source pixels wholly under it in full, those its edges cut through
  /// by the part they share (an area filter; none is skipped, as nearest-neighbour would, and
  /// none counts more than its share, as whole-pixel spans did). A larger size gives a pixel
  /// within one source pixel that pixel, and one across two their blend.
  public func scaled(width newWidth: Int, height newHeight: Int) -> RasterImage {
    let targetWidth = max(1, newWidth)
    let targetHeight = max(1, newHeight)
    let columns = Self.coverage(source: width, target: targetWidth)
    let rows = Self.coverage(source: height, target: targetHeight)
    // Every target pixel's weights add up to the source's width times its height.
    let total = width * height
    var out = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
    pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { out in
        var sums = [Int](repeating: 0, count: targetWidth * 3)
        sums.withUnsafeMutableBufferPointer { sums in
          for (y, rowShares) in rows.enumerated() {
            sums.update(repeating: 0)
            for (sourceY, rowWeight) in rowShares {
              let base = sourceY * width * 3
              for (x, columnShares) in columns.enumerated() {
                var r = 0
                var g = 0
                var b = 0
                for (sourceX, columnWeight) in columnShares {
                  let at = base + sourceX * 3
                  r += Int(source[at]) * columnWeight
                  g += Int(source[at + 1]) * columnWeight
                  b += Int(source[at + 2]) * columnWeight
                }
                sums[x * 3] += r * rowWeight
                sums[x * 3 + 1] += g * rowWeight
                sums[x * 3 + 2] += b * rowWeight
              }
            }
            let at = y * targetWidth * 3
            for index in 0..<(targetWidth * 3) {
              out[at + index] = UInt8((sums[index] + total / 2) / total)
            }
          }
        }
      }
    }
    return RasterImage(width: targetWidth, height: targetHeight, pixels: out)
  }

  /// For each of `target` pixels along a line of `source` pixels, the source pixels it
  /// covers and by how much: measured in units of which a source pixel is `target` long and a
  /// target pixel `source` long, so every overlap is a whole number and each target pixel's
  /// weights add up to `source`.
  static func coverage(source: Int, target: Int) -> [[(index: Int, weight: Int)]] {
    (0..<target).map { index in
      let start = index * source
      let end = start + source
      var shares: [(index: Int, weight: Int)] = []
      var pixel = start / target
      while pixel < source, pixel * target < end {
        let overlap = min(end, (pixel + 1) * target) - max(start, pixel * target)
        if overlap > 0 { shares.append((pixel, overlap)) }
        pixel += 1
      }
      return shares
    }
  }
}
