extension RasterImage {
  /// The picture at `width` × `height`, each new pixel the mean of the source pixels under it
  /// (an area filter: every source pixel counts, none is skipped as nearest-neighbour would);
  /// a larger size repeats pixels.
  public func scaled(width newWidth: Int, height newHeight: Int) -> RasterImage {
    let targetWidth = max(1, newWidth)
    let targetHeight = max(1, newHeight)
    // The source columns and rows under each target column and row, at least one each.
    func spans(_ source: Int, _ target: Int) -> [Range<Int>] {
      (0..<target).map { index in
        let start = index * source / target
        let end = max(start + 1, (index + 1) * source / target)
        return start..<min(end, source)
      }
    }
    let columns = spans(width, targetWidth)
    let rows = spans(height, targetHeight)
    var out = [UInt8](repeating: 0, count: targetWidth * targetHeight * 3)
    pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { out in
        var sums = [Int](repeating: 0, count: targetWidth * 3)
        for (y, rowSpan) in rows.enumerated() {
          for index in sums.indices { sums[index] = 0 }
          for sourceY in rowSpan {
            let base = sourceY * width * 3
            for (x, columnSpan) in columns.enumerated() {
              var r = 0
              var g = 0
              var b = 0
              for sourceX in columnSpan {
                let at = base + sourceX * 3
                r += Int(source[at])
                g += Int(source[at + 1])
                b += Int(source[at + 2])
              }
              sums[x * 3] += r
              sums[x * 3 + 1] += g
              sums[x * 3 + 2] += b
            }
          }
          for (x, columnSpan) in columns.enumerated() {
            let count = max(1, columnSpan.count * rowSpan.count)
            let at = (y * targetWidth + x) * 3
            out[at] = UInt8((sums[x * 3] + count / 2) / count)
            out[at + 1] = UInt8((sums[x * 3 + 1] + count / 2) / count)
            out[at + 2] = UInt8((sums[x * 3 + 2] + count / 2) / count)
          }
        }
      }
    }
    return RasterImage(width: targetWidth, height: targetHeight, pixels: out)
  }
}
