import PlainText

/// The sizes NASA publishes of a Perseverance image: JPEGs 320, 800 and 1200 pixels wide, and
/// the full-resolution PNG. Curiosity publishes one size.
public enum ImageSize: String, Sendable, CaseIterable {
  /// 320 px JPEG, `_320.jpg`.
  case small
  /// 800 px JPEG, `_800.jpg` (what Mars Vista serves).
  case medium
  /// 1200 px JPEG, `_1200.jpg` (what the original API and nebulum serve).
  case large
  /// The full-resolution PNG.
  case full

  /// The file name's ending for this size.
  var ending: String {
    switch self {
    case .small: "_320.jpg"
    case .medium: "_800.jpg"
    case .large: "_1200.jpg"
    case .full: ".png"
    }
  }

  /// The address of this size of the image at `imageURL`, or `nil` when the address is not in
  /// the regular form of NASA's sized copies (any Curiosity image, for instance).
  ///
  /// The regular form is `<base>_320.jpg`, `<base>_800.jpg` or `<base>_1200.jpg`, which is how
  /// every server and the feeds' `image_files` name Perseverance's copies.
  public func address(ofImageAt imageURL: String) -> String? {
    // Found in the bytes: every photo of a list is looked at, and a query or fragment
    // starts at an ASCII character.
    let end =
      UTF8Scan.firstIndex(in: imageURL) { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
      ?? imageURL.endIndex
    let path = imageURL[..<end]
    for size in Self.sized where Self.path(path, endsWith: size.ending) {
      return String(path.dropLast(size.ending.count)) + ending + imageURL[end...]
    }
    return nil
  }

  /// The sizes whose file names end in a size suffix.
  private static let sized: [ImageSize] = [.small, .medium, .large]

  /// Whether `path` ends with `ending` (lower-case ASCII), in any case: compared byte by byte,
  /// since every photo of a list is looked at.
  private static func path(_ path: Substring, endsWith ending: String) -> Bool {
    let tail = path.utf8.suffix(ending.utf8.count)
    guard tail.count == ending.utf8.count else { return false }
    return zip(tail, ending.utf8).allSatisfy { byte, expected in
      ((65...90).contains(byte) ? byte + 32 : byte) == expected
    }
  }
}

extension Photo {
  /// The same photo with `img_src` pointing at the size asked for, where NASA publishes sizes;
  /// unchanged otherwise (Curiosity publishes one size).
  public func resized(to size: ImageSize) -> Photo {
    var photo = self
    photo.resize(to: size)
    return photo
  }

  /// Points `img_src` at the size asked for, in place: a list of thousands is changed
  /// without a copy of it.
  public mutating func resize(to size: ImageSize) {
    guard let address = size.address(ofImageAt: imgSrc), address != imgSrc else { return }
    imgSrc = address
  }
}
