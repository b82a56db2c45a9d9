import MarsFetching
import PlainText
import RoverAPI

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where each photo is kept: `<root>/<rover>/<sol>/<camera>/<NASA file name>`.
///
/// The file is named by NASA's own file name alone, which is the same whichever server listed
/// the photo, so a folder filled from one server is continued from another without fetching a
/// photo twice. Every part but the root comes from a server, so every part is reduced to
/// letters, digits, `.`, `_` and `-`, never starts with a dot and is kept short: nothing a
/// server sends can name a path outside the root, nor one of the tool's own hidden files.
public struct PhotoFileLayout: Sendable {
  /// The folder everything goes under.
  public let root: URL
  /// ``root`` as a path, without a trailing slash: what the paths of thousands of files start
  /// with, read once.
  public let rootPath: String

  /// The longest file name kept, well under the 255 bytes file systems allow.
  static let maxNameLength = 180

  /// Creates a layout under `root`.
  public init(root: URL) {
    self.root = root.standardizedFileURL
    rootPath = Self.path(of: self.root)
  }

  private static func path(of root: URL) -> String {
    let path = root.path
    return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }

  /// The folder name of a rover: `perseverance`.
  public static func roverFolder(_ rover: String) -> String {
    safe(rover.lowercased(), fallback: "rover")
  }

  /// The folder name of a camera: `NAVCAM_LEFT`.
  public static func cameraFolder(_ camera: String) -> String {
    safe(camera, fallback: "camera")
  }

  /// The folder of one rover's photos.
  public func folder(rover: String) -> URL {
    root.appendingPathComponent(Self.roverFolder(rover))
  }

  /// The folder of one sol's photos, where its record is kept too.
  public func folder(rover: String, sol: Int) -> URL {
    folder(rover: rover).appendingPathComponent(String(sol))
  }

  /// The photo's file below its sol's folder: `NAVCAM_LEFT/NLF_0100_…_1200.jpg`.
  public static func pathInSol(for photo: Photo) -> String {
    cameraFolder(photo.camera.name) + "/"
      + fileName(nasaName: NASAImageName.fileName(of: photo.imgSrc), of: photo)
  }

  /// Where a download's file is below its sol's folder: its relative path
  /// (`rover/sol/camera/name`) without the first two folders, read from the text rather than
  /// made again from the photo, which a sol of thousands would do for each at its end.
  public static func pathInSol(of download: PhotoDownload) -> String {
    var path = download.relativePath
    let inSol = path.withUTF8 { bytes -> String? in
      var slashes = 0
      var start = 0
      for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "/") {
        slashes += 1
        if slashes == 2 { start = offset + 1 }
      }
      // Not of the layout's shape (a caller's own path): made from the photo.
      guard slashes == 3 else { return nil }
      return String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self)
    }
    return inSol ?? pathInSol(for: download.photo)
  }

  /// The photo's path below the root: `perseverance/100/NAVCAM_LEFT/NLF_0100_…_1200.jpg`.
  public func relativePath(for photo: Photo, rover: String) -> String {
    relativePaths(for: photo, rover: rover).current
  }

  /// Where earlier versions kept the photo, `<id>-<NASA file name>`, if it has a server id.
  public func legacyRelativePath(for photo: Photo, rover: String) -> String? {
    relativePaths(for: photo, rover: rover).legacy
  }

  /// Both of the above, from one reading of the photo's address: a run plans thousands.
  public func relativePaths(for photo: Photo, rover: String) -> (current: String, legacy: String?) {
    Self.relativePaths(for: photo, inFolder: Self.folderPath(rover: rover, photo: photo))
  }

  /// The same, for a photo in `folder`, its ``folderPath(rover:photo:)``: a run's photos
  /// share a few folders, made once each.
  static func relativePaths(for photo: Photo, inFolder folder: String)
    -> (current: String, legacy: String?)
  {
    let name = NASAImageName.fileName(of: photo.imgSrc)
    let legacy = photo.id.map { id in
      let number = String(id)
      return folder + safe(name.isEmpty ? number : number + "-" + name, fallback: number)
    }
    return (folder + fileName(nasaName: name, of: photo), legacy)
  }

  /// The folder of a photo below the root, with a slash at its end: `perseverance/100/NAVCAM/`.
  static func folderPath(rover: String, photo: Photo) -> String {
    roverFolder(rover) + "/" + String(photo.sol) + "/" + cameraFolder(photo.camera.name) + "/"
  }

  /// The photo's file name: NASA's (`nasaName`, read from its address), or its identity when
  /// the address names no file.
  static func fileName(nasaName: String, of photo: Photo) -> String {
    safe(nasaName, fallback: safe(photo.nasaID, fallback: "photo"))
  }

  /// Keeps letters, digits, `.`, `_` and `-`; drops leading dots; shortens; falls back when
  /// nothing is left.
  public static func safe(_ text: String, fallback: String) -> String {
    // Almost every name is safe as it comes: kept without building another.
    let utf8 = text.utf8
    if let first = utf8.first, first != UInt8(ascii: "."), utf8.count <= maxNameLength,
      UTF8Scan.allSatisfy(text, isSafe)
    {
      return text
    }
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

  private static func isSafe(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "_"),
      UInt8(ascii: "-"):
      true
    default: false
    }
  }
}
