import Dispatch

/// A red/cyan anaglyph of a stereo pair: red from the left eye, green and blue from the right,
/// so glasses with a red left lens and a cyan right one give each eye its own frame. Grey
/// frames make a grey anaglyph; colour frames keep their colour where the eyes agree.
public enum Anaglyph {
  /// Why two frames cannot be combined.
  public struct SizeMismatch: Error, Sendable, Equatable, CustomStringConvertible {
    /// The left frame's size.
    public var left: (width: Int, height: Int)
    /// The right frame's size.
    public var right: (width: Int, height: Int)

    /// `the frames differ in size: 1024 × 1024 (left), 800 × 600 (right)`.
    public var description: String {
      "the frames differ in size: \(left.width) × \(left.height) (left), "
        + "\(right.width) × \(right.height) (right)"
    }

    /// Sizes equal.
    public static func == (lhs: SizeMismatch, rhs: SizeMismatch) -> Bool {
      lhs.left == rhs.left && lhs.right == rhs.right
    }
  }

  /// The anaglyph of `left` and `right`, the right frame moved `shift` pixels to the right
  /// (left when negative) to set where the picture sits in depth; the picture is the part the
  /// two frames share, `|shift|` columns narrower. With `scaling`, a right frame of another
  /// size is scaled to the left's first (Curiosity's Mastcam, whose eyes differ in focal
  /// length); without, it is ``SizeMismatch``.
  public static func combine(
    left: RasterImage, right: RasterImage, shift: Int = 0, scaling: Bool = false
  ) throws -> RasterImage {
    var right = right
    if right.width != left.width || right.height != left.height {
      guard scaling else {
        throw SizeMismatch(
          left: (left.width, left.height), right: (right.width, right.height))
      }
      right = right.scaled(width: left.width, height: left.height)
    }
    let width = left.width - abs(shift)
    guard width > 0 else {
      throw ImageError(
        "a shift of \(shift) pixels leaves nothing of frames \(left.width) pixels wide")
    }
    let height = left.height
    let leftStart = max(0, shift)
    let rightStart = max(0, -shift)
    // Every byte is written below: no need to zero them first. Bands of rows on the cores,
    // each writing only its own rows.
    let bands = max(1, min(8, height / 64))
    let out = [UInt8](unsafeUninitializedCapacity: width * height * 3) { out, count in
      count = width * height * 3
      left.pixels.withUnsafeBufferPointer { leftPixels in
        right.pixels.withUnsafeBufferPointer { rightPixels in
          guard let target = out.baseAddress, let red = leftPixels.baseAddress,
            let cyan = rightPixels.baseAddress
          else { return }
          nonisolated(unsafe) let ends = (target, red, cyan)
          DispatchQueue.concurrentPerform(iterations: bands) { band in
            let (out, leftPixels, rightPixels) = ends
            for y in (band * height / bands)..<((band + 1) * height / bands) {
              var from = (y * left.width + leftStart) * 3
              var other = (y * left.width + rightStart) * 3
              var to = y * width * 3
              for _ in 0..<width {
                out[to] = leftPixels[from]
                out[to &+ 1] = rightPixels[other &+ 1]
                out[to &+ 2] = rightPixels[other &+ 2]
                from &+= 3
                other &+= 3
                to &+= 3
              }
            }
          }
        }
      }
    }
    return RasterImage(width: width, height: height, pixels: out)
  }
}
