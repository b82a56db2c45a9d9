import RoverAPI

/// What a photo source says went wrong with a rover, in types: the executable turns each case
/// into words and an exit code in one place.
public enum ArchiveError: Error, Sendable, Hashable {
  /// The source has no rover of that name (a typo, most likely); `known` are the names it
  /// lists, lower-cased.
  case unknownRover(String, known: [String])
  /// NASA's raw-image feeds do not have the rover: `retired` when it is one whose images NASA
  /// removed (Spirit, Opportunity), else a name they never had; `covered` are those they have.
  case notInFeeds(String, covered: [String], retired: Bool)
  /// A rover the server's own list names, whose request the server then refused: the
  /// server's data contradicting itself, not a mistake of the user's.
  case listedRoverRefused(String, APIError)
  /// A camera none of the rovers asked about carries: the rover's name when one was asked
  /// about, and the cameras they do carry.
  case unknownCamera(String, rover: String?, known: [String])
  /// A mission only NASA's feeds have (Ingenuity, InSight), asked of a source that leaves the
  /// feeds out (`--source api`): the rover's name as the feeds spell it.
  case onlyInFeeds(String)
  /// A rover NASA publishes no traverse map for: its name as asked.
  case noTraverse(String)
  /// A command whose answer is made of what only NASA's feeds' records carry (pointing, the
  /// clock, tiles), run with the feeds left out (`--source api`): the command's name.
  case needsFeeds(String)
}

/// Where a source is and how hard it tries: what a notice about it says.
public struct SourceOrigin: Sendable, Hashable {
  /// The host, such as `rovers.nebulum.one`.
  public var host: String
  /// How many times a failed request is sent again.
  public var retries: Int

  /// Creates an origin.
  public init(host: String, retries: Int) {
    self.host = host
    self.retries = retries
  }

  /// The origin of a client's server.
  init(_ client: APIClient) {
    self.init(host: client.baseURL.host ?? "the server", retries: client.retryPolicy.maxRetries)
  }
}
