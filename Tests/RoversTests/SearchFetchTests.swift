import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The searches that reach the network: `search -o DIR` and `search --show`, the photos
/// found saved as `download` lays them out or drawn as `show` draws them, from the addresses
/// the catalogue holds; `search --near`, placed on NASA's traverse maps as `photos` places
/// them.
@Suite(.timeLimit(.minutes(3))) struct SearchFetchTests {
  let folder: TemporaryFolder
  var path: String { folder.file("catalog.sqlite").path }
  var mirror: URL { folder.url.appendingPathComponent("mars") }

  init() throws { folder = try TemporaryFolder() }

  func rovers(_ words: [String], _ server: FixtureServer) async throws -> CapturedRun {
    try await rovers(words, host: server.host)
  }

  /// `words` with NASA's host at `host`, the catalogue and the cache (where maps are kept) in
  /// the test's folder.
  func rovers(_ words: [String], host: String) async throws -> CapturedRun {
    try await CapturedRun.rovers(
      words, base: Offline.apiBase,
      environment: [
        "ROVERS_NASA_BASE": host, "ROVERS_CATALOG": path, "XDG_CACHE_HOME": folder.url.path,
      ])
  }

  /// A catalogue of Curiosity's sol 1000 and Perseverance's sols 888 to 890, from the
  /// fixture feeds, whose images the same server serves.
  func synced() async throws -> FixtureServer {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    for (rover, sols) in [("curiosity", ["1000", "1000"]), ("perseverance", ["888", "890"])] {
      let sync = try await rovers(
        ["catalog", "sync", rover, "--from-sol", sols[0], "--to-sol", sols[1], "-q"], server)
      #expect(sync.status == 0, "\(sync.stderr)")
    }
    return server
  }

  /// The search's photos as JSON objects.
  func found(_ words: [String], _ server: FixtureServer) async throws -> [[String: Any]] {
    let run = try await rovers(["search"] + words + ["--json"], server)
    #expect(run.status == 0, "\(run.stderr)")
    return try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
  }

  /// The photos saved under `root`, by path from it: the files four folders down
  /// (`<rover>/<sol>/<camera>/<file>`), not the gallery's pages or the sols' records.
  func savedFiles(under root: URL) -> Set<String> {
    Set(Folder.photos(root).filter { $0.split(separator: "/").count == 4 })
  }

  @Test func photosFoundAreSavedAsDownloadLaysThemOutAndOnlyOnce() async throws {
    let server = try await synced()
    // Two missions in one search: Curiosity's left Navcam frames and a few of Perseverance's.
    let words = ["--nasa-id", "NLB_", "--nasa-id", "NLF_0890_074590000"]
    let photos = try await found(words, server)
    let rovers = Set(
      photos.compactMap { ($0["rover"] as? [String: Any])?["name"] as? String })
    #expect(photos.count >= 4 && rovers.count == 2, "\(photos.count) photos of \(rovers)")

    let dry = try await self.rovers(["search"] + words + ["-o", mirror.path, "--dry-run"], server)
    #expect(dry.status == 0, "\(dry.stderr)")
    #expect(dry.stderr.contains("would download \(photos.count)"), "\(dry.stderr)")
    #expect(!FileManager.default.fileExists(atPath: mirror.path), "a dry run writes nothing")

    let before = server.requests.count
    let run = try await self.rovers(["search"] + words + ["-o", mirror.path], server)
    #expect(run.status == 0, "\(run.stderr)")
    // One request an image, and no feed asked: the catalogue said what to fetch.
    let asked = server.requests.dropFirst(before).map(\.target)
    #expect(asked.count == photos.count, "\(asked)")
    #expect(asked.allSatisfy { !$0.contains("/api/") }, "\(asked)")
    // Each photo found at <rover>/<sol>/<camera>/<its file name>, with the bytes served.
    var expected = Set<String>()
    for photo in photos {
      let rover = try #require((photo["rover"] as? [String: Any])?["name"] as? String)
      let camera = try #require((photo["camera"] as? [String: Any])?["name"] as? String)
      let address = try #require(photo["img_src"] as? String)
      let name = try #require(address.split(separator: "/").last)
      let relative = "\(rover.lowercased())/\(photo["sol"] ?? "")/\(camera)/\(name)"
      expected.insert(relative)
      let saved = try Data(contentsOf: mirror.appendingPathComponent(relative))
      let (served, _) = try await URLSession.shared.data(from: try #require(URL(string: address)))
      #expect(saved == served, "\(relative)")
    }
    #expect(savedFiles(under: mirror) == expected)
    // Each sol touched has its record, as download writes it, naming the photos saved.
    for sol in Set(expected.map { $0.split(separator: "/").prefix(2).joined(separator: "/") }) {
      let record = try String(
        contentsOf: mirror.appendingPathComponent("\(sol)/.rovers-sol.json"), encoding: .utf8)
      for file in expected where file.hasPrefix(sol + "/") {
        #expect(record.contains(String(file.split(separator: "/")[3])), "\(file)")
      }
    }

    // Again: everything is there, nothing is fetched.
    let again = server.requests.count
    let second = try await self.rovers(["search"] + words + ["-o", mirror.path, "-q"], server)
    #expect(second.status == 0, "\(second.stderr)")
    #expect(server.requests.count == again, "files already there are not fetched again")
  }

  /// More photos than a part of a run holds (1,170: Curiosity's sol 1000, Perseverance's 888
  /// to 895; a part ends at the first sol past 1,000): every one saved and recorded, the
  /// entries printed in the search's order with what became of each, made again from the
  /// catalogue after the parts were saved.
  @Test func photosFoundAreSavedAPartAtATimeAndListedInOrder() async throws {
    let server = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    for (rover, sols) in [("curiosity", ["1000", "1000"]), ("perseverance", ["888", "895"])] {
      let sync = try await rovers(
        ["catalog", "sync", rover, "--from-sol", sols[0], "--to-sol", sols[1], "-q"], server)
      #expect(sync.status == 0, "\(sync.stderr)")
    }
    let photos = try await found([], server)
    #expect(photos.count > 1100, "more than a part: \(photos.count)")
    func saved(_ extra: [String] = []) async throws -> [[String: Any]] {
      let run = try await rovers(["search", "-o", mirror.path, "--json"] + extra, server)
      #expect(run.status == 0, "\(run.stderr)")
      return try #require(
        try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [[String: Any]])
    }
    let entries = try await saved()
    #expect(entries.map { $0["nasa_id"] as? String } == photos.map { $0["nasa_id"] as? String })
    #expect(entries.allSatisfy { $0["status"] as? String == "downloaded" })
    for entry in entries {
      let path = try #require(entry["path"] as? String)
      #expect(FileManager.default.fileExists(atPath: path), "\(path)")
    }
    // Every sol of either part has its record, naming each of its photos.
    let bySol = Dictionary(grouping: photos) { photo in
      "\(((photo["rover"] as? [String: Any])?["name"] as? String ?? "").lowercased())/"
        + "\(photo["sol"] ?? "")"
    }
    #expect(bySol.count == 5)
    for (sol, inSol) in bySol {
      let record = try JSONSerialization.jsonObject(
        with: Data(contentsOf: mirror.appendingPathComponent("\(sol)/.rovers-sol.json")))
      let files = Set(
        ((record as? [String: Any])?["photos"] as? [[String: Any]] ?? []).compactMap {
          ($0["file"] as? String)?.split(separator: "/").last.map(String.init)
        })
      let names = try inSol.map { photo in
        String(try #require((photo["img_src"] as? String)?.split(separator: "/").last))
      }
      #expect(Set(names) == files, "\(sol)")
    }
    // Again, each part's files are there: all skipped, in the same order.
    let again = try await saved()
    #expect(again.map { $0["path"] as? String } == entries.map { $0["path"] as? String })
    #expect(again.allSatisfy { $0["status"] as? String == "skipped" })
    let dry = try await rovers(["search", "-o", mirror.path, "--dry-run"], server)
    #expect(dry.stderr == "would download 0, \(photos.count) already there\n", "\(dry.stderr)")
    #expect(dry.stdout.split(separator: "\n").count == photos.count + 1, "a header, a line each")
  }

  /// A table of several missions' photos says whose each is; one mission's, as `photos`
  /// prints it, does not repeat it.
  @Test func aTableOfSeveralMissionsNamesEachRowsRover() async throws {
    let server = try await synced()
    let words = ["search", "--nasa-id", "NLB_", "--nasa-id", "NLF_0890_074590000"]
    let mixed = try await rovers(words, server)
    #expect(mixed.status == 0, "\(mixed.stderr)")
    let lines = mixed.stdout.split(separator: "\n")
    #expect(lines.first?.hasPrefix("ROVER") == true, "\(lines.first ?? "")")
    #expect(lines.filter { $0.hasPrefix("Curiosity ") }.count == 7)
    #expect(lines.filter { $0.hasPrefix("Perseverance ") }.count == 5)
    let csv = try await rovers(words + ["--format", "csv", "--fields", "rover,nasa_id"], server)
    #expect(
      csv.stdout.split(separator: "\n").dropFirst().allSatisfy {
        $0.hasPrefix("Curiosity,NLB_") || $0.hasPrefix("Perseverance,NLF_")
      })
    let one = try await rovers(["search", "curiosity", "--nasa-id", "NLB_"], server)
    #expect(one.stdout.split(separator: "\n").first?.split(separator: " ").first == "ID")
  }

  @Test func photosFoundAreDrawnOneLineEachWithoutAPictureProtocol() async throws {
    let server = try await synced()
    let words = ["perseverance", "--camera", "NAVCAM_LEFT", "--limit", "3"]
    let photos = try await found(words, server)
    #expect(photos.count == 3)
    let run = try await rovers(
      ["search"] + words + ["--show", "--image-protocol", "none"], server)
    #expect(run.status == 0, "\(run.stderr)")
    // Not on a terminal and no protocol: a line a photo, naming its address, in order.
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    for (line, photo) in zip(lines, photos) {
      let address = try #require(photo["img_src"] as? String)
      #expect(
        line.hasPrefix(address.replacingOccurrences(of: ".png", with: "_320.jpg"))
          || line.contains(photo["nasa_id"] as? String ?? "?"), "\(line)")
    }
    // Drawn in half-blocks, the pictures are there: colour escapes and the block character.
    let drawn = try await rovers(
      ["search"] + words + ["--show", "--image-protocol", "blocks"], server)
    #expect(drawn.status == 0, "\(drawn.stderr)")
    #expect(drawn.stdout.contains("▀"), "pictures drawn")
    #expect(drawn.stdout.components(separatedBy: "\u{1B}[").count > 300, "in colour")
  }

  @Test func fetchingOptionsWithoutAFolderOrWithCountsAreUsageErrors() async throws {
    let server = try await synced()
    for words in [
      ["--count", "-o", mirror.path], ["--group-by", "camera", "--show"],
      ["-o", mirror.path, "--show"], ["--force"], ["--dry-run"], ["--show", "--json"],
      ["--show", "--fields", "sol"],
    ] {
      let run = try await rovers(["search"] + words, server)
      #expect(run.status == 64, "\(words): \(run.stderr)")
      #expect(run.stderr.hasPrefix("Error: "), "\(words): \(run.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: mirror.path))
  }

  @Test func nearKeepsThePhotosPhotosNearKeepsAndTheMapIsKept() async throws {
    let server = try await FixtureServer.start(shape: "nasa")
    let sync = try await rovers(
      ["catalog", "sync", "perseverance", "curiosity", "--to-sol", "1042", "-q"], server)
    #expect(sync.status == 0, "\(sync.stderr)")
    // Perseverance's sol-0 waypoint and 20 m around it, as PlacesTests asks `photos`; the
    // full frames, which are what `photos` lists.
    let near = ["--near", "18.44478,77.45109", "--within", "20m", "--sample-type", "full"]
    let csv = ["--format", "csv", "--fields", "nasa_id"]
    let names = { (run: CapturedRun) in Set(run.stdout.split(separator: "\n").dropFirst()) }
    let number = { (run: CapturedRun) in
      Int(run.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }
    let listed = try await rovers(
      ["photos", "perseverance", "--from-sol", "0", "--to-sol", "1042", "--source", "nasa"]
        + near + csv, server)
    #expect(listed.status == 0, "\(listed.stderr)")
    let expected = names(listed)
    let every = try await rovers(["search", "perseverance", "--count"], server)
    #expect(!expected.isEmpty && expected.count < number(every), "\(expected.count)")
    let maps = { server.requests.filter { $0.target.lowercased().contains("waypoint") }.count }
    for rovers in [["perseverance"], []] {
      // Every mission with a map when none is named: Curiosity's photos are far from Jezero.
      let found = try await self.rovers(["search"] + rovers + near + csv, server)
      #expect(found.status == 0, "\(found.stderr)")
      #expect(names(found) == expected, "\(rovers)")
    }
    // Each map was asked once, then kept.
    #expect(maps() == 2, "\(server.requests.map(\.target))")
    let count = try await rovers(["search", "--count"] + near, server)
    #expect(number(count) == expected.count)
    let bySol = try await rovers(["search", "--group-by", "sol", "--json"] + near, server)
    let groups = try #require(
      try JSONSerialization.jsonObject(with: Data(bySol.stdout.utf8)) as? [[String: Any]])
    #expect(groups.compactMap { $0["count"] as? Int }.reduce(0, +) == expected.count)
    #expect(groups.allSatisfy { ($0["group"] as? String)?.hasPrefix("perseverance ") == true })
    // A mission NASA publishes no map for is said to have none.
    let unmapped = try await rovers(["search", "ingenuity"] + near, server)
    #expect(
      unmapped.status == 64 && unmapped.stderr.contains("traverse maps"), "\(unmapped.stderr)")
  }
}
