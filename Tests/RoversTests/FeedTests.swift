import Foundation
import TestSupport
import Testing

/// The gallery's Atom feed and `sync --on-new`: a sync, photos a later downlink brings to the
/// same sol on the fixture server, a second sync. The feed is read by Python's `feedparser`,
/// `xmllint` and headless Chromium, the references a reader is (Debian's packages).
@Suite(.timeLimit(.minutes(3))) struct FeedTests {
  let folder: TemporaryFolder
  let mirror: URL

  init() throws {
    folder = try TemporaryFolder()
    mirror = folder.url.appendingPathComponent("mars")
  }

  static let hasFeedparser = FileManager.default.fileExists(
    atPath: "/usr/lib/python3/dist-packages/feedparser")
  static let xmllint = ["/usr/bin/xmllint", "/bin/xmllint"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
  /// A title a server could send: markup, and the end of a CDATA section.
  static let hostileTitle = "<script>alert(1)</script> ]]> & \"quoted\""

  /// A sync's environment: the API server, and NASA's feeds at `feeds` naming sol 1042 as
  /// their latest downlink's after the first answer.
  static func environment(_ feeds: FixtureServer) -> [String: String] {
    ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": feeds.host]
  }

  /// Feeds whose first `latest` answer names no sol, and whose sol 1042 has three photos more
  /// than the API's, titled with markup.
  func lateFeeds() async throws -> FixtureServer {
    try await LatePhotos.feeds(
      at: folder.url.appendingPathComponent("fixtures"), extra: 3, title: Self.hostileTitle)
  }

  /// The feed as Python's feedparser reads it: bozo, and each entry's id, title, updated time,
  /// link and content.
  func parsed() async throws -> [String: Any] {
    let script = folder.url.appendingPathComponent("read-feed.py")
    try Data(
      """
      import feedparser, json, sys
      feed = feedparser.parse(sys.argv[1])
      print(json.dumps({"bozo": feed.bozo, "feed_id": feed.feed.get("id"),
        "links": [l.get("href") for l in feed.feed.get("links", [])],
        "entries": [{"id": e.get("id"), "title": e.get("title"), "updated": e.get("updated"),
          "link": e.get("link"), "content": e.content[0].value if e.get("content") else None}
          for e in feed.entries]}))
      """.utf8
    ).write(to: script)
    let out = folder.url.appendingPathComponent("feed.json")
    let child = try Subprocess(
      "/usr/bin/python3", [script.path, mirror.appendingPathComponent("feed.atom").path],
      environment: ["PATH": "/usr/bin:/bin"], stdout: out.path)
    _ = await child.exitStatus()
    return try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [String: Any])
  }

  @Test(.enabled(if: hasFeedparser, "python3-feedparser is not installed"))
  func aSecondSyncAddsOneEntryForTheSolAndTheFirstKeepsItsId() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let feeds = try await lateFeeds()
    _ = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", mirror.path, "-q"], base: api.baseURL)
    let gallery = try await CapturedRun.rovers(["gallery", mirror.path], base: api.baseURL)
    #expect(gallery.status == 0, "\(gallery.stderr)")
    let sync = ["sync", "perseverance", "-o", mirror.path, "-q"]
    let first = try await CapturedRun.rovers(
      sync, base: api.baseURL, environment: Self.environment(feeds))
    #expect(first.status == 0, "\(first.stderr)")
    let before = try await parsed()
    let firstEntries = try #require(before["entries"] as? [[String: Any]])
    // The gallery's first build announced its latest sol; the sync, sol 1042.
    #expect(
      firstEntries.map { $0["title"] as? String ?? "" }.map { $0.prefix(30) } == [
        "Perseverance, sol 1042: 62 new", "Perseverance, sol 100: 49 new ",
      ])
    let second = try await CapturedRun.rovers(
      sync, base: api.baseURL, environment: Self.environment(feeds))
    #expect(second.status == 0, "\(second.stderr)")
    let after = try await parsed()
    #expect(after["bozo"] as? Int == 0, "\(after)")
    let entries = try #require(after["entries"] as? [[String: Any]])
    #expect(entries.count == firstEntries.count + 1)
    let newest = try #require(entries.first)
    #expect(
      (newest["title"] as? String)?.hasPrefix(
        "Perseverance, sol 1042: 3 new photos (NAVCAM_LEFT 3)")
        == true, "\(newest)")
    // A new id for the new photos; the entries already there keep theirs.
    let ids = entries.compactMap { $0["id"] as? String }
    #expect(Set(ids).count == ids.count)
    #expect(Array(ids.dropFirst()) == firstEntries.compactMap { $0["id"] as? String })
    #expect(ids.allSatisfy { $0.hasPrefix("tag:localhost,") })
    // RFC 4287: each entry has an id, a title, an updated time and a link.
    for entry in entries {
      #expect((entry["updated"] as? String)?.hasSuffix("Z") == true)
      #expect((entry["link"] as? String)?.hasSuffix("/index.html") == true)
    }
    #expect(newest["link"] as? String == "perseverance/1042/index.html")
    // The hostile title is text, in the content's HTML too.
    let raw = try String(contentsOf: mirror.appendingPathComponent("feed.atom"), encoding: .utf8)
    #expect(!raw.contains("<script") && !raw.contains("]]>"))
    let content = try #require(newest["content"] as? String)
    #expect(content.contains("LATE0") && !content.contains("<script"))
    // Every page links to the feed.
    #expect(
      try String(
        contentsOf: mirror.appendingPathComponent("perseverance/1042/index.html"), encoding: .utf8
      ).contains(
        #"<link rel="alternate" type="application/atom+xml" title="New photos" href="../../feed.atom" />"#
      ))
    if let xmllint = Self.xmllint {
      let check = try Subprocess(
        xmllint, ["--noout", mirror.appendingPathComponent("feed.atom").path],
        environment: [:])
      #expect(await check.exitStatus() == 0)
    }
  }

  @Test(.enabled(if: Chromium.path != nil, "Chromium is not installed"))
  func chromiumFindsTheFeedFromTheIndex() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    _ = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", mirror.path, "-q"], base: api.baseURL)
    _ = try await CapturedRun.rovers(["gallery", mirror.path], base: api.baseURL)
    // A page of the test's asks the index, loaded in a frame, for its feed.
    let harness = mirror.appendingPathComponent("find-feed.html")
    try Data(
      """
      <!DOCTYPE html><html><body><pre id="out"></pre>
      <iframe id="index" src="index.html"></iframe>
      <script>
      document.getElementById("index").addEventListener("load", function () {
        var link = this.contentDocument.querySelector('link[rel="alternate"][type="application/atom+xml"]');
        document.getElementById("out").textContent = JSON.stringify(
          {href: link ? link.href : null, title: link ? link.title : null});
      });
      </script></body></html>
      """.utf8
    ).write(to: harness)
    // Served, so the frame is of the harness's origin.
    let server = try await FixtureServer.start(staticFolder: mirror.path)
    let report = try await Chromium.report("\(server.host)/static/find-feed.html")
    #expect(report["href"] as? String == "\(server.host)/static/feed.atom", "\(report)")
    #expect(report["title"] as? String == "New photos")
    // And what it names is there: the feed the gallery wrote.
    #expect(FileManager.default.fileExists(atPath: mirror.appendingPathComponent("feed.atom").path))
  }

  @Test func aGalleryURLMakesTheLinksAbsoluteAndABadOneIsAUsageError() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    _ = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", mirror.path, "-q"], base: api.baseURL)
    let run = try await CapturedRun.rovers(
      ["gallery", mirror.path], base: api.baseURL,
      environment: ["ROVERS_GALLERY_URL": "https://example.org/mars"])
    #expect(run.status == 0, "\(run.stderr)")
    let feed = try String(contentsOf: mirror.appendingPathComponent("feed.atom"), encoding: .utf8)
    #expect(
      feed.contains(
        #"<link rel="self" type="application/atom+xml" href="https://example.org/mars/feed.atom"/>"#
      ))
    #expect(feed.contains(#"href="https://example.org/mars/perseverance/100/index.html""#))
    #expect(feed.contains("<id>tag:example.org,"))
    for bad in ["example.org/mars", "ftp://example.org/", "https://"] {
      let refused = try await CapturedRun.rovers(
        ["gallery", mirror.path, "--gallery-url", bad], base: api.baseURL)
      #expect(refused.status == 64, "\(bad)")
      #expect(
        refused.stderr.hasPrefix(
          "Error: The value '\(bad)' is invalid for '--gallery-url <url>': give an http or https"
        ), "\(refused.stderr)")
    }
  }
}
