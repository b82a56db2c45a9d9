import Foundation
import TestSupport
import Testing

/// Fixtures in which NASA's feed holds more Perseverance photos of sol 1042 than the API:
/// images a later downlink brought, as a sync's second run finds them.
enum LatePhotos {
  /// NASA's feeds on such fixtures, at `root`: their first `latest` answer names no sol, the
  /// later ones name sol 1042, as a downlink that brought its `extra` photos would.
  static func feeds(at root: URL, extra: Int, title: String? = nil) async throws
    -> FixtureServer
  {
    try await FixtureServer.start(
      faults: #"""
        [{"match": "latest=true", "status": 200, "times": 1,
          "body": "{\"latest_sol\": 1042, \"latest_sols\": [], \"total\": 62}"}]
        """#, shape: "nasa", imageLatencyMilliseconds: 0,
      fixtures: try fixtures(at: root, extra: extra, title: title))
  }

  /// A copy of Fixtures/ at `root` (links to it, but for the feed's sol 1042) with `extra`
  /// more photos of sol 1042, each `NLF_1042_LATE<n>_…`, titled `title` when it is given.
  static func fixtures(at root: URL, extra: Int, title: String? = nil) throws -> URL {
    let manager = FileManager.default
    try manager.createDirectory(
      at: root.appendingPathComponent("nasa/mars2020"), withIntermediateDirectories: true)
    for name in try manager.contentsOfDirectory(atPath: PackagePaths.fixtures.path)
    where name != "nasa" {
      try manager.createSymbolicLink(
        at: root.appendingPathComponent(name),
        withDestinationURL: PackagePaths.fixtures.appendingPathComponent(name))
    }
    for folder in ["msl", "waypoints"] {
      try manager.createSymbolicLink(
        at: root.appendingPathComponent("nasa/\(folder)"),
        withDestinationURL: PackagePaths.fixtures.appendingPathComponent("nasa/\(folder)"))
    }
    let feed = PackagePaths.fixtures.appendingPathComponent("nasa/mars2020")
    for name in try manager.contentsOfDirectory(atPath: feed.path) where name != "1042.json" {
      try manager.createSymbolicLink(
        at: root.appendingPathComponent("nasa/mars2020/\(name)"),
        withDestinationURL: feed.appendingPathComponent(name))
    }
    let data = try Data(contentsOf: feed.appendingPathComponent("1042.json"))
    var body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var images = try #require(body["images"] as? [[String: Any]])
    let model = try #require(images.first { $0["sample_type"] as? String == "Full" })
    let modelID = try #require(model["imageid"] as? String)
    for number in 0..<extra {
      let id = "NLF_1042_LATE\(number)_000ECM_N0040136NAVC"
      let text = try #require(
        String(data: try JSONSerialization.data(withJSONObject: model), encoding: .utf8))
      let late = text.replacingOccurrences(of: modelID, with: id)
      var image = try #require(
        try JSONSerialization.jsonObject(with: Data(late.utf8)) as? [String: Any])
      if let title { image["title"] = title }
      images.append(image)
    }
    body["images"] = images
    try JSONSerialization.data(withJSONObject: body).write(
      to: root.appendingPathComponent("nasa/mars2020/1042.json"))
    return root
  }
}
