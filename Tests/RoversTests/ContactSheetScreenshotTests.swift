import Foundation
import TestSupport
import Testing

/// A contact sheet drawn with half-blocks, as a terminal shows it: the ANSI text made into a
/// page of coloured cells and, when `make screenshots` asks, photographed by headless Chromium
/// for the README.
@Suite(
  .enabled(if: Chromium.path != nil, "Chromium is not installed (apt-get install chromium)"),
  .timeLimit(.minutes(3)))
struct ContactSheetScreenshotTests {
  @Test func aContactSheetOfHalfBlocksLooksLikeMars() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      ["show", "perseverance", "--sol", "100", "--limit", "6", "--image-protocol", "blocks"],
      base: api.baseURL, environment: ["COLORTERM": "truecolor"])
    #expect(run.status == 0, "\(run.stderr)")
    let folder = try TemporaryFolder()
    // The README's sheet: six real NASA frames (NASA/JPL-Caltech) of the fixtures, three a
    // line, as on a terminal 126 columns wide.
    let frames = try FileManager.default.contentsOfDirectory(
      atPath: PackagePaths.fixtures.appendingPathComponent("real-images").path
    ).filter { $0.lowercased().hasSuffix(".jpg") }.sorted().prefix(6).map {
      PackagePaths.fixtures.appendingPathComponent("real-images/\($0)").path
    }
    #expect(frames.count == 6)
    let sheet = try await CapturedRun.rovers(
      ["show"] + frames + ["--image-protocol", "blocks", "--width", "40"],
      base: api.baseURL, environment: ["COLORTERM": "truecolor", "COLUMNS": "126"])
    #expect(sheet.status == 0, "\(sheet.stderr)")
    let page = folder.url.appendingPathComponent("sheet.html")
    let html = Self.page(sheet.stdout)
    #expect(html.components(separatedBy: "<i style=").count - 1 > 6 * 40 * 10)
    try html.write(to: page, atomically: true, encoding: .utf8)
    // The picture itself is taken when asked for (`make screenshots`).
    guard let shots = Chromium.screenshotFolder else { return }
    try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
    let shot = shots.appendingPathComponent("show-contact-sheet.png")
    try? FileManager.default.removeItem(at: shot)
    try await Chromium.screenshot(page.absoluteString, to: shot, profile: folder.url)
    #expect(FileManager.default.fileExists(atPath: shot.path))
  }

  /// ANSI text as HTML: each half-block a span of its two colours, captions as they are.
  static func page(_ ansi: String) -> String {
    var body = ""
    var foreground = "#ccc"
    var background = "#111"
    var index = ansi.startIndex
    while index < ansi.endIndex {
      let character = ansi[index]
      if character == "\u{1B}", let end = ansi[index...].firstIndex(of: "m") {
        let codes = ansi[ansi.index(index, offsetBy: 2)..<end].split(separator: ";").compactMap {
          Int($0)
        }
        if codes == [0] {
          foreground = "#ccc"
          background = "#111"
        } else if codes.count == 10, codes[0] == 38, codes[5] == 48 {
          foreground = String(format: "#%02x%02x%02x", codes[2], codes[3], codes[4])
          background = String(format: "#%02x%02x%02x", codes[7], codes[8], codes[9])
        }
        index = ansi.index(after: end)
        continue
      }
      switch character {
      case "▀":
        body += "<i style=\"background:linear-gradient(\(foreground) 50%,\(background) 50%)\"></i>"
      case " ": body += "<i></i>"
      case "<": body += "&lt;"
      case "&": body += "&amp;"
      default: body.append(character)
      }
      index = ansi.index(after: index)
    }
    return """
      <!DOCTYPE html><html><head><meta charset="utf-8"><style>
      body { margin: 0; background: #111; color: #ccc; }
      pre { margin: 12px; font: 11px/14px "DejaVu Sans Mono", monospace; }
      /* A terminal cell: twice as tall as wide, its upper and lower halves two pixels. */
      i { display: inline-block; width: 7px; height: 14px; vertical-align: top; }
      </style></head><body><pre>\(body)</pre></body></html>
      """
  }
}
