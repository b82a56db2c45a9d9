import ArgumentParsing
import SystemInterface

/// `--catalog PATH` (or `ROVERS_CATALOG`): where the catalogue is; by default
/// `$XDG_DATA_HOME/rovers/catalog.sqlite`, else `~/.local/share/rovers/catalog.sqlite`.
package enum CatalogPath {
  package static let option = Option.text(
    "catalog", value: "path",
    help: "The catalogue file. (default: $XDG_DATA_HOME/rovers/catalog.sqlite)",
    variable: "ROVERS_CATALOG", completion: .files,
    blank: "give the catalogue's file, such as ~/mars/catalog.sqlite")

  /// The catalogue's path these settings name.
  package static func resolve(_ settings: Settings, spec: CommandSpec?) throws -> String {
    if let given = try settings[option] {
      // SQLite would say "disk I/O error" of a folder: the mistake is the path given.
      guard FileStatus.of(given)?.kind != .folder else {
        throw UsageError(
          message: "\(given) is a folder: give the catalogue's file, such as"
            + " \(given.hasSuffix("/") ? given : given + "/")catalog.sqlite", command: spec)
      }
      return given
    }
    guard let folder = XDGPaths(environment: settings.environment).data else {
      throw UsageError(
        message: "No place for the catalogue: set HOME, XDG_DATA_HOME or --catalog",
        command: spec)
    }
    return folder.appendingPathComponent("catalog.sqlite").path
  }
}
