import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A grey JPEG at a quarter of its size that is still a Bayer mosaic: each 8 × 8 block becomes
/// two by two pixels, the means of its four phases (the pixels at even or odd columns and
/// rows), found from the block's coefficients without making its 64 samples. A 2 × 2 cell of
/// the result holds what the block's sixteen cells average, so the pattern, its phase and its
/// colours stay, for pictures drawn small (a terminal's), at a fraction of a full decode.
enum JPEGPhaseCells {
  /// For each coefficient (natural order) and phase (`y * 2 + x`), at `k * 4 + phase`, its
  /// weight in the phase's mean: the inverse DCT summed over the phase's sixteen pixels, over
  /// sixteen.
  static let weights: [Double] = {
    // The sum over a phase's four positions of one 1-D basis function, over four.
    func across(_ phase: Int, _ frequency: Int) -> Double {
      let c = frequency == 0 ? 1 / 2.0.squareRoot() : 1
      let total = stride(from: phase, to: 8, by: 2).reduce(0.0) { sum, x in
        sum + Math.cos(Double((2 * x + 1) * frequency) * Double.pi / 16)
      }
      return c * total / 4
    }
    return (0..<64).flatMap { k in
      (0..<4).map { phase in across(phase & 1, k % 8) * across(phase >> 1, k / 8) / 4 }
    }
  }()

  /// The component's picture: grey, two by two pixels a block.
  static func image(_ component: JPEGComponent, quant: [Int32]) -> RasterImage {
    let across = component.usedBlocksPerLine
    let down = component.usedBlocksPerColumn
    let width = across * 2
    let height = down * 2
    var pixels = [UInt8](repeating: 0, count: width * height * 3)
    // Read once here: a global's lazy initialization checked per coefficient costs more
    // than the arithmetic.
    let weights = self.weights
    let perBlock = component.coefficientsPerBlock
    pixels.withUnsafeMutableBufferPointer { out in
      component.coefficients.withUnsafeBufferPointer { coefficients in
        weights.withUnsafeBufferPointer { weights in
          quant.withUnsafeBufferPointer { quant in
            guard let first = coefficients.baseAddress,
              coefficients.count >= component.blocksPerLine * down * perBlock
            else { return }
            @inline(__always) func put(_ mean: Double, at: Int) {
              let level = UInt8(clamping: Int(mean.rounded()))
              out[at] = level
              out[at + 1] = level
              out[at + 2] = level
            }
            for row in 0..<down {
              for column in 0..<across {
                let block = first + (row * component.blocksPerLine + column) * perBlock
                var means = (128.0, 128.0, 128.0, 128.0)
                // Most of a block's coefficients are zero: only the others count.
                for k in 0..<min(64, perBlock, quant.count) where block[k] != 0 {
                  let value = Double(Int32(block[k]) &* quant[k])
                  means.0 += value * weights[k * 4]
                  means.1 += value * weights[k * 4 + 1]
                  means.2 += value * weights[k * 4 + 2]
                  means.3 += value * weights[k * 4 + 3]
                }
                let top = (row * 2 * width + column * 2) * 3
                let bottom = top + width * 3
                put(means.0, at: top)
                put(means.1, at: top + 3)
                put(means.2, at: bottom)
                put(means.3, at: bottom + 3)
              }
            }
          }
        }
      }
    }
    return RasterImage(width: width, height: height, pixels: pixels)
  }
}
