/// What matching found: for each pixel of the left frame, how many pixels to the left the
/// right frame sees the same point (subpixel), or none.
public struct DisparityMap: Sendable {
  /// Pixels across, as the left frame.
  public let width: Int
  /// Rows, as the left frame.
  public let height: Int
  /// The disparities, row after row; `nil` marks a pixel without one.
  public internal(set) var values: [Float?]

  /// A map of `width × height` pixels, none matched yet.
  public init(width: Int, height: Int) {
    (self.width, self.height) = (width, height)
    values = Array(repeating: nil, count: width * height)
  }

  /// The disparity at column `x` of row `y`.
  public subscript(x: Int, y: Int) -> Float? {
    get { values[y * width + x] }
    set { values[y * width + x] = newValue }
  }

  /// The share of pixels that have a disparity.
  public var coverage: Double {
    Double(values.lazy.filter { $0 != nil }.count) / Double(max(1, values.count))
  }
}
