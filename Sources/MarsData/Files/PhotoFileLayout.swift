import Foundation
import RoverAPI

/// Where each photo is kept: `<root>/<rover>/<sol>/<camera>/<id>-<NASA file name>`.
///
/// Every part but the root comes from the server, so every part is reduced to letters, digits,
/// `.`, `_` and `-`, never starts with a dot and is kept short: nothing a server sends can
/// name a path outside the root.
public struct PhotoFileLayout: Sendable {
  /// The folder everything goes under.
  public var root: URL

  /// The longest file name kept, well under the 255 bytes file systems allow.
  static let maxNameLength = 180

  /// Creates a layout under `root`.
  public init(root: URL) {
    self.root = root.standardizedFileURL
  }

  /// The folder of one rover's photos.
  public func folder(rover: String) -> URL {
    root.appendingPathComponent(Self.safe(rover.lowercased(), fallback: "rover"))
  }

  /// The photo's path below the root: `perseverance/100/NAVCAM_LEFT/830001-NLF_0100.png`.
  public func relativePath(for photo: Photo, rover: String) -> String {
    let name = Self.fileName(from: photo.imgSrc)
    let file = Self.safe(
      name.isEmpty ? "\(photo.id)" : "\(photo.id)-\(name)", fallback: "\(photo.id)")
    return [
      Self.safe(rover.lowercased(), fallback: "rover"), String(photo.sol),
      Self.safe(photo.camera.name, fallback: "camera"), file,
    ].joined(separator: "/")
  }

  /// The photo's full path.
  public func url(for photo: Photo, rover: String) -> URL {
    root.appendingPathComponent(relativePath(for: photo, rover: rover))
  }

  /// The last path component of the image address, without query or fragment.
  static func fileName(from imgSrc: String) -> String {
    let path = URL(string: imgSrc)?.path ?? String(imgSrc.prefix { $0 != "?" && $0 != "#" })
    let last = path.split(separator: "/").last.map(String.init) ?? ""
    return last.removingPercentEncoding ?? last
  }

  /// Keeps letters, digits, `.`, `_` and `-`; drops leading dots; shortens; falls back when
  /// nothing is left.
  static func safe(_ text: String, fallback: String) -> String {
    let kept = text.unicodeScalars.filter {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || $0 == "." || $0 == "_" || $0 == "-"
    }
    var result = String(String.UnicodeScalarView(kept)).drop { $0 == "." }
    if result.count > maxNameLength {
      // Keep the end too: it holds the file's extension.
      result = result.prefix(maxNameLength - 20) + "-" + result.suffix(19)
    }
    return result.isEmpty ? fallback : String(result)
  }
}
