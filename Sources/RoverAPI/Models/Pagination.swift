/// The paging block Mars Vista adds to every photo list.
public struct Pagination: Decodable, Sendable, Hashable {
  /// How many photos match the query in all.
  public var totalCount: Int?
  /// The page this body holds, 1-based.
  public var page: Int?
  /// The page size used.
  public var perPage: Int?
  /// How many pages there are in all.
  public var totalPages: Int?

  /// Creates a paging block.
  public init(totalCount: Int? = nil, page: Int? = nil, perPage: Int? = nil, totalPages: Int? = nil)
  {
    self.totalCount = totalCount
    self.page = page
    self.perPage = perPage
    self.totalPages = totalPages
  }

  enum CodingKeys: String, CodingKey {
    case page
    case totalCount = "total_count"
    case perPage = "per_page"
    case totalPages = "total_pages"
  }
}
