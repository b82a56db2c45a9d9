import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Where rovers keeps things, as the XDG base directory spec says: `$XDG_CACHE_HOME/rovers`,
/// else `~/.cache/rovers`; `$XDG_CONFIG_HOME/rovers`, else `~/.config/rovers`;
/// `$XDG_DATA_HOME/rovers`, else `~/.local/share/rovers`.
package struct XDGPaths: Sendable {
  package var environment: [String: String]

  /// The cache folder; `nil` when neither the variable nor an existing home folder is known.
  package var cache: URL? { folder("XDG_CACHE_HOME", ".cache") }

  /// The config folder.
  package var config: URL? { folder("XDG_CONFIG_HOME", ".config") }

  /// The data folder, where the catalogue lives: `$XDG_DATA_HOME/rovers`, else
  /// `~/.local/share/rovers`.
  package var data: URL? { folder("XDG_DATA_HOME", ".local/share") }

  private func folder(_ variable: String, _ underHome: String) -> URL? {
    // The spec ignores a relative path in the variable.
    if let value = environment[variable], value.hasPrefix("/") {
      return URL(fileURLWithPath: value).appendingPathComponent("rovers")
    }
    // A home folder that does not exist is not created: the tool then keeps no cache. One
    // `stat`: every command asks this for its config file, and making `FileManager.default`
    // to ask it cost a tenth of a search's whole run.
    guard let home = environment["HOME"], home.hasPrefix("/"), FileStatus.exists(home)
    else { return nil }
    return URL(fileURLWithPath: home).appendingPathComponent(underHome).appendingPathComponent(
      "rovers")
  }

  /// A value of each member.
  package init(environment: [String: String]) {
    self.environment = environment
  }
}
