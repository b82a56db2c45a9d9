/// From a frame's coefficients to pixels: dequantization, the inverse DCT (the accurate
/// integer one libjpeg uses by default), libjpeg's "fancy" upsampling of chroma halved across
/// or both ways, and its YCbCr-to-RGB arithmetic.
enum JPEGPixels {
  enum Transform { case none, ycbcr }

  /// The picture, at full size or (`scale` 8) an eighth of it, each block its mean.
  static func image(
    _ frame: JPEGFrame, quantTables: [[Int32]], transform: Transform, scale: Int = 1
  ) -> RasterImage {
    // Each component as a plane of samples at its own resolution.
    var planes: [[UInt8]] = []
    for component in frame.components {
      let quant = quantTables[component.quantTable]
      planes.append(
        scale == 8
          ? means(component, quant: quant)
          : component.samples.isEmpty ? plane(component, quant: quant) : component.samples)
    }
    let block = scale == 8 ? 1 : 8
    let width = (frame.width + scale - 1) / scale
    let height = (frame.height + scale - 1) / scale
    if planes.count == 1, let component = frame.components.first {
      return grey(planes[0], stride: component.blocksPerLine * block, width: width, height: height)
    }
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    // Each component at the image's resolution, one row at a time.
    let rows = frame.components.enumerated().map { index, component in
      RowSource(
        plane: planes[index], stride: component.blocksPerLine * block,
        rows: component.blocksPerColumn * block,
        usedWidth: (width * component.h + frame.hMax - 1) / frame.hMax,
        usedHeight: (height * component.v + frame.vMax - 1) / frame.vMax,
        hFactor: frame.hMax / component.h, vFactor: frame.vMax / component.v,
        exact: frame.hMax % component.h == 0 && frame.vMax % component.v == 0)
    }
    var first = [UInt8](repeating: 0, count: width)
    var second = [UInt8](repeating: 0, count: rows.count > 1 ? width : 0)
    var third = [UInt8](repeating: 0, count: rows.count > 2 ? width : 0)
    // The tables, read once here: a global's lazy initialization checked per pixel costs more
    // than the arithmetic.
    let crRed = ColorTables.crRed
    let cbBlue = ColorTables.cbBlue
    let crGreen = ColorTables.crGreen
    let cbGreen = ColorTables.cbGreen
    pixels.withUnsafeMutableBufferPointer { out in
      crRed.withUnsafeBufferPointer { crRed in
        cbBlue.withUnsafeBufferPointer { cbBlue in
          crGreen.withUnsafeBufferPointer { crGreen in
            cbGreen.withUnsafeBufferPointer { cbGreen in
              for y in 0..<height {
                rows[0].row(y, width: width, into: &first)
                if rows.count > 2 {
                  rows[1].row(y, width: width, into: &second)
                  rows[2].row(y, width: width, into: &third)
                }
                let base = y * width * 3
                first.withUnsafeBufferPointer { a in
                  second.withUnsafeBufferPointer { b in
                    third.withUnsafeBufferPointer { c in
                      if rows.count == 1 {
                        for x in 0..<width {
                          let value = a[x]
                          out[base + 3 * x] = value
                          out[base + 3 * x + 1] = value
                          out[base + 3 * x + 2] = value
                        }
                      } else if transform == .none {
                        for x in 0..<width {
                          out[base + 3 * x] = a[x]
                          out[base + 3 * x + 1] = b[x]
                          out[base + 3 * x + 2] = c[x]
                        }
                      } else {
                        for x in 0..<width {
                          let luma = Int32(a[x])
                          let cb = Int(b[x])
                          let cr = Int(c[x])
                          out[base + 3 * x] = clamp(luma + crRed[cr])
                          out[base + 3 * x + 1] = clamp(luma + ((cbGreen[cb] + crGreen[cr]) >> 16))
                          out[base + 3 * x + 2] = clamp(luma + cbBlue[cb])
                        }
                      }
                    }
                  }
                }
              }
            }
          }
        }
      }
    }
    return RasterImage(width: width, height: height, pixels: pixels)
  }

  /// A grey picture from its one plane: each sample three times, written as one 32-bit word
  /// whose fourth byte the next pixel overwrites (the row-by-row path above spent most of a
  /// grey decode's pixel time copying).
  private static func grey(_ plane: [UInt8], stride: Int, width: Int, height: Int) -> RasterImage {
    let pixels = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, initialized in
      plane.withUnsafeBufferPointer { plane in
        guard let target = out.baseAddress, let source = plane.baseAddress, width > 0 else {
          return
        }
        let raw = UnsafeMutableRawPointer(target)
        for y in 0..<height {
          let row = source + y * stride
          let base = y * width * 3
          for x in 0..<(width - 1) {
            raw.storeBytes(
              of: (UInt32(row[x]) &* 0x0001_0101).littleEndian, toByteOffset: base + 3 * x,
              as: UInt32.self)
          }
          let last = base + 3 * (width - 1)
          (target + last).update(repeating: row[width - 1], count: 3)
        }
      }
      initialized = width * height * 3
    }
    return RasterImage(width: width, height: height, pixels: pixels)
  }

  /// A component at an eighth of its size: each block's mean, which is its DC coefficient.
  private static func means(_ component: JPEGComponent, quant: [Int32]) -> [UInt8] {
    let blocks = component.blocksPerLine * component.blocksPerColumn
    var plane = [UInt8](repeating: 0, count: blocks)
    let scale = quant.first ?? 1
    let kept = component.coefficientsPerBlock
    component.coefficients.withUnsafeBufferPointer { coefficients in
      for block in 0..<blocks {
        plane[block] = clamp(((Int32(coefficients[block * kept]) &* scale &+ 4) >> 3) &+ 128)
      }
    }
    return plane
  }

  /// A component's samples, every block dequantized and transformed.
  private static func plane(_ component: JPEGComponent, quant: [Int32]) -> [UInt8] {
    let stride = component.blocksPerLine * 8
    var plane = [UInt8](repeating: 0, count: stride * component.blocksPerColumn * 8)
    var widened = [Int32](repeating: 0, count: 64)
    plane.withUnsafeMutableBufferPointer { out in
      component.coefficients.withUnsafeBufferPointer { coefficients in
        widened.withUnsafeMutableBufferPointer { block in
          quant.withUnsafeBufferPointer { quant in
            for row in 0..<component.blocksPerColumn {
              for column in 0..<component.blocksPerLine {
                let base = (row * component.blocksPerLine + column) * 64
                for k in 0..<64 { block[k] = Int32(coefficients[base + k]) }
                InverseDCT.transform(
                  block, quant: quant, into: out, at: row * 8 * stride + column * 8,
                  stride: stride)
              }
            }
          }
        }
      }
    }
    return plane
  }

  @inline(__always)
  static func clamp(_ value: Int32) -> UInt8 {
    value < 0 ? 0 : value > 255 ? 255 : UInt8(value)
  }
}

/// One component's samples brought to the image's resolution, row by row.
struct RowSource {
  var plane: [UInt8]
  var stride: Int
  var rows: Int
  /// The samples the component really has (the rest of the plane is padding).
  var usedWidth: Int
  var usedHeight: Int
  /// How many image pixels one sample covers across and down.
  var hFactor: Int
  var vFactor: Int
  /// Whether the factors divide evenly (else samples are replicated, as a fallback).
  var exact: Bool

  /// Image row `y`, `width` pixels, into `out`.
  func row(_ y: Int, width: Int, into out: inout [UInt8]) {
    plane.withUnsafeBufferPointer { plane in
      out.withUnsafeMutableBufferPointer { out in
        if hFactor == 1, vFactor == 1 {
          for x in 0..<width { out[x] = plane[y * stride + x] }
        } else if hFactor == 2, vFactor == 1, exact {
          fancyAcross(plane, row: min(y, usedHeight - 1), width: width, out)
        } else if hFactor == 2, vFactor == 2, exact {
          fancyBoth(plane, y: y, width: width, out)
        } else {
          let sourceRow = min(y / vFactor, rows - 1)
          for x in 0..<width { out[x] = plane[sourceRow * stride + min(x / hFactor, stride - 1)] }
        }
      }
    }
  }

  /// libjpeg's h2v1 triangle filter: each output pixel ¾ of its sample, ¼ of the neighbour.
  private func fancyAcross(
    _ plane: UnsafeBufferPointer<UInt8>, row: Int, width: Int,
    _ out: UnsafeMutableBufferPointer<UInt8>
  ) {
    let base = row * stride
    let last = usedWidth - 1
    for x in 0..<width {
      let column = min(x >> 1, last)
      let here = Int32(plane[base + column]) * 3
      if x & 1 == 0 {
        out[x] =
          column == 0 ? plane[base] : UInt8((here + Int32(plane[base + column - 1]) + 1) >> 2)
      } else {
        out[x] =
          column == last
          ? plane[base + last] : UInt8((here + Int32(plane[base + column + 1]) + 2) >> 2)
      }
    }
  }

  /// libjpeg's h2v2 triangle filter: ¾ of the nearer row and ¼ of the farther, then across
  /// as in ``fancyAcross``, with its rounding.
  private func fancyBoth(
    _ plane: UnsafeBufferPointer<UInt8>, y: Int, width: Int,
    _ out: UnsafeMutableBufferPointer<UInt8>
  ) {
    let row = min(y >> 1, usedHeight - 1)
    let neighbour = y & 1 == 0 ? max(row - 1, 0) : min(row + 1, usedHeight - 1)
    let near = row * stride
    let far = neighbour * stride
    let last = usedWidth - 1
    @inline(__always) func sum(_ column: Int) -> Int32 {
      Int32(plane[near + column]) * 3 + Int32(plane[far + column])
    }
    for x in 0..<width {
      let column = min(x >> 1, last)
      let this = sum(column)
      if x & 1 == 0 {
        out[x] =
          column == 0 ? UInt8((this * 4 + 8) >> 4) : UInt8((this * 3 + sum(column - 1) + 8) >> 4)
      } else {
        out[x] =
          column == last ? UInt8((this * 4 + 7) >> 4) : UInt8((this * 3 + sum(column + 1) + 7) >> 4)
      }
    }
  }
}

/// libjpeg's YCbCr-to-RGB tables: 16-bit fixed point, rounded as it rounds.
enum ColorTables {
  private static func fixed(_ value: Double) -> Int32 { Int32((value * 65536).rounded()) }
  private static let half: Int32 = 1 << 15

  static let crRed: [Int32] = (0..<256).map { (fixed(1.40200) * Int32($0 - 128) + half) >> 16 }
  static let cbBlue: [Int32] = (0..<256).map { (fixed(1.77200) * Int32($0 - 128) + half) >> 16 }
  static let crGreen: [Int32] = (0..<256).map { -fixed(0.71414) * Int32($0 - 128) }
  static let cbGreen: [Int32] = (0..<256).map { -fixed(0.34414) * Int32($0 - 128) + half }
}
