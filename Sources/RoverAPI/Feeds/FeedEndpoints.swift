import Foundation

/// NASA's raw-image feeds at `https://mars.nasa.gov`: more ``APIRequest``s, each with its own
/// decoding, sent by an ``APIClient`` whose base is the feeds' host.
public enum FeedEndpoints {
  /// The most Mars 2020 records one page holds (the feed caps `num` at 100).
  public static let perseverancePageSize = 100
  /// The raw-image items asked for per page.
  public static let curiosityPageSize = 200

  /// One page (0-based) of a Perseverance sol's records, every sample type.
  public static func perseverance(sol: Int, page: Int) -> APIRequest<PerseveranceFeedPage> {
    perseveranceFeed([
      URLQueryItem(name: "sol", value: String(sol)),
      URLQueryItem(name: "num", value: String(perseverancePageSize)),
      URLQueryItem(name: "page", value: String(page)),
    ])
  }

  /// Perseverance's latest sol and image count.
  public static func perseveranceLatest() -> APIRequest<FeedLatest> {
    perseveranceFeed([URLQueryItem(name: "latest", value: "true")])
  }

  /// A request to the Mars 2020 feed: its fixed query items, then `items`.
  private static func perseveranceFeed<Response: Decodable & Sendable>(
    _ items: [URLQueryItem]
  ) -> APIRequest<Response> {
    APIRequest(
      path: "rss/api/",
      query: [
        URLQueryItem(name: "feed", value: "raw_images"),
        URLQueryItem(name: "category", value: "mars2020"),
        URLQueryItem(name: "feedtype", value: "json"),
      ] + items)
  }

  /// One page (0-based) of a Curiosity sol's items, every sample type.
  public static func curiosity(sol: Int, page: Int) -> APIRequest<CuriosityFeedPage> {
    APIRequest(
      path: "api/v1/raw_image_items/",
      query: [
        URLQueryItem(name: "order", value: "sol desc"),
        URLQueryItem(name: "condition_1", value: "msl:mission"),
        URLQueryItem(name: "condition_2", value: "\(sol):sol:in"),
        URLQueryItem(name: "per_page", value: String(curiosityPageSize)),
        URLQueryItem(name: "page", value: String(page)),
      ])
  }

  /// Curiosity's latest sol and image count.
  public static func curiosityLatest() -> APIRequest<FeedLatest> {
    APIRequest(path: "api/v1/raw_image_items/msl/latest/")
  }
}
