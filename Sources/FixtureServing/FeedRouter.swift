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
      guard query["feed"] == "raw_images", query["feedtype"] == "json",
        query["category"]?.contains("mars2020") == true
      else { return .json(200, ["images": [], "error_message": "No more images."]) }
      if query["latest"] == "true" {
        return .json(200, latest(store.mars2020, time: "date_taken_utc"))
      }
      return mars2020Page(query)
    case "/api/v1/raw_image_items/msl/latest/", "/api/v1/raw_image_items/msl/latest":
      return .json(200, ["success": true, "latest_data": latest(store.msl, time: "date_taken")])
    case "/api/v1/raw_image_items/", "/api/v1/raw_image_items":
      return mslPage(query)
    default:
      return .text(404, "Not Found")
    }
  }

  /// `sol=N&num=M&page=P`: `num` capped at 100, pages from 0, an empty page past the end.
  private func mars2020Page(_ query: [String: String]) -> Reply {
    let records = query["sol"].flatMap(Int.init).flatMap { store.mars2020[$0] } ?? []
    let num = min(100, max(1, query["num"].flatMap(Int.init) ?? 100))
    let page = max(0, query["page"].flatMap(Int.init) ?? 0)
    let shown = slice(records, page: page, size: num).map(served)
    var body: [String: Any] = [
      "images": shown, "per_page": String(num), "total_results": records.count, "page": page,
      "mission": "mars2020", "total_images": store.mars2020.values.map(\.count).reduce(0, +),
      "type": "mars2020-images-list-1.1",
    ]
    if shown.isEmpty { body["error_message"] = "No more images." }
    return .json(200, body)
  }

  /// `condition_1=msl:mission&condition_2=N:sol:in&per_page=M&page=P`, pages from 0.
  private func mslPage(_ query: [String: String]) -> Reply {
    guard query["condition_1"] == "msl:mission", let condition = query["condition_2"],
      condition.hasSuffix(":sol:in"), let sol = Int(condition.dropLast(7))
    else { return .json(200, ["items": [], "more": false, "total": 0, "page": 0, "per_page": 0]) }
    let items = store.msl[sol] ?? []
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
}
