/// A grey picture as matching reads it: one byte a pixel, row after row.
public struct GreyPlane: Sendable {
  /// Pixels across.
  public let width: Int
  /// Rows.
  public let height: Int
  /// `width × height` levels, the top row first.
  public let pixels: [UInt8]

  /// The plane of `pixels`; `nil` when their count is not `width × height`.
  public init?(width: Int, height: Int, pixels: [UInt8]) {
    guard width > 0, height > 0, pixels.count == width * height else { return nil }
    (self.width, self.height, self.pixels) = (width, height, pixels)
  }

  /// A plane of `pixels` known to be `width × height`.
  init(exactly width: Int, _ height: Int, _ pixels: [UInt8]) {
    (self.width, self.height, self.pixels) = (width, height, pixels)
  }
}
