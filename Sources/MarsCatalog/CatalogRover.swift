import RoverAPI

/// A mission the catalogue can hold, with what is known of it offline: one of NASA's feeds
/// (``FeedRover``), or a retired rover only the API servers have (``RetiredRover``), whose
/// photos come from an API server.
public struct CatalogRover: Sendable, Hashable {
  /// The mission's facts: its id, dates, status and cameras. Its counts are the catalogue's.
  public let facts: Rover
  /// The sample types listed of it by default, as the feeds keep them; empty for every row
  /// (the API's photos carry no sample type).
  public let keptByDefault: Set<String>
  /// Whether NASA's feeds carry it, rather than only the API servers.
  public let inFeeds: Bool

  /// Every mission the catalogue can hold: the feeds', then the retired rovers.
  public static let all: [CatalogRover] =
    FeedRover.all.map { rover in
      CatalogRover(
        facts: rover.rover(), keptByDefault: FeedMapping.keptByDefault(rover), inFeeds: true)
    } + RetiredRover.all.map { CatalogRover(facts: $0, keptByDefault: [], inFeeds: false) }

  /// Their names, lower case.
  public static var names: [String] { all.map(\.name) }

  /// The mission called `name`, in any case.
  public static func named(_ name: String) -> CatalogRover? {
    all.first { $0.name == name.lowercased() }
  }

  /// The mission's name, lower case, as the catalogue keys it.
  public var name: String { facts.name.lowercased() }
}
