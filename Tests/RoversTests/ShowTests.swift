import CommandRuntime
import Foundation
import TestSupport
import Testing

@testable import rovers

/// `rovers show` end to end: each protocol forced, `auto` off a terminal and in a
/// pseudo-terminal (`script`), a rover's day from the fixture server, damaged files.
@Suite(.timeLimit(.minutes(3))) struct ShowTests {
  static let images = PackagePaths.root.appendingPathComponent("Fixtures/real-images")
  static let grey = images.appendingPathComponent(
    "FLR_0000_0666952977_663ECM_T0010044AUT_04096_00_2I3J01_800.jpg"
  ).path
  static let png = PackagePaths.root.appendingPathComponent("Fixtures/decoding/rgba8.png").path

  @Test func offATerminalEachImageIsOneLine() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      ["show", "perseverance", "--sol", "100", "--limit", "3"], base: api.baseURL)
    #expect(run.status == 0, "\(run.stderr)")
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.count == 3)
    // Perseverance's 320 px copies, what a terminal can show, each with its caption.
    #expect(lines.allSatisfy { $0.contains("_320.jpg  NAVCAM_LEFT · sol 100 · NAV_0100_") })
    #expect(!run.stdout.contains("\u{1B}"))
    // Nothing was fetched: nothing is drawn.
    #expect(!api.requests.contains { $0.target.hasPrefix("/images/") })
  }

  @Test(arguments: [
    ("iterm", "\u{1B}]1337;File=inline=1;size="), ("kitty", "\u{1B}_Ga=T,f=24,s="),
    ("sixel", "\u{1B}P0;1;0q\"1;1;"), ("blocks", "\u{1B}[38;5;"),
  ])
  func eachProtocolForcedDrawsItsSequence(_ name: String, _ start: String) async throws {
    let run = await CapturedRun.run(
      ["show", Self.grey, Self.png, "--image-protocol", name], environment: [:])
    #expect(run.code == .success, "\(run.stderr)")
    #expect(run.stdout.contains(start), "\(run.stdout.prefix(200))")
    #expect(run.stdout.contains("FLR_0000_0666952977"))
    // The setting and its variable say the same.
    let variable = await CapturedRun.run(
      ["show", Self.grey], environment: ["ROVERS_IMAGE_PROTOCOL": name])
    #expect(variable.stdout.contains(start))
  }

  @Test func aRoversDayIsFetchedAndDrawnInOrderAsAContactSheet() async throws {
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let run = try await CapturedRun.rovers(
      [
        "show", "perseverance", "--sol", "100", "--limit", "5", "--image-protocol", "blocks",
      ], base: api.baseURL, environment: ["COLUMNS": "90", "COLORTERM": "truecolor"])
    #expect(run.status == 0, "\(run.stderr)")
    let fetched = api.requests.filter { $0.target.hasPrefix("/images/") }.map(\.target)
    #expect(fetched.count == 5)
    #expect(fetched.allSatisfy { $0.hasSuffix("_320.jpg") })
    #expect(run.stdout.contains("\u{1B}[38;2;"))
    // Off a terminal the width is 80: one picture of 40 columns a line, five captions.
    #expect(run.stdout.components(separatedBy: "NAVCAM_LEFT · sol 100").count - 1 == 5)
  }

  @Test func aDamagedFileIsExit65NamingItAndTheOthersAreStillDrawn() async throws {
    let folder = try TemporaryFolder()
    let broken = folder.url.appendingPathComponent("broken.jpg")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.grey))
    try bytes.prefix(500).write(to: broken)
    let missing = folder.url.appendingPathComponent("missing.png").path
    let run = await CapturedRun.run(
      ["show", broken.path, Self.grey, missing, "--image-protocol", "blocks"])
    #expect(run.code == .dataError)
    let errors = run.stderr.split(separator: "\n")
    #expect(errors.count == 2, "\(run.stderr)")
    #expect(errors.first?.hasPrefix("Error: \(broken.path): ") == true)
    #expect(errors.last?.hasPrefix("Error: \(missing): there is no such file") == true)
    #expect(run.stdout.contains("▀"))
  }

  @Test func offATerminalAFileThatCannotBeReadIsExit65AndTheOthersAreListed() async throws {
    let folder = try TemporaryFolder()
    let missing = folder.url.appendingPathComponent("missing.jpg").path
    // A file, a name of nothing, a folder: no picture is drawn, yet only a file is listed.
    let run = await CapturedRun.run(
      ["show", Self.grey, missing, folder.url.path, "--image-protocol", "none"])
    #expect(run.code == .dataError)
    #expect(run.stdout == "\(Self.grey)  \(URL(fileURLWithPath: Self.grey).lastPathComponent)\n")
    #expect(
      run.stderr.split(separator: "\n") == [
        "Error: \(missing): there is no such file, or it cannot be read",
        "Error: \(folder.url.path): there is no such file, or it cannot be read",
      ])
  }

  @Test func usageMistakesAreSaid() async throws {
    let two = await CapturedRun.run(["show", "curiosity", "spirit", "--sol", "1"])
    #expect(two.code == .usage)
    #expect(two.stderr.hasPrefix("Error: A day (--sol, --earth-date, --latest) is of one rover"))
    let camera = await CapturedRun.run(["show", Self.grey, "--camera", "FHAZ"])
    #expect(camera.code == .usage)
    let bad = await CapturedRun.run(["show", Self.grey, "--image-protocol", "braille"])
    #expect(bad.code == .usage)
    #expect(
      bad.stderr.hasPrefix(
        "Error: The value 'braille' is invalid for '--image-protocol <protocol>'"))
  }

  /// `auto` in a pseudo-terminal: the environment's word first; else one question to the
  /// terminal (which `script`'s terminal does not answer) and half-blocks after the budget.
  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
      "script (util-linux) is not installed"),
    arguments: [
      (["TERM_PROGRAM": "iTerm.app"], "\u{1B}]1337;File=inline=1;", false),
      (["TERM": "xterm-kitty"], "\u{1B}_Ga=T,f=24,", false),
      (
        ["TERM": "xterm-256color", "TMUX": "/tmp/tmux-0/default,1,0", "TERM_PROGRAM": "WezTerm"],
        "\u{1B}Ptmux;\u{1B}\u{1B}]1337;", false
      ),
      (["TERM": "xterm-256color", "COLORTERM": "truecolor"], "\u{1B}[38;2;", true),
    ])
  func autoInAPseudoTerminal(_ environment: [String: String], _ start: String, _ asks: Bool)
    async throws
  {
    var env = [
      "PATH": "/usr/bin:/bin", "ROVERS_API_BASE": Offline.apiBase, "ROVERS_SOURCE": "api",
      "ROVERS_NASA_BASE": Offline.refusedFeeds, "HOME": "/nonexistent", "COLUMNS": "60",
    ]
    env.merge(environment) { $1 }
    let command = "\(Binaries.rovers.path) show \(Self.grey)"
    let run = try await ProcessRun.run(
      URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], environment: env)
    #expect(run.status == 0, "\(run.stdout.prefix(300))")
    #expect(run.stdout.contains(start), "\(run.stdout.prefix(300).debugDescription)")
    #expect(run.stdout.contains(ProtocolQuestion.text) == asks)
  }
}

/// Image addresses and NASA ids in tables are hyperlinks on a terminal, and nowhere else.
@Suite(
  .enabled(
    if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"),
    "script (util-linux) is not installed"),
  .timeLimit(.minutes(3)))
struct HyperlinkTests {
  @Test func onATerminalTheURLIsALinkInAPipeOrOnADumbTerminalNot() async throws {
    let api = try await FixtureServer.start()
    func run(_ line: String, _ extra: [String: String]) async throws -> ProcessRun {
      var env = [
        "PATH": "/usr/bin:/bin", "ROVERS_API_BASE": api.baseURL, "ROVERS_SOURCE": "api",
        "ROVERS_NASA_BASE": Offline.refusedFeeds, "HOME": "/nonexistent", "TERM": "xterm",
      ]
      env.merge(extra) { $1 }
      return try await ProcessRun.run(
        URL(fileURLWithPath: "/usr/bin/script"),
        ["-qec", "\(Binaries.rovers.path) \(line)", "/dev/null"], environment: env)
    }
    let link = "\u{1B}]8;;http"
    let photos = try await run(
      "photos curiosity --sol 1000 --camera FHAZ --fields nasa_id,img_src", [:])
    #expect(photos.status == 0)
    // The id and the address both link to the image.
    #expect(
      photos.stdout.components(separatedBy: link).count - 1 == 4,
      "\(photos.stdout.debugDescription)")
    #expect(photos.stdout.contains("\u{1B}]8;;\u{1B}\\"))
    let latest = try await run("latest curiosity", [:])
    #expect(latest.stdout.contains("\u{1B}]8;;http"))
    let dumb = try await run("photos curiosity --sol 1000 --camera FHAZ", ["TERM": "dumb"])
    #expect(!dumb.stdout.contains("\u{1B}]8;;"))
    let piped = try await CapturedRun.rovers(
      ["photos", "curiosity", "--sol", "1000", "--camera", "FHAZ"], base: api.baseURL)
    #expect(!piped.stdout.contains("\u{1B}]8;;"))
  }
}

/// What `auto` asks a terminal that the environment says nothing of.
enum ProtocolQuestion {
  static let text = "\u{1B}_Gi=31,s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[c\u{1B}[5n"
}
