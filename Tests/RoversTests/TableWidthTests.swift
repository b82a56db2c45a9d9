import Foundation
import TestSupport
import Testing

/// Every command that prints a table, run in a pseudo-terminal 80 and 100 columns wide (the
/// width the tool reads from the terminal itself, as a person's shell gives it): no line of
/// its output is wider than the terminal. Columns are shortened in the middle, then the least
/// useful left out; a pipe still gets every row whole (``FormatEndToEndTests``).
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
    "script is missing (util-linux)"),
  .timeLimit(.minutes(3)))
struct TableWidthTests {
  /// The table-printing commands, with what they need: `{mirror}` is a folder holding sol 100
  /// of Perseverance with one photo missing, `{out}` a new folder. (`download`, `sync` and
  /// `develop` print a summary line to stderr, no table.)
  static let commands = [
    "list", "latest", "manifest", "manifest curiosity", "photos perseverance --sol 100",
    "photos perseverance --sol 890 --source nasa", "stereo perseverance --sol 0",
    "stereo perseverance --sol 0 -o {out}", "sequences perseverance --sol 888 --source nasa",
    "where perseverance", "where perseverance --sol 0", "config show", "verify {mirror}",
  ]

  /// What a terminal shows of `text`: no colour, no hyperlink's target, no carriage return.
  static func shown(_ text: String) -> [String] {
    // By scalars: "\r\n" is one character to Swift, and the terminal ends lines so.
    var scalars = String.UnicodeScalarView()
    scalars.append(contentsOf: text.unicodeScalars.filter { $0 != "\r" })
    return String(scalars)
      .replacing(/\u{1B}\][^\u{07}\u{1B}]*(\u{07}|\u{1B}\\)/, with: "")
      .replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test(arguments: commands)
  func everyLineFitsTheTerminal(_ command: String) async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let feeds = try #require(FixtureServer.sharedFeeds)
    let home = try TemporaryFolder()
    let mirror = home.url.appendingPathComponent("mirror")
    let environment = [
      "PATH": "/usr/bin:/bin", "SHELL": "/bin/sh", "HOME": home.url.path,
      "ROVERS_API_BASE": api.baseURL, "ROVERS_NASA_BASE": feeds.host, "NO_PROXY": "*",
      "no_proxy": "*", "XDG_CACHE_HOME": home.url.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path, "TERM": "xterm-256color",
    ]
    if command.contains("{mirror}") {
      let saved = try await ProcessRun.run(
        Binaries.rovers, ["download", "perseverance", "--sol", "100", "-o", mirror.path, "-q"],
        environment: environment)
      #expect(saved.status == 0, "\(saved.stderr)")
      let camera = mirror.appendingPathComponent("perseverance/100/NAVCAM_LEFT")
      let first = try #require(
        try FileManager.default.contentsOfDirectory(atPath: camera.path).sorted().first {
          $0.hasSuffix(".jpg")
        })
      try FileManager.default.removeItem(at: camera.appendingPathComponent(first))
    }
    for width in [80, 100] {
      let out = home.url.appendingPathComponent("out-\(width)").path
      let words = command.replacing("{mirror}", with: mirror.path).replacing("{out}", with: out)
      // Only the table: stderr's notes and progress are not the table's lines.
      let line = "stty cols \(width) rows 50; exec '\(Binaries.rovers.path)' \(words) 2>/dev/null"
      let run = try await ProcessRun.run(
        URL(fileURLWithPath: "/usr/bin/script"), ["-qec", line, "/dev/null"],
        environment: environment)
      let lines = Self.shown(run.stdout)
      #expect(lines.filter { !$0.isEmpty }.count >= 2, "\(command): \(run.stdout)")
      let widest = lines.map(\.count).max() ?? 0
      #expect(
        widest <= width,
        "rovers \(command) at \(width) columns: \(lines.first { $0.count == widest } ?? "")")
    }
  }
}
