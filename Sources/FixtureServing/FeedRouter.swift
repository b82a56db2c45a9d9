import Foundation

/// Answers requests as NASA's raw-image feeds do (`--shape nasa`): the Mars 2020 feed under
/// `/rss/api/` and the raw-image items under `/api/v1/raw_image_items/`, each paged from 0,
/// with their `latest` answers; image addresses point back at this server.
struct FeedRouter: Sendable {
  let store: FeedStore
  /// Where addresses point when the server serves images itself.
  let imageBase: String?

  func reply(to request: RequestHead) -> Reply {
    guard request.method == "GET" else { return .text(405, "Method Not Allowed") }
    let query = request.query
    switch request.path {
    case "/rss/api/", "/rss/api":
      // `category=mars2020`, `ingenuity`, or both joined by a comma; any other answers 404.
      let names = (query["category"] ?? "").split(separator: ",").map(String.init)
      let known = names.compactMap { store.categories[$0] }
      guard query["feed"] == "raw_images", query["feedtype"] == "json" else {
        return .json(200, ["images": [], "error_message": "No more images."])
      }
      guard !known.isEmpty, known.count == names.count else { return .text(404, "Not Found") }
      let sols = known.reduce(into: [Int: [[String: Any]]]()) { all, category in
        all.merge(category) { $0 + $1 }
      }
      if query["latest"] == "true" { return .json(200, latest(sols, time: "date_taken_utc")) }
      return mars2020Page(query, sols: sols, mission: names.joined(separator: ","))
    case "/api/v1/raw_image_items/", "/api/v1/raw_image_items":
      return mslPage(query)
    default:
      let parts = request.path.split(separator: "/").map(String.init)
      // `/mmgis-maps/<M>/Layers/json/<M>_waypoints.json`: a traverse map's waypoints.
      if parts.count == 5, parts[0] == "mmgis-maps", parts[2...3] == ["Layers", "json"],
        parts[4] == parts[1] + "_waypoints.json"
      {
        // A static file, as NASA's host serves it: with a validator, and in ranges.
        guard let body = store.waypoints[parts[1]] else { return .text(404, "Not Found") }
        return .respond(
          status: 200,
          headers: [
            "Content-Type": "application/json", "ETag": Self.entityTag(body),
            "Accept-Ranges": "bytes",
          ], body: body)
      }
      // `/api/v1/raw_image_items/<mission>/latest/`.
      guard parts.count == 5, parts[0...1] == ["api", "v1"], parts[2] == "raw_image_items",
        parts[4] == "latest", let sols = store.missions[parts[3]]
      else { return .text(404, "Not Found") }
      return .json(200, ["success": true, "latest_data": latest(sols, time: "date_taken")])
    }
  }

  /// `sol=N&num=M&page=P`: `num` capped at 100, pages from 0, an empty page past the end.
  private func mars2020Page(
    _ query: [String: String], sols: [Int: [[String: Any]]], mission: String
  )
    -> Reply
  {
    let records = query["sol"].flatMap(Int.init).flatMap { sols[$0] } ?? []
    let num = min(100, max(1, query["num"].flatMap(Int.init) ?? 100))
    let page = max(0, query["page"].flatMap(Int.init) ?? 0)
    let shown = slice(records, page: page, size: num).map(served)
    var body: [String: Any] = [
      "images": shown, "per_page": String(num), "total_results": records.count, "page": page,
      "mission": mission, "total_images": sols.values.map(\.count).reduce(0, +),
      "type": "mars2020-images-list-1.1",
    ]
    if shown.isEmpty { body["error_message"] = "No more images." }
    return .json(200, body)
  }

  /// `condition_1=<mission>:mission&condition_2=N:sol:in&per_page=M&page=P`, pages from 0.
  private func mslPage(_ query: [String: String]) -> Reply {
    let empty: [String: Any] = ["items": [], "more": false, "total": 0, "page": 0, "per_page": 0]
    guard let mission = query["condition_1"], mission.hasSuffix(":mission"),
      let sols = store.missions[String(mission.dropLast(":mission".count))],
      let condition = query["condition_2"], condition.hasSuffix(":sol:in"),
      let sol = Int(condition.dropLast(7))
    else { return .json(200, empty) }
    let items = sols[sol] ?? []
    let perPage = max(1, query["per_page"].flatMap(Int.init) ?? 100)
    let page = max(0, query["page"].flatMap(Int.init) ?? 0)
    return .json(
      200,
      [
        "items": slice(items, page: page, size: perPage).map(served),
        "more": (page + 1) * perPage < items.count, "total": items.count, "page": page,
        "per_page": perPage,
      ])
  }

  /// The `latest` numbers of a feed: its last sol, the two last sols and its count.
  private func latest(_ sols: [Int: [[String: Any]]], time: String) -> [String: Any] {
    let ordered = sols.keys.sorted(by: >)
    let last = ordered.first ?? 0
    let taken = (sols[last]?.first?[time] as? String).map { String($0.prefix(10)) } ?? "2024-01-01"
    return [
      "latest": "\(taken)T12:00:00Z", "latest_sol": last, "latest_sols": Array(ordered.prefix(2)),
      "new_count": sols[last]?.count ?? 0, "sol_count": min(2, ordered.count),
      "total": sols.values.map(\.count).reduce(0, +),
    ]
  }

  private func slice(_ records: [[String: Any]], page: Int, size: Int) -> [[String: Any]] {
    let start = page.multipliedReportingOverflow(by: size)
    guard !start.overflow, start.partialValue < records.count else { return [] }
    return Array(records[start.partialValue..<min(records.count, start.partialValue + size)])
  }

  /// A record with its image addresses pointing at this server, when it serves images.
  private func served(_ record: [String: Any]) -> [String: Any] {
    guard let imageBase else { return record }
    var record = record
    let local = { (address: String) -> String in
      let path = URLComponents(string: address)?.percentEncodedPath ?? ""
      return imageBase + (path.hasPrefix("/") ? String(path.dropFirst()) : path)
    }
    if let files = record["image_files"] as? [String: String] {
      record["image_files"] = files.mapValues(local)
    }
    for key in ["https_url", "url"] {
      if let address = record[key] as? String { record[key] = local(address) }
    }
    return record
  }

  /// `"<16 hex digits>"`: FNV-1a of the body, the same for the same file.
  static func entityTag(_ body: Data) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in body { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return "\"" + String(hash, radix: 16) + "\""
  }
}
