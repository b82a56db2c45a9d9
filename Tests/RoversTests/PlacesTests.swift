import Foundation
import TestSupport
import Testing

/// Photos placed on the rover's traverse, end to end against the fixture feeds and their
/// waypoint files: the places in every output, `--near … --within …`, and bad values.
@Suite(.timeLimit(.minutes(3))) struct PlacesTests {
  let home: TemporaryFolder

  init() throws { home = try TemporaryFolder() }

  func run(
    _ arguments: [String], feeds: String, source: String = "nasa", api: String = Offline.apiBase
  ) async throws -> CapturedRun {
    try await CapturedRun.rovers(
      arguments, base: api,
      environment: [
        "ROVERS_SOURCE": source, "ROVERS_NASA_BASE": feeds, "XDG_CACHE_HOME": home.url.path,
      ])
  }

  /// The distance between two places on a sphere of Mars's radius, through the angle between
  /// their unit vectors: worked out apart from the tool's own haversine.
  static func metres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
    func vector(_ place: (Double, Double)) -> (Double, Double, Double) {
      let (lat, lon) = (place.0 * .pi / 180, place.1 * .pi / 180)
      return (cos(lat) * cos(lon), cos(lat) * sin(lon), sin(lat))
    }
    let (u, v) = (vector(a), vector(b))
    let cross = (u.1 * v.2 - u.2 * v.1, u.2 * v.0 - u.0 * v.2, u.0 * v.1 - u.1 * v.0)
    let sine = (cross.0 * cross.0 + cross.1 * cross.1 + cross.2 * cross.2).squareRoot()
    let cosine = u.0 * v.0 + u.1 * v.1 + u.2 * v.2
    return 3_389_500 * atan2(sine, cosine)
  }

  /// CSV rows as fields, less the header.
  static func rows(_ csv: String) -> [[String]] {
    csv.split(separator: "\n").dropFirst().map {
      $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    }
  }

  @Test func nearKeepsExactlyThePhotosWithinForASolRangeAndAlone() async throws {
    let feeds = try await FixtureServer.start(shape: "nasa")
    let every = try await run(
      [
        "photos", "perseverance", "--from-sol", "0", "--to-sol", "1042", "--format", "csv",
        "--fields", "nasa_id,sol,lat,lon",
      ], feeds: feeds.host)
    #expect(every.status == 0, "\(every.stderr)")
    let rows = Self.rows(every.stdout)
    // Perseverance's sol-0 waypoint at site 3, drive 100, and 20 m around it: the photos of
    // drives 0, 100 and 200 (14 m apart), not those of drive 300 (28 m) or later sols.
    let centre = (18.44478, 77.45109)
    let within = Set(
      rows.filter { row in
        guard let lat = Double(row[2]), let lon = Double(row[3]) else { return false }
        return Self.metres(centre, (lat, lon)) <= 20
      }.map { $0[0] })
    #expect(within.count > 10 && within.count < rows.count / 2, "\(within.count) of \(rows.count)")
    let near = ["--near", "18.44478,77.45109", "--format", "csv", "--fields", "nasa_id"]
    let ranged = try await run(
      ["photos", "perseverance", "--from-sol", "0", "--to-sol", "1042", "--within", "20m"] + near,
      feeds: feeds.host)
    #expect(ranged.status == 0, "\(ranged.stderr)")
    #expect(Set(Self.rows(ranged.stdout).map { $0[0] }) == within)
    let asked = feeds.requests.count
    let alone = try await run(
      ["photos", "perseverance", "--within", "0.02km"] + near, feeds: feeds.host)
    #expect(alone.status == 0, "\(alone.stderr)")
    #expect(Set(Self.rows(alone.stdout).map { $0[0] }) == within)
    // Alone, only the sols whose waypoints are near were listed: sol 0 of the feed's pages.
    let listed = feeds.requests.dropFirst(asked).map(\.target).filter { $0.contains("sol") }
    #expect(
      !listed.isEmpty && listed.allSatisfy { $0.contains("sol=0&") || $0.hasSuffix("sol=0") },
      "\(listed)")
    // A southern place reads as a value, not an option: Curiosity at site 5, drive 104.
    let south = try await run(
      [
        "photos", "curiosity", "--near", "-4.58966,137.44194", "--within", "5m", "--fields",
        "sol,place",
      ], feeds: feeds.host)
    #expect(south.status == 0, "\(south.stderr)")
    #expect(
      Set(south.stdout.split(separator: "\n").dropFirst()) == [" 86  exact"], "\(south.stdout)")
  }

  @Test func photosCarryTheirPlacesInJSONFieldsAndTheSolsRecord() async throws {
    let feeds = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let json = try await run(["photos", "curiosity", "--sol", "86", "--json"], feeds: feeds.host)
    #expect(json.status == 0, "\(json.stderr)")
    let photos = try #require(
      try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
    #expect(!photos.isEmpty)
    for photo in photos {
      #expect(photo["lat"] as? Double == -4.58966 && photo["lon"] as? Double == 137.44194)
      #expect(photo["elevation"] as? Double == -4500.26 && photo["place"] as? String == "exact")
    }
    // Sol 1000's drives 40 to 60 have no waypoint: the last of site 15 before them, drive 30.
    let fields = try await run(
      [
        "photos", "curiosity", "--sol", "1000", "--format", "csv", "--fields",
        "drive,lat,lon,elevation,place",
      ], feeds: feeds.host)
    let byDrive = Dictionary(
      Self.rows(fields.stdout).map { ($0[0], $0[1...].joined(separator: ",")) },
      uniquingKeysWith: { first, _ in first })
    #expect(byDrive["10"] == "-4.59026,137.44284,-4497.86,exact")
    #expect(byDrive["30"] == "-4.59066,137.44344,-4496.26,exact")
    #expect(byDrive["50"] == "-4.59066,137.44344,-4496.26,approximate")
    // With --source api, no map is asked for and the places are null.
    let server = try await FixtureServer.start()
    let before = feeds.requests.count
    let none = try await run(
      ["photos", "curiosity", "--sol", "1000", "--json"], feeds: feeds.host, source: "api",
      api: server.baseURL)
    let first = try #require(
      (try JSONSerialization.jsonObject(with: Data(none.stdout.utf8)) as? [[String: Any]])?.first)
    #expect(first.keys.contains("lat") && first["lat"] is NSNull && first["place"] is NSNull)
    #expect(feeds.requests.count == before)
    // A table that shows no place asks for no map.
    _ = try await run(
      ["photos", "perseverance", "--sol", "100"], feeds: feeds.host, source: "auto",
      api: server.baseURL)
    #expect(!feeds.requests.dropFirst(before).contains { $0.target.contains("M20_waypoints") })
    // The sol's record keeps them, and the folder the map, for the gallery.
    let mirror = home.url.appendingPathComponent("mirror")
    let download = try await run(
      ["download", "curiosity", "--sol", "86", "-o", mirror.path, "-q"], feeds: feeds.host)
    #expect(download.status == 0, "\(download.stderr)")
    let record = try #require(
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: mirror.appendingPathComponent("curiosity/86/.rovers-sol.json")))
        as? [String: Any])
    let saved = try #require((record["photos"] as? [[String: Any]])?.first)
    let place = try #require((saved["details"] as? [String: Any])?["place"] as? [String: Any])
    #expect(place["lat"] as? Double == -4.58966 && place["exact"] as? Bool == true)
    #expect(
      FileManager.default.fileExists(
        atPath: mirror.appendingPathComponent("curiosity/.rovers-traverse.json").path))
  }

  @Test func badValuesAreOneLineWithTheirExitCodes() async throws {
    let feeds = try await FixtureServer.start(
      faults: #"[{"match": "M20_waypoints", "status": 200, "body": "{\"features\": [1, "}]"#,
      shape: "nasa")
    for (words, message) in [
      (
        ["--near", "18.4", "--within", "5m"], "'--near <lat,lon>': give a latitude and a longitude"
      ),
      (["--near", "91,77", "--within", "5m"], "a latitude is from -90 to 90"),
      (["--near", "18,400", "--within", "5m"], "a longitude is from -180 to 360"),
      (["--near", "north,77", "--within", "5m"], "give a latitude and a longitude"),
      (
        ["--near", "18,77", "--within", "50"],
        "'--within <distance>': give a distance with its unit"
      ),
      (["--near", "18,77", "--within", "-5m"], "a distance is 0 or more"),
      (["--near", "18,77"], "'--near' needs '--within <distance>'"),
      (["--within", "5m"], "'--within' needs '--near <lat,lon>'"),
      (["--near", "18,77", "--within", "5m", "--source", "api"], "'--source api' leaves out"),
    ] {
      let result = try await run(["photos", "perseverance"] + words, feeds: feeds.host)
      #expect(result.status == 64, "\(words): \(result.stderr)")
      let first = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
      #expect(first.hasPrefix("Error: "), "\(words): \(result.stderr)")
      #expect(first.contains(message), "\(words): \(result.stderr)")
      #expect(result.stdout.isEmpty)
    }
    let spirit = try await run(
      ["stereo", "spirit", "--near", "18,77", "--within", "5m"], feeds: feeds.host)
    #expect(spirit.status == 64 && spirit.stderr.contains("Spirit has none"), "\(spirit.stderr)")
    #expect(feeds.requests.isEmpty, "\(feeds.requests.map(\.target))")
    // A map that does not decode: 65, named, and the photos listed all the same.
    let damaged = try await run(
      ["photos", "perseverance", "--sol", "100", "--format", "csv", "--fields", "nasa_id,lat"],
      feeds: feeds.host)
    #expect(damaged.status == 65)
    #expect(damaged.stderr.contains("M20_waypoints.json"), "\(damaged.stderr)")
    #expect(damaged.stderr.split(separator: "\n").count == 1, "\(damaged.stderr)")
    let rows = Self.rows(damaged.stdout)
    #expect(rows.count > 10 && rows.allSatisfy { $0.count == 2 && $0[1].isEmpty })
  }
}

extension PlacesTests {
  @Test func theGalleryPlacesPhotosSavedWithoutAPlaceFromTheKeptTraverse() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let feeds = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let mirror = home.url.appendingPathComponent("mirror")
    // Saved from the API alone: no counters, no place.
    let saved = try await run(
      ["download", "curiosity", "--sol", "1000", "-o", mirror.path, "-q"], feeds: feeds.host,
      source: "api", api: api.baseURL)
    #expect(saved.status == 0, "\(saved.stderr)")
    let folder = mirror.appendingPathComponent("curiosity")
    let record = try String(
      contentsOf: folder.appendingPathComponent("1000/.rovers-sol.json"), encoding: .utf8)
    #expect(!record.contains("\"place\""))
    // A later run of NASA's feeds keeps the map beside them.
    let later = try await run(
      ["download", "curiosity", "--sol", "2540", "-o", mirror.path, "-q"], feeds: feeds.host)
    #expect(later.status == 0, "\(later.stderr)")
    let kept = try String(
      contentsOf: folder.appendingPathComponent(".rovers-traverse.json"), encoding: .utf8)
    #expect(kept.hasPrefix("{\"type\":\"FeatureCollection\",\"features\":["))
    #expect(kept.split(separator: "\n").count == 13, "11 points, a line each")
    let gallery = try await CapturedRun.rovers(["gallery", mirror.path, "-q"], base: api.baseURL)
    #expect(gallery.status == 0, "\(gallery.stderr)")
    // Sol 1000's photos are where the rover was that sol: its last waypoint, drive 30.
    let page = try String(
      contentsOf: folder.appendingPathComponent("1000/index.html"), encoding: .utf8)
    let places = page.matches(of: /taken at [^"·]*/).map { String($0.output) }
    #expect(!places.isEmpty)
    #expect(Set(places) == ["taken at 4.59066° S 137.44344° E, -4496 m (approximate)"])
    // The front page's map has the dots of both sols.
    let index = try String(
      contentsOf: mirror.appendingPathComponent("index.html"), encoding: .utf8)
    #expect(index.contains("href=\"curiosity/1000/index.html\" class=\"sol-dot\""))
    #expect(index.contains("href=\"curiosity/2540/index.html\" class=\"sol-dot\""))
  }
}

extension PlacesTests {
  @Test func stereoNearAPlaceListsThePairsTakenThere() async throws {
    let feeds = try await FixtureServer.start(shape: "nasa")
    let near = ["--near", "18.44478,77.45109", "--within", "20m", "--format", "csv"]
    // The sol-0 photos within 20 m, by their ids: the pairs are made of those alone.
    let photos = try await run(
      ["photos", "perseverance", "--sol", "0", "--fields", "nasa_id"] + near, feeds: feeds.host)
    let within = Set(Self.rows(photos.stdout).map { $0[0] })
    let alone = try await run(
      ["stereo", "perseverance", "--fields", "sol,left_id,right_id"] + near, feeds: feeds.host)
    #expect(alone.status == 0, "\(alone.stderr)")
    let pairs = Self.rows(alone.stdout)
    #expect(!pairs.isEmpty)
    #expect(pairs.allSatisfy { $0[0] == "0" && within.contains($0[1]) && within.contains($0[2]) })
    // Sol 100 is 70 m and more away: none of its pairs.
    let far = try await run(
      ["stereo", "perseverance", "--sol", "100", "--fields", "left_id"] + near, feeds: feeds.host)
    #expect(far.status == 0 && Self.rows(far.stdout).isEmpty)
    #expect(far.stderr == "no photo asked for was taken within 20 m of 18.44478,77.45109\n")
  }
}
