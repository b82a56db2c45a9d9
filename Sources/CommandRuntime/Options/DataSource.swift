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
}
