#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `~/` at the start of a path given as an option's value, which no shell expands after `=`
/// (`-o=~/mars`) or inside quotes: the home folder, as the shell would have made it.
enum HomePath {
  /// `path` with a leading `~/` made the home folder; any other path as it is.
  static func expanded(_ path: String) -> String {
    path.hasPrefix("~/")
      ? FileManager.default.homeDirectoryForCurrentUser.path + path.dropFirst() : path
  }
}
