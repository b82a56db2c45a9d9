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
  /// What each coefficient (natural order) adds to a block's four phase means, as one weight
  /// and one of four sums: the inverse DCT summed over a phase's sixteen pixels, over sixteen.
  /// Across four columns of one parity a basis function sums to the same for both parities
  /// at frequency 0, to opposite values at an odd frequency, and to nothing at an even one: so
  /// a phase's mean is `both ± across ± down ± diagonal` (sum 0, 1, 2, 3), and 39 of the 64
  /// coefficients add nothing (sum 4).
  static let terms: [(weight: Double, sum: Int)] = {
    // The sum over a phase's four positions of one 1-D basis function, over four: the even
    // phase's.
    func across(_ frequency: Int) -> Double {
      let c = frequency == 0 ? 1 / 2.0.squareRoot() : 1
      let total = stride(from: 0, to: 8, by: 2).reduce(0.0) { sum, x in
        sum + Math.cos(Double((2 * x + 1) * frequency) * Double.pi / 16)
      }
      return c * total / 4
    }
    return (0..<64).map { k in
      let (u, v) = (k % 8, k / 8)
      guard u == 0 || u % 2 == 1, v == 0 || v % 2 == 1 else { return (0, 4) }
      return (across(u) * across(v) / 4, (u == 0 ? 0 : 1) + (v == 0 ? 0 : 2))
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
    let terms = self.terms
    let perBlock = component.coefficientsPerBlock
    pixels.withUnsafeMutableBufferPointer { out in
      component.coefficients.withUnsafeBufferPointer { coefficients in
        terms.withUnsafeBufferPointer { terms in
          quant.withUnsafeBufferPointer { quant in
            guard let first = coefficients.baseAddress,
              coefficients.count >= component.blocksPerLine * down * perBlock
            else { return }
            @inline(__always) func put(_ mean: Double, at: Int) {
              let level = UInt8(clamping: Int(max(-1, min(256, mean)) + 0.5))
              out[at] = level
              out[at + 1] = level
              out[at + 2] = level
            }
            let used = min(64, perBlock, quant.count)
            for row in 0..<down {
              for column in 0..<across {
                let block = first + (row * component.blocksPerLine + column) * perBlock
                // Both phases, across, down and diagonal; a fifth for what adds nothing.
                var sums: (Double, Double, Double, Double, Double) = (0, 0, 0, 0, 0)
                // Most of a block's coefficients are zero: only the others count.
                for k in 0..<used where block[k] != 0 {
                  let term = terms[k]
                  let value = Double(Int32(block[k]) &* quant[k]) * term.weight
                  switch term.sum {
                  case 0: sums.0 += value
                  case 1: sums.1 += value
                  case 2: sums.2 += value
                  case 3: sums.3 += value
                  default: sums.4 += value
                  }
                }
                let (both, across, down, diagonal) = (128 + sums.0, sums.1, sums.2, sums.3)
                let top = (row * 2 * width + column * 2) * 3
                let bottom = top + width * 3
                put(both + across + down + diagonal, at: top)
                put(both - across + down - diagonal, at: top + 3)
                put(both + across - down - diagonal, at: bottom)
                put(both - across - down + diagonal, at: bottom + 3)
              }
            }
          }
        }
      }
    }
    return RasterImage(width: width, height: height, pixels: pixels)
  }
}
