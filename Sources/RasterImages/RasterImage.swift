/// A decoded picture: 8-bit RGB, three bytes a pixel, rows from the top.
public struct RasterImage: Sendable, Equatable {
  /// Pixels across.
  public var width: Int
  /// Pixels down.
  public var height: Int
  /// `width × height × 3` bytes: red, green and blue of each pixel, row by row.
  public var pixels: [UInt8]

  /// An image of the given size and bytes.
  public init(width: Int, height: Int, pixels: [UInt8]) {
    self.width = width
    self.height = height
    self.pixels = pixels
  }

  /// A grey image from its plane, one byte a pixel, each made the three equal bytes of RGB.
  public init(width: Int, height: Int, grey plane: [UInt8]) {
    var pixels = [UInt8](repeating: 0, count: plane.count * 3)
    pixels.withUnsafeMutableBufferPointer { rgb in
      for (index, level) in plane.enumerated() {
        rgb[3 * index] = level
        rgb[3 * index + 1] = level
        rgb[3 * index + 2] = level
      }
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  /// The most pixels an image may have: checked before anything is allocated, so a header
  /// that claims 65,520 × 65,520 costs nothing. Mars photos are at most about 20 megapixels.
  public static let maxPixels = 40_000_000

  /// Refuses a size no image of this tool can have.
  static func checkSize(width: Int, height: Int) throws {
    guard width > 0, height > 0 else {
      throw ImageError("the image says it is \(width) × \(height) pixels")
    }
    guard width <= 65_535, height <= 65_535, width * height <= maxPixels else {
      throw ImageError(
        "the image says it is \(width) × \(height) pixels, more than the \(maxPixels / 1_000_000)"
          + " megapixels this tool decodes")
    }
  }
}

/// Why an image could not be decoded: damaged bytes, or a kind this tool does not decode.
public struct ImageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What is wrong, in words.
  public var reason: String

  /// An error saying `reason`.
  public init(_ reason: String) { self.reason = reason }

  /// The reason.
  public var description: String { reason }
}

/// Decodes a JPEG or PNG file by what its first bytes say.
public enum ImageDecoder {
  /// The kind of image the bytes begin as.
  public enum Kind: Sendable, Equatable {
    case jpeg, png
  }

  /// The kind the bytes begin as, or `nil`.
  public static func kind(of bytes: [UInt8]) -> Kind? {
    if bytes.count >= 3, bytes[0] == 0xFF, bytes[1] == 0xD8, bytes[2] == 0xFF { return .jpeg }
    if bytes.count >= 8, Array(bytes[0..<8]) == PNGDecoder.signature { return .png }
    return nil
  }

  /// The picture for a Bayer frame drawn small: a grey JPEG (one component, or three whose
  /// chroma is flat) at a quarter of its size that is
  /// still a mosaic of the same phase (each 8 × 8 block two by two pixels, its four phases'
  /// means), when an eighth of it is at least `minimumWidth` wide; any other file whole.
  public static func decodeKeepingBayerPhases(_ bytes: [UInt8], minimumWidth: Int) throws
    -> RasterImage
  {
    guard kind(of: bytes) == .jpeg else { return try decode(bytes) }
    return try JPEGDecoder.decode(bytes, keepingBayerPhases: minimumWidth)
  }

  /// The picture; throws ``ImageError`` for damaged bytes or a kind not decoded here.
  ///
  /// With `minimumWidth`, a JPEG at least eight times that wide is decoded at an eighth of its
  /// size (each 8 × 8 block's mean, as libjpeg's `-scale 1/8` does): what a picture a terminal
  /// shows needs, at a fraction of the work.
  public static func decode(_ bytes: [UInt8], minimumWidth: Int? = nil) throws -> RasterImage {
    switch kind(of: bytes) {
    case .jpeg: return try JPEGDecoder.decode(bytes, minimumWidth: minimumWidth)
    case .png: return try PNGDecoder.decode(bytes)
    case nil: throw ImageError("it is neither a JPEG nor a PNG file")
    }
  }
}
