import Foundation

/// Answers requests the way the original API server does (the Rails app behind
/// api.nasa.gov/mars-photos, which nebulum still runs).
struct FixtureRouter: Sendable {
  static let prefix = "/api/v1/"
  let store: FixtureStore
  let dialect: any ServerDialect
  /// Where `img_src` points when the server serves images itself: `http://127.0.0.1:N/images/`.
  let imageBase: String?

  func reply(to request: RequestHead) -> Reply {
    guard request.method == "GET" else { return .text(405, "Method Not Allowed") }
    guard request.path.hasPrefix(Self.prefix) else { return .text(404, "Not Found") }
    if let refusal = dialect.refusal(of: request) { return refusal }
    let parts = request.path.dropFirst(Self.prefix.count).split(separator: "/").map {
      $0.removingPercentEncoding ?? String($0)
    }
    let query = request.query
    switch (parts.first, parts.count) {
    case ("rovers", 1):
      return .jsonBody(store.roversBody)
    case ("rovers", 2):
      return withRover(parts[1]) { .json(200, ["rover": $0]) }
    case ("rovers", 3) where parts[2] == "photos":
      return withRover(parts[1]) { _ in photos(rover: parts[1], query: query) }
    case ("rovers", 3) where parts[2] == "latest_photos":
      return withRover(parts[1]) { rover in
        let photos = store.photos(rover: parts[1], sol: rover["max_sol"] as? Int ?? -1)
        return dialect.photoList(served(photos), query: query, root: "latest_photos")
      }
    case ("manifests", 2):
      return withRover(parts[1]) { _ in
        guard let body = store.manifestBodies[parts[1].lowercased()] else {
          return .text(404, "Not Found")
        }
        return .jsonBody(body)
      }
    case ("photos", 2):
      guard let id = Int(parts[1]), let photo = store.photo(id: id) else {
        return .json(404, ["errors": "Not Found"])
      }
      return .json(200, ["photo": served([photo])[0]])
    default:
      return .text(404, "Not Found")
    }
  }

  private func withRover(_ name: String, _ body: ([String: Any]) -> Reply) -> Reply {
    guard let rover = store.rover(named: name) else { return dialect.unknownRover(name) }
    return body(rover)
  }

  /// `photos?sol=` or `?earth_date=`: the day's photos, filtered and paged as the dialect
  /// does; neither is the dialect's choice.
  private func photos(rover: String, query: [String: String]) -> Reply {
    let photos: [[String: Any]]
    if let text = query["sol"] {
      photos = store.photos(rover: rover, sol: Int(text) ?? 0)
    } else if let date = query["earth_date"] {
      guard Self.isDate(date) else { return dialect.badEarthDate() }
      photos =
        store.sol(rover: rover, earthDate: date).map { store.photos(rover: rover, sol: $0) } ?? []
    } else {
      photos = dialect.photosWithoutDay(store.allPhotos(rover: rover))
    }
    return dialect.photoList(served(photos), query: query, root: "photos")
  }

  /// The photos as this server hands them out: pointing at itself when it serves images.
  private func served(_ photos: [[String: Any]]) -> [[String: Any]] {
    guard let imageBase else { return photos }
    return photos.map { ImageStore.rewrite($0, base: imageBase) }
  }

  private static func isDate(_ text: String) -> Bool {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.isLenient = false
    return formatter.date(from: text) != nil
  }
}
