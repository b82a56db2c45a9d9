/// Addresses that keep tests off the internet: nothing listens on port 9 of this machine, and
/// NASA's feeds are the fixtures' own, served on this machine.
enum Offline {
  /// An API base no server answers.
  static let apiBase = "http://127.0.0.1:9/api/v1"
  /// A feeds host no server answers.
  static let refusedFeeds = "http://127.0.0.1:9"
  /// The feeds every run uses unless its test says otherwise: the fixtures' feeds served on
  /// this machine (``FixtureServer/sharedFeeds``), or a host no server answers when that
  /// server could not start.
  static var nasaBase: String { FixtureServer.sharedFeeds?.host ?? refusedFeeds }

  /// The environment every run starts from, below what a test sets itself.
  static func environment(_ own: [String: String]) -> [String: String] {
    var environment = [
      "ROVERS_API_BASE": apiBase, "ROVERS_SOURCE": "api", "ROVERS_NASA_BASE": nasaBase,
    ]
    environment.merge(own) { $1 }
    return environment
  }
}
