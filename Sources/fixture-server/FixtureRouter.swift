import Foundation

/// Answers requests the way the original API server does (the Rails app behind
/// api.nasa.gov/mars-photos, which nebulum still runs).
struct FixtureRouter: Sendable {
  static let prefix = "/api/v1/"
  let store: FixtureStore

  func reply(to request: RequestHead) -> Reply {
    guard request.method == "GET" else { return .text(405, "Method Not Allowed") }
    guard request.path.hasPrefix(Self.prefix) else { return .text(404, "Not Found") }
    let parts = request.path.dropFirst(Self.prefix.count).split(separator: "/").map {
      $0.removingPercentEncoding ?? String($0)
    }
    let query = request.query
    switch (parts.first, parts.count) {
    case ("rovers", 1):
      return .json(200, ["rovers": store.rovers])
    case ("rovers", 2):
      return withRover(parts[1]) { .json(200, ["rover": $0]) }
    case ("rovers", 3) where parts[2] == "photos":
      return withRover(parts[1]) { _ in photos(rover: parts[1], query: query) }
    case ("rovers", 3) where parts[2] == "latest_photos":
      return withRover(parts[1]) { rover in
        let photos = store.photos(rover: parts[1], sol: rover["max_sol"] as? Int ?? -1)
        return .json(200, ["latest_photos": Self.filter(photos, query)])
      }
    case ("manifests", 2):
      return withRover(parts[1]) { _ in
        guard let manifest = store.manifests[parts[1].lowercased()] else {
          return .text(404, "Not Found")
        }
        return .json(200, ["photo_manifest": manifest])
      }
    case ("photos", 2):
      guard let id = Int(parts[1]), let photo = store.photo(id: id) else {
        return .json(404, ["errors": "Not Found"])
      }
      return .json(200, ["photo": photo])
    default:
      return .text(404, "Not Found")
    }
  }

  private func withRover(_ name: String, _ body: ([String: Any]) -> Reply) -> Reply {
    guard let rover = store.rover(named: name) else {
      return .json(400, ["errors": "Invalid Rover Name"])
    }
    return body(rover)
  }

  /// `photos?sol=` or `?earth_date=`: the day's photos; neither gives an empty list, and an
  /// earth_date that is no date is the original server's 500 with an HTML page.
  private func photos(rover: String, query: [String: String]) -> Reply {
    var sol: Int?
    if let text = query["sol"] {
      sol = Int(text) ?? 0
    } else if let date = query["earth_date"] {
      guard Self.isDate(date) else {
        return .text(500, Self.railsErrorPage, type: "text/html")
      }
      sol = store.sol(rover: rover, earthDate: date)
    }
    let photos = sol.map { store.photos(rover: rover, sol: $0) } ?? []
    return .json(200, ["photos": Self.filter(photos, query)])
  }

  /// Applies `camera` (any case) and, when `page` is given, `per_page` (default 25).
  static func filter(_ photos: [[String: Any]], _ query: [String: String]) -> [[String: Any]] {
    var result = photos
    if let camera = query["camera"]?.uppercased() {
      result = result.filter { (($0["camera"] as? [String: Any])?["name"] as? String) == camera }
    }
    guard let pageText = query["page"] else { return result }
    let page = max(1, Int(pageText) ?? 1)
    let perPage = query["per_page"].flatMap(Int.init).flatMap { $0 > 0 ? $0 : nil } ?? 25
    let start = (page - 1).multipliedReportingOverflow(by: perPage)
    guard !start.overflow, start.partialValue < result.count else { return [] }
    let first = start.partialValue
    return Array(result[first..<(first + min(perPage, result.count - first))])
  }

  private static let railsErrorPage =
    "<html><body><h1>We're sorry, but something went wrong.</h1></body></html>"

  private static func isDate(_ text: String) -> Bool {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyy-MM-dd"
    formatter.isLenient = false
    return formatter.date(from: text) != nil
  }
}
