import RasterImages

/// The picture a preview pane draws, made from an image's bytes.
public enum PreviewImage {
  /// The image decoded at the smallest size at least `columns` wide, then kept at most 240
  /// pixels wide: a preview is never wider than a screen's columns.
  public static func make(from bytes: [UInt8], columns: Int) throws -> RasterImage {
    let image = try ImageDecoder.decode(bytes, minimumWidth: columns)
    let width = min(image.width, 240)
    let height = max(1, image.height * width / max(1, image.width))
    return width == image.width ? image : image.scaled(width: width, height: height)
  }
}
