/// `--source`: where photos come from.
package enum DataSource: String, CaseIterable, Sendable {
  /// A server of the Mars Rover Photos API (`--api-base`) alone: nothing is asked of NASA's
  /// feeds, not even for the missions only they have.
  case api
  /// NASA's own raw-image feeds (`--nasa-base`): Curiosity and Perseverance.
  case nasa
  /// The API, and the feeds for the rovers they cover when the API's server is unavailable,
  /// and beside it for the missions only they have.
  case auto
  /// The local catalogue alone (`rovers catalog sync` fills it): offline, nothing asked of
  /// any server for the photos' lists.
  case catalog

  /// The commands whose lists the catalogue gives: those that list photos, and those that
  /// fetch or draw what they list. A sync or a mirror's check asks a server what is new.
  package static let catalogCommands = ["list", "latest", "manifest", "photos", "download", "show"]

  /// Whether NASA's feeds may be asked for what they add (missions, places).
  package var asksFeeds: Bool { self == .nasa || self == .auto }
}
