import Foundation

/// What a test needs to know of an output folder.
enum Folder {
  /// Every file below `root`, as paths relative to it, sorted.
  static func files(_ root: URL) -> [String] {
    let walker = FileManager.default.enumerator(atPath: root.path)
    var files: [String] = []
    while let relative = walker?.nextObject() as? String {
      var isFolder: ObjCBool = false
      let path = root.appendingPathComponent(relative).path
      if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
        files.append(relative)
      }
    }
    return files.sorted()
  }

  /// The photo files below `root`: no state, lock, record or temporary file (all of which
  /// have names that start with a dot).
  static func photos(_ root: URL) -> [String] {
    files(root).filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }
  }
}
