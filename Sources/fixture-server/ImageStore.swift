import Foundation

/// Stand-in image files: every `/images/...` path has its own bytes, the same on every
/// request, so a test can fetch a file twice and compare.
enum ImageStore {
  static let prefix = "/images/"

  /// Points a photo's `img_src` at this server, keeping the original path (and so the NASA
  /// file name).
  static func rewrite(_ photo: [String: Any], base: String) -> [String: Any] {
    guard let source = photo["img_src"] as? String else { return photo }
    var photo = photo
    let path = URLComponents(string: source)?.percentEncodedPath ?? ""
    photo["img_src"] = base + (path.hasPrefix("/") ? String(path.dropFirst()) : path)
    return photo
  }

  /// A JPEG-looking body of 2 to 34 KB, drawn from the path.
  static func reply(for target: String) -> Reply {
    var seed: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in target.utf8 { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let size = 2048 + Int(seed % 32_768)
    var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0]
    bytes.reserveCapacity(size)
    var state = seed | 1
    while bytes.count < size {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      bytes.append(UInt8(truncatingIfNeeded: state))
    }
    return .respond(status: 200, headers: ["Content-Type": "image/jpeg"], body: Data(bytes))
  }
}
