import Foundation
import TestSupport
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// The gallery's pages, read as files: what a browser would be given.
@Suite(.timeLimit(.minutes(3))) struct GalleryTests {
  let folder: TemporaryFolder
  var mirror: URL { folder.url.appendingPathComponent("mars") }

  init() throws { folder = try TemporaryFolder() }

  /// A mirror of Perseverance's sols 0, 100 and 1042 and Curiosity's 1000, then its gallery:
  /// the run's one (``GalleryMirror``), written into this test's folder.
  func fill() async throws {
    try await GalleryMirror.write(to: mirror)
  }

  func page(_ path: String) throws -> String {
    try String(contentsOf: mirror.appendingPathComponent(path), encoding: .utf8)
  }

  /// Whether the page parses as XML: the pages are written so that they do, which catches an
  /// unclosed tag or an unescaped `&` or `<`.
  static func isWellFormed(_ html: String) -> Bool {
    XMLParser(data: Data(html.utf8)).parse()
  }

  @Test func everyPageIsWellFormedAndFindsItsPhotos() async throws {
    try await fill()
    let index = try page("index.html")
    #expect(Self.isWellFormed(index))
    #expect(index.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">"))
    #expect(index.contains("<meta name=\"viewport\""))
    for (sol, count) in [(0, 54), (100, 49), (1042, 62)] {
      let html = try page("perseverance/\(sol)/index.html")
      #expect(Self.isWellFormed(html), "sol \(sol)")
      #expect(html.components(separatedBy: "<a class=\"photo\"").count - 1 == count)
      #expect(html.contains("loading=\"lazy\" width=\"320\" height=\"240\""))
    }
    // Neighbours link to each other, relatively.
    let middle = try page("perseverance/100/index.html")
    #expect(middle.contains("<a rel=\"prev\" href=\"../0/index.html\">"))
    #expect(middle.contains("<a rel=\"next\" href=\"../1042/index.html\">"))
    #expect(middle.contains("<a href=\"../../index.html\">Rovers</a>"))
    // Nothing from elsewhere: every address in every page is relative.
    for html in [index, middle] {
      #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("//cdn"))
    }
  }

  @Test func theTimelineHasABarForEverySolOfTheManifest() async throws {
    try await fill()
    let index = try page("index.html")
    let sections = index.components(separatedBy: "<section>").dropFirst()
    let manifests = [("Curiosity", 2281), ("Perseverance", 975)]
    for (name, sols) in manifests {
      let section = try #require(sections.first { $0.contains("<h2>\(name) ") })
      #expect(section.components(separatedBy: "<rect class=\"bar").count - 1 == sols, "\(name)")
    }
    let perseverance = try #require(sections.first { $0.contains("<h2>Perseverance ") })
    #expect(perseverance.components(separatedBy: "<rect class=\"bar here\"").count - 1 == 3)
    let curiosity = try #require(sections.first { $0.contains("<h2>Curiosity ") })
    #expect(curiosity.components(separatedBy: "<rect class=\"bar here\"").count - 1 == 1)
    #expect(
      perseverance.contains("<a href=\"perseverance/100/index.html\"><rect class=\"bar here\""))
  }

  @Test func aSyncIntoAFolderWithAGalleryUpdatesItsPages() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    _ = try await CapturedRun.rovers(
      ["download", "perseverance", "--sol", "100", "-o", mirror.path, "-q"], base: server.baseURL)
    _ = try await CapturedRun.rovers(["gallery", mirror.path], base: server.baseURL)
    #expect(
      !FileManager.default.fileExists(
        atPath: mirror.appendingPathComponent("perseverance/1042/index.html").path))
    let sync = try await CapturedRun.rovers(
      ["sync", "perseverance", "-o", mirror.path], base: server.baseURL)
    #expect(sync.status == 0)
    let latest = try page("perseverance/1042/index.html")
    #expect(latest.components(separatedBy: "<a class=\"photo\"").count - 1 == 62)
    #expect(latest.contains("<a rel=\"prev\" href=\"../100/index.html\">"))
    // The page before it now links to it, and the front page counts it.
    #expect(
      try page("perseverance/100/index.html").contains(
        "<a rel=\"next\" href=\"../1042/index.html\">"))
    #expect(try page("index.html").contains("111 photos · 2 sols"))
    // --no-gallery leaves it alone.
    try FileManager.default.removeItem(at: mirror.appendingPathComponent("perseverance/1042"))
    try FileManager.default.removeItem(at: mirror.appendingPathComponent(".rovers-sync.journal"))
    _ = try await CapturedRun.rovers(
      ["sync", "perseverance", "-o", mirror.path, "--no-gallery"], base: server.baseURL)
    #expect(
      !FileManager.default.fileExists(
        atPath: mirror.appendingPathComponent("perseverance/1042/index.html").path))
  }

  @Test func aFolderWithoutRecordsStillGetsItsPages() async throws {
    let camera = mirror.appendingPathComponent("curiosity/12/FHAZ")
    try FileManager.default.createDirectory(at: camera, withIntermediateDirectories: true)
    let picture = try Data(
      contentsOf: PackagePaths.fixtures.appendingPathComponent("images/scene-01.jpg"))
    for name in ["FLB_1.JPG", "a b#1.jpg", "notes.txt"] {
      try picture.write(to: camera.appendingPathComponent(name))
    }
    let run = try await CapturedRun.rovers(["gallery", mirror.path], base: Offline.apiBase)
    #expect(run.stderr == "gallery: 2 photos in 1 sol of 1 rover\n")
    let html = try page("curiosity/12/index.html")
    #expect(Self.isWellFormed(html))
    #expect(html.contains("href=\"FHAZ/FLB_1.JPG\""))
    #expect(html.contains("href=\"FHAZ/a%20b%231.jpg\""))
    #expect(!html.contains("notes.txt"))
  }

  @Test(arguments: [("absent", "no such folder"), ("a-file", "not a folder")])
  func aGalleryNeedsAFolder(_ name: String, _ reason: String) async throws {
    try Data().write(to: folder.url.appendingPathComponent("a-file"))
    let path = folder.url.appendingPathComponent(name).path
    let run = try await CapturedRun.rovers(["gallery", path], base: Offline.apiBase)
    #expect(run.status == 64)
    #expect(
      run.stderr.split(separator: "\n").first
        == "Error: The value '\(path)' is invalid for '<dir>': \(reason)")
  }

  @Test func aCameraNamedLikeAScriptIsText() async throws {
    let evil = "<script>alert(1)</script>"
    let photo =
      #"{"id": 1, "sol": 2208, "earth_date": "2010-03-21", "img_src": "http://127.0.0.1:{port}/images/s/x.jpg", "camera": {"id": 27, "name": "\#(evil)", "full_name": "\#(evil) & co"}, "rover": {"id": 7, "name": "\#(evil)"}}"#
    let body = #"{"photos": [\#(photo)]}"#.replacingOccurrences(of: "\"", with: "\\\"")
    let server = try await FixtureServer.start(
      faults: #"[{"match": "/rovers/spirit/photos", "status": 200, "body": "\#(body)"}]"#,
      imageLatencyMilliseconds: 0)
    _ = try await CapturedRun.rovers(
      ["download", "spirit", "--sol", "2208", "-o", mirror.path], base: server.baseURL)
    _ = try await CapturedRun.rovers(["gallery", mirror.path], base: server.baseURL)
    for html in [try page("spirit/2208/index.html"), try page("index.html")] {
      #expect(Self.isWellFormed(html))
      #expect(!html.contains("<script>alert"))
    }
    #expect(
      try page("spirit/2208/index.html").contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co"))
  }

  @Test func photosAsHTMLIsOnePageOfTheSolsPhotos() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["photos", "perseverance", "--sol", "100", "--format", "html"], base: server.baseURL)
    #expect(run.status == 0)
    #expect(Self.isWellFormed(run.stdout))
    #expect(run.stdout.components(separatedBy: "<a class=\"photo\"").count - 1 == 49)
    #expect(run.stdout.contains("<title>Perseverance sol 100</title>"))
    let other = try await CapturedRun.rovers(["list", "--format", "html"], base: server.baseURL)
    #expect(other.status == 64)
    #expect(other.stderr.hasPrefix("Error: '--format html' is for 'rovers photos'"))
  }

  /// One renderer: the page `photos --format html` prints is the gallery's page of that sol,
  /// cameras in the same order and the same header, but for where the pictures are and the
  /// links that only a gallery has (its front page, the sols beside this one).
  @Test func photosAsHTMLIsTheGallerysPageOfTheSol() async throws {
    let server = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    try await fill()
    let printed = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--format", "html"], base: server.baseURL)
    #expect(printed.status == 0)
    let gallery = try page("curiosity/1000/index.html")
    #expect(printed.stdout != gallery)
    #expect(Self.comparable(printed.stdout) == Self.comparable(gallery))
    // The header links to each camera's photos, in both.
    #expect(printed.stdout.contains("<nav class=\"cameras\" aria-label=\"Cameras\">"))
    let cameras = printed.stdout.components(separatedBy: "<h2>").dropFirst().map {
      $0.components(separatedBy: "<small>")[1].components(separatedBy: " ·")[0]
    }
    #expect(cameras == ["CHEMCAM", "FHAZ", "MAST", "NAVCAM", "RHAZ"])
  }

  /// A page less its pictures' addresses and the links only a gallery has.
  static func comparable(_ html: String) -> String {
    var text = html
    for (pattern, replacement) in [
      (#"(src|href|data-left|data-right)="[^"]*\.(jpg|JPG|jpeg|png|PNG)""#, "$1=\"\""),
      (#"<a href="[^"]*index\.html">Rovers</a> › "#, ""),
      (#"<a rel="(prev|next)"[^>]*>[^<]*</a>"#, ""),
    ] {
      let expression = try? NSRegularExpression(pattern: pattern)
      text =
        expression?.stringByReplacingMatches(
          in: text, range: NSRange(text.startIndex..., in: text), withTemplate: replacement)
        ?? text
    }
    return text
  }
}
