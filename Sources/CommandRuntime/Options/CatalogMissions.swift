import ArgumentParsing
import MarsCatalog

/// The missions the catalogue holds: those of NASA's raw-image feeds, and Spirit and
/// Opportunity from an API server. A rover named to `catalog sync` or `search` is one of them,
/// or a usage error that says which are.
package enum CatalogMissions {
  /// Their names, lower case.
  package static var names: [String] { CatalogRover.names }

  /// `word`, lower case, when it names a mission the catalogue holds; else ``UsageError``.
  package static func check(_ word: String, spec: CommandSpec) throws -> String {
    let name = word.lowercased()
    guard !names.contains(name) else { return name }
    throw UsageError(
      message: "Unknown rover '\(word)' for the catalogue.\(Suggestion.hint(for: name, in: names))"
        + " It is for these missions: \(names.joined(separator: ", ")).", command: spec)
  }
}
