import CameraGeometry
import Dispatch

/// A stereo pair's two frames resampled onto their rectification (``StereoRectification``):
/// each rectified pixel read bilinearly from its own frame where that frame sees it, so that a
/// point's two pixels lie on one row. Beside each plane, which of its pixels a frame sees.
public struct RectifiedPair: Sendable {
  /// The geometry.
  public let rectification: StereoRectification
  /// The left frame, rectified.
  public let left: GreyPlane
  /// The right frame, rectified.
  public let right: GreyPlane
  /// Whether each pixel of ``left`` shows its frame (not the blank beyond its edge).
  public let leftSeen: [Bool]
  /// See ``leftSeen``.
  public let rightSeen: [Bool]

  /// The frames `left` and `right` (as served, the sizes their models are for) resampled
  /// onto `rectification`, rows one a core.
  public init(_ rectification: StereoRectification, left: GreyPlane, right: GreyPlane) {
    self.rectification = rectification
    let (width, height) = (rectification.width, rectification.height)
    let leftGrid = SourceGrid(width: width, height: height) {
      rectification.leftSource(x: $0, y: $1)
    }
    let rightGrid = SourceGrid(width: width, height: height) {
      rectification.rightSource(x: $0, y: $1)
    }
    let (leftPlane, leftSeen) = Self.resample(left, through: leftGrid)
    let (rightPlane, rightSeen) = Self.resample(right, through: rightGrid)
    (self.left, self.leftSeen, self.right, self.rightSeen) =
      (leftPlane, leftSeen, rightPlane, rightSeen)
  }

  /// `frame` read through `grid`; 0 and unseen where the source is outside it.
  private static func resample(_ frame: GreyPlane, through grid: SourceGrid) -> (
    GreyPlane, [Bool]
  ) {
    let (width, height) = (grid.width, grid.height)
    var samples = [UInt8](repeating: 0, count: width * height)
    var seen = [Bool](repeating: false, count: width * height)
    let (right, bottom) = (Double(frame.width - 1), Double(frame.height - 1))
    frame.pixels.withUnsafeBufferPointer { pixels in
      samples.withUnsafeMutableBufferPointer { samples in
        seen.withUnsafeMutableBufferPointer { seen in
          nonisolated(unsafe) let (out, marks, pixels) = (samples, seen, pixels)
          DispatchQueue.concurrentPerform(iterations: height) { y in
            for x in 0..<width {
              guard let source = grid.source(x: x, y: y), source.x >= 0, source.y >= 0,
                source.x <= right, source.y <= bottom
              else { continue }
              out[y * width + x] = Self.bilinear(pixels, frame.width, source.x, source.y)
              marks[y * width + x] = true
            }
          }
        }
      }
    }
    return (GreyPlane(exactly: width, height, samples), seen)
  }

  /// The level at (`x`, `y`), inside a plane `width` across.
  @inline(__always)
  private static func bilinear(
    _ pixels: UnsafeBufferPointer<UInt8>, _ width: Int, _ x: Double, _ y: Double
  ) -> UInt8 {
    let height = pixels.count / width
    let column = min(Int(x), max(0, width - 2))
    let row = min(Int(y), max(0, height - 2))
    let (across, down) = (x - Double(column), y - Double(row))
    let right = width > 1 ? 1 : 0
    let below = height > 1 ? width : 0
    let at = row * width + column
    let top = Double(pixels[at]) + (Double(pixels[at + right]) - Double(pixels[at])) * across
    let bottom =
      Double(pixels[at + below])
      + (Double(pixels[at + below + right]) - Double(pixels[at + below])) * across
    return UInt8(max(0, min(255, (top + (bottom - top) * down).rounded())))
  }
}
