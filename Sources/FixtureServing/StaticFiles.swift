import Foundation

/// A folder's files under `/static/`, for a browser test of pages written to disk: what any
/// static server would do, with no path allowed out of the folder.
struct StaticFiles: Sendable {
  static let prefix = "/static/"
  let folder: String

  init(_ folder: String) { self.folder = URL(fileURLWithPath: folder).standardizedFileURL.path }

  func reply(for path: String) -> Reply {
    let relative = String(path.dropFirst(Self.prefix.count)).removingPercentEncoding ?? ""
    let parts = relative.split(separator: "/")
    guard !parts.contains(where: { $0 == ".." || $0 == "." }) else {
      return .text(403, "Forbidden")
    }
    var file = folder + "/" + parts.joined(separator: "/")
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: file, isDirectory: &isFolder), isFolder.boolValue {
      file += "/index.html"
    }
    guard let body = FileManager.default.contents(atPath: file) else {
      return .text(404, "Not Found")
    }
    return .respond(status: 200, headers: ["Content-Type": Self.type(of: file)], body: body)
  }

  private static func type(of file: String) -> String {
    switch URL(fileURLWithPath: file).pathExtension.lowercased() {
    case "html": "text/html; charset=utf-8"
    case "jpg", "jpeg": "image/jpeg"
    case "png": "image/png"
    case "svg": "image/svg+xml"
    case "json": "application/json"
    default: "application/octet-stream"
    }
  }
}
