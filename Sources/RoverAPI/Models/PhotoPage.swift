/// A list of photos as one response body holds it: all of them, or one page.
public struct PhotoPage: Decodable, Sendable, Hashable {
  /// The photos, in the server's order.
  public var photos: [Photo]
  /// Mars Vista's paging block; `nil` on the original server, which sends no totals.
  public var pagination: Pagination?

  /// Creates a page.
  public init(photos: [Photo], pagination: Pagination? = nil) {
    self.photos = photos
    self.pagination = pagination
  }

  enum CodingKeys: String, CodingKey {
    case photos, pagination
    case latestPhotos = "latest_photos"
  }

  /// Decodes the photos under `photos` or `latest_photos`, whichever the server used.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.latestPhotos) {
      photos = try container.decode([Photo].self, forKey: .latestPhotos)
    } else {
      photos = try container.decode([Photo].self, forKey: .photos)
    }
    pagination = try container.decodeIfPresent(Pagination.self, forKey: .pagination)
  }
}
