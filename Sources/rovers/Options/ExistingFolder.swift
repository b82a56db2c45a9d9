import ArgumentParsing
import Foundation

/// A `<dir>` argument that must name a folder already there: what `gallery` and `verify` read.
enum ExistingFolder {
  /// The folder `word` names (`~` expanded), or a usage error saying it is no folder.
  static func parse(_ word: String, environment: [String: String], spec: CommandSpec) throws
    -> URL
  {
    let path = ConfigFile.expandHome(word, environment)
    var isFolder: ObjCBool = false
    let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isFolder)
    guard exists, isFolder.boolValue else {
      throw UsageError.invalidValue(
        word, for: "<dir>", reason: exists ? "not a folder" : "no such folder", in: spec)
    }
    return URL(fileURLWithPath: path).standardizedFileURL
  }
}
