#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// NASA's raw-image feeds at `https://mars.nasa.gov`: more ``APIRequest``s, each with its own
/// decoding, sent by an ``APIClient`` whose base is the feeds' host.
public enum FeedEndpoints {
  /// The most Mars 2020 records one page holds (the feed caps `num` at 100).
  public static let perseverancePageSize = 100
  /// The raw-image items asked for per page.
  public static let curiosityPageSize = 200

  /// One page (0-based) of a sol's records in a category of the Mars 2020 feed (`mars2020`,
  /// `ingenuity`), every sample type.
  public static func perseverance(sol: Int, page: Int, category: String = "mars2020")
    -> APIRequest<PerseveranceFeedPage>
  {
    APIRequest(
      path: perseverancePath,
      query: perseveranceQuery(
        category,
        [
          URLQueryItem(name: "sol", value: String(sol)),
          URLQueryItem(name: "num", value: String(perseverancePageSize)),
          URLQueryItem(name: "page", value: String(page)),
        ]), decode: PerseveranceFeedPage.scan)
  }

  /// The latest sol and image count of a category of the Mars 2020 feed.
  public static func perseveranceLatest(category: String = "mars2020") -> APIRequest<FeedLatest> {
    perseveranceFeed(category, [URLQueryItem(name: "latest", value: "true")])
  }

  /// A request to the Mars 2020 feed: its fixed query items, then `items`.
  private static func perseveranceFeed<Response: Decodable & Sendable>(
    _ category: String, _ items: [URLQueryItem]
  ) -> APIRequest<Response> {
    APIRequest(path: perseverancePath, query: perseveranceQuery(category, items))
  }

  /// The Mars 2020 feed's path below the host.
  private static let perseverancePath = "rss/api/"

  /// The Mars 2020 feed's fixed query items, then `items`.
  private static func perseveranceQuery(_ category: String, _ items: [URLQueryItem])
    -> [URLQueryItem]
  {
    [
      URLQueryItem(name: "feed", value: "raw_images"),
      URLQueryItem(name: "category", value: category),
      URLQueryItem(name: "feedtype", value: "json"),
    ] + items
  }

  /// One page (0-based) of a sol's items of a mission of the raw-image items (`msl`,
  /// `insight`), every sample type.
  public static func curiosity(sol: Int, page: Int, mission: String = "msl")
    -> APIRequest<CuriosityFeedPage>
  {
    APIRequest(
      path: "api/v1/raw_image_items/",
      query: [
        URLQueryItem(name: "order", value: "sol desc"),
        URLQueryItem(name: "condition_1", value: "\(mission):mission"),
        URLQueryItem(name: "condition_2", value: "\(sol):sol:in"),
        URLQueryItem(name: "per_page", value: String(curiosityPageSize)),
        URLQueryItem(name: "page", value: String(page)),
      ], decode: CuriosityFeedPage.scan)
  }

  /// The latest sol and image count of a mission of the raw-image items.
  public static func curiosityLatest(mission: String = "msl") -> APIRequest<FeedLatest> {
    APIRequest(path: "api/v1/raw_image_items/\(mission)/latest/")
  }

  /// The waypoints of a mission's traverse map (`M20`, `MSL`), NASA's "Where is the rover"
  /// GeoJSON on the feeds' host, read in one pass (``WaypointFile/scanning(_:)``). It is a
  /// static file, fetched in pieces and kept by the caller (MarsFetching's `KeptMaps`), not by the
  /// response cache.
  public static func waypoints(mission: String) -> APIRequest<WaypointFile> {
    APIRequest<WaypointFile>(
      path: "mmgis-maps/\(mission)/Layers/json/\(mission)_waypoints.json",
      decode: WaypointFile.scanning)
  }

  /// A waypoint file fetched some other way than ``waypoints(mission:)`` (resumed in pieces):
  /// decoded as that request decodes it, or ``APIError/undecodable(request:problem:)`` naming
  /// `summary`.
  public static func decodeWaypoints(_ body: Data, summary: String) throws -> WaypointFile {
    do {
      return try WaypointFile.scanning(body)
    } catch {
      throw APIError.undecodable(
        request: summary, problem: BodyProblem.describe(body, status: 200, error: error))
    }
  }
}
