import RoverAPI

/// The four rovers the API has always listed: requests for them start before the server's
/// list arrives, and their names stand in when the server cannot list its rovers. The
/// server's own list decides what is shown.
package enum KnownRovers {
  package static let names = ["Curiosity", "Spirit", "Opportunity", "Perseverance"]

  /// Each rover's cameras as the API lists them, then the missions only NASA's feeds have
  /// (Ingenuity, InSight), for shell completion only: the server's own list is what `--camera`
  /// is checked against.
  package static let cameras: [(rover: String, cameras: [String])] =
    apiCameras
    + FeedRover.feedsOnly.map { ($0.name.lowercased(), $0.cameras.map(\.name)) }

  /// The four rovers' cameras, from the facts the tool keeps of them: the feeds' rovers and
  /// the retired ones, whose cameras the API names alike.
  private static let apiCameras: [(rover: String, cameras: [String])] = names.map { name in
    let cameras = FeedRover.named(name)?.cameras ?? RetiredRover.named(name)?.cameras ?? []
    return (name.lowercased(), cameras.map(\.name))
  }
}
