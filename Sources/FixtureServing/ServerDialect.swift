import Foundation

/// Where the API's servers answer differently (API.md): unknown rovers, bad dates, paging,
/// root keys and keys.
protocol ServerDialect: Sendable {
  /// An answer that refuses the request before routing (a missing key), or `nil`.
  func refusal(of request: RequestHead) -> Reply?
  /// The answer for a rover the server does not know.
  func unknownRover(_ name: String) -> Reply
  /// The answer for an `earth_date` that is not a date.
  func badEarthDate() -> Reply
  /// The photos of a query that names neither a sol nor an Earth date.
  func photosWithoutDay(_ allOfRover: [[String: Any]]) -> [[String: Any]]
  /// A photo list filtered by `camera` and paged, under the dialect's root key.
  func photoList(_ photos: [[String: Any]], query: [String: String], root: String) -> Reply
}

extension ServerDialect {
  /// Keeps the photos of `camera`, in any case.
  func filter(_ photos: [[String: Any]], camera: String?) -> [[String: Any]] {
    guard let camera = camera?.uppercased() else { return photos }
    return photos.filter { (($0["camera"] as? [String: Any])?["name"] as? String) == camera }
  }

  /// One page of `perPage` photos; empty past the end, whatever the numbers.
  func slice(_ photos: [[String: Any]], page: Int, perPage: Int) -> [[String: Any]] {
    let start = (max(1, page) - 1).multipliedReportingOverflow(by: perPage)
    guard !start.overflow, start.partialValue < photos.count else { return [] }
    let first = start.partialValue
    return Array(photos[first..<(first + min(perPage, photos.count - first))])
  }
}

/// The original Rails server, which nebulum still runs.
struct OriginalDialect: ServerDialect {
  func refusal(of request: RequestHead) -> Reply? { nil }

  func unknownRover(_ name: String) -> Reply { .json(400, ["errors": "Invalid Rover Name"]) }

  func badEarthDate() -> Reply {
    .text(
      500, "<html><body><h1>We're sorry, but something went wrong.</h1></body></html>",
      type: "text/html")
  }

  func photosWithoutDay(_ allOfRover: [[String: Any]]) -> [[String: Any]] { [] }

  /// Everything without `page`; with it, `per_page` (default 25) per page; no totals.
  func photoList(_ photos: [[String: Any]], query: [String: String], root: String) -> Reply {
    var photos = filter(photos, camera: query["camera"])
    if let page = query["page"] {
      let perPage = query["per_page"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 25
      photos = slice(photos, page: Int(page) ?? 1, perPage: perPage)
    }
    return .json(200, [root: photos])
  }
}

/// Mars Vista: a key in `X-API-Key`, always paged with totals, root `photos`, JSON errors.
struct MarsVistaDialect: ServerDialect {
  /// How many pages fewer than there are the totals claim, as a cached count of a sol still
  /// filling up does.
  var stalePages = 0

  func refusal(of request: RequestHead) -> Reply? {
    guard (request.headers["x-api-key"] ?? "").isEmpty else { return nil }
    return .json(
      401,
      ["error": "Unauthorized", "message": "API key required. Get one at https://marsvista.dev"])
  }

  func unknownRover(_ name: String) -> Reply { .json(404, ["error": "Rover '\(name)' not found"]) }

  func badEarthDate() -> Reply {
    .json(400, ["error": "Invalid earth_date format. Use YYYY-MM-DD."])
  }

  func photosWithoutDay(_ allOfRover: [[String: Any]]) -> [[String: Any]] { allOfRover }

  func photoList(_ photos: [[String: Any]], query: [String: String], root: String) -> Reply {
    let photos = filter(photos, camera: query["camera"])
    let perPage = min(100, max(1, query["per_page"].flatMap(Int.init) ?? 25))
    let page = max(1, query["page"].flatMap(Int.init) ?? 1)
    let pages = max(1, (photos.count + perPage - 1) / perPage - stalePages)
    let pagination: [String: Any] = [
      "total_count": min(photos.count, pages * perPage), "page": page, "per_page": perPage,
      "total_pages": pages,
    ]
    // Sliced before reshaping: only the page's photos are copied.
    let shown = slice(photos, page: page, perPage: perPage).map(Self.reshape)
    return .json(200, ["photos": shown, "pagination": pagination])
  }

  /// Mars Vista's cameras carry no `rover_id`.
  private static func reshape(_ photo: [String: Any]) -> [String: Any] {
    var photo = photo
    if var camera = photo["camera"] as? [String: Any] {
      camera["rover_id"] = nil
      photo["camera"] = camera
    }
    return photo
  }
}
