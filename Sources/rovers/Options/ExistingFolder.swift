import ArgumentParsing
import CommandRuntime
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A `<dir>` argument that must name a folder already there: what `gallery` and `verify` read.
enum ExistingFolder {
  /// The folder `word` names (`~` expanded), or a usage error saying it is no folder.
  static func parse(_ word: String, environment: [String: String], spec: CommandSpec) throws
    -> URL
  {
    let path = ConfigFile.expandHome(word, environment)
    let kind = FileStatus.of(path)?.kind
    let exists = kind != nil
    guard kind == .folder else {
      throw UsageError.invalidValue(
        word, for: "<dir>", reason: exists ? "not a folder" : "no such folder", in: spec)
    }
    return URL(fileURLWithPath: path).standardizedFileURL
  }
}
