import ArgumentParsing
import RoverAPI

/// The missions the catalogue holds: those of NASA's raw-image feeds, which fill it. A rover
/// named to `catalog sync` or `search` is one of them, or a usage error that says which are.
package enum CatalogMissions {
  /// Their names, lower case.
  package static var names: [String] { FeedRover.all.map { $0.name.lowercased() } }

  /// `word`, lower case, when it names a mission the catalogue holds; else ``UsageError``.
  package static func check(_ word: String, spec: CommandSpec) throws -> String {
    let name = word.lowercased()
    guard !names.contains(name) else { return name }
    let retired =
      FeedRover.retired.contains(name)
      ? " Spirit and Opportunity, whose photos only the API servers have, are not catalogued yet."
      : ""
    throw UsageError(
      message: "Unknown rover '\(word)' for the catalogue.\(Suggestion.hint(for: name, in: names))"
        + " It holds the missions of NASA's raw-image feeds: \(names.joined(separator: ", "))."
        + retired, command: spec)
  }
}
