import CommandRuntime
import Foundation
import TestSupport
import Testing

@testable import rovers

/// `rovers browse` in a real pseudo-terminal (tmux) against the fixture server: the drill-down,
/// search, download and open, and the terminal given back on q, signals and Ctrl-Z.
@Suite(
  .enabled(if: Tmux.isInstalled, "tmux is not installed"), .timeLimit(.minutes(3)))
struct BrowseTests {
  /// A folder with the script that runs the browser, a stand-in for xdg-open, and where the
  /// exit code and the terminal's settings before and after are written.
  struct Setup {
    let folder: TemporaryFolder
    let server: FixtureServer
    var url: URL { folder.url }
    var mars: URL { url.appendingPathComponent("mars") }

    init(latency: Int = 0) async throws {
      folder = try TemporaryFolder()
      server = try await FixtureServer.start(
        latencyMilliseconds: latency, imageLatencyMilliseconds: 0)
      let bin = folder.url.appendingPathComponent("bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      let opener = bin.appendingPathComponent("xdg-open")
      // It keeps its environment too: the API key must not reach it.
      try
        "#!/bin/sh\nenv > \(folder.url.path)/opened-env\nprintf '%s' \"$1\" > \(folder.url.path)/opened\n"
        .write(
          to: opener, atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: opener.path)
    }

    /// The command tmux runs: the browser with `arguments`, in the background of a shell
    /// without job control (so the test knows its pid), reading the terminal.
    func command(_ arguments: String, environment: [String: String] = [:]) throws -> String {
      var env = [
        "ROVERS_API_BASE": server.baseURL, "ROVERS_NASA_BASE": Offline.nasaBase,
        "ROVERS_SOURCE": "api", "NO_PROXY": "*", "no_proxy": "*", "TERM": "xterm-256color",
        "XDG_CACHE_HOME": url.appendingPathComponent("cache").path,
        "PATH": url.appendingPathComponent("bin").path + ":/usr/bin:/bin",
      ]
      env.merge(environment) { $1 }
      let exports = env.sorted { $0.key < $1.key }.map { "export \($0.key)='\($0.value)'" }
      let script = url.appendingPathComponent("run.sh")
      try
        (exports + [
          "cd '\(url.path)'",
          "stty -g > before",
          "'\(Binaries.rovers.path)' browse \(arguments) < /dev/tty 2> stderr & echo $! > pid",
          "wait $!; echo $? > code",
          "stty -g > after",
          "sleep 600",
        ]).joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
      return "bash --norc '\(script.path)'"
    }

    func read(_ name: String) -> String? {
      (try? String(contentsOf: url.appendingPathComponent(name), encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Waits for the browser's exit code, and checks the terminal is as it was.
    func exitCode() async throws -> String? {
      // The file is there before stty has written to it.
      try await Poll.until("the browser to end", within: 20) { read("after")?.isEmpty == false }
      #expect(read("before") == read("after"), "the terminal's settings were not given back")
      return read("code")
    }
  }

  @Test("rovers, /curiosity to its sols, /1000 to sol 1000, its photos, o opens, d saves 856, q")
  func drillDown() async throws {
    let setup = try await Setup()
    let key = "mv_live_BROWSEOPENERSECRET"
    let terminal = try await Tmux.start(
      columns: 120, rows: 40,
      command: try setup.command("-o mars", environment: ["ROVERS_API_KEY": key]))
    for rover in ["Curiosity", "Spirit", "Opportunity", "Perseverance"] {
      try await terminal.waitFor(rover)
    }
    try await terminal.type("/curiosity")
    try await terminal.press("Enter", "Enter")
    try await terminal.waitFor("2540 at the top") { $0.hasPrefix("     2540  2019-09-28") }
    let title = try await terminal.screen()[0]
    #expect(title.contains("rovers › Curiosity"))
    try await terminal.type("/1000")
    try await terminal.press("Enter")
    try await terminal.waitFor("sol 1000 with 856 photos") {
      $0.contains("1000  2015-05-30     856")
    }
    try await terminal.press("Enter")
    try await terminal.waitFor("FHAZ")
    // The sol's pages arrive one by one; the title counts them once all are in, and only then
    // does a search see every camera.
    try await terminal.waitFor("the sol's 856 photos in the title") {
      $0.contains("sol 1000 (2015-05-30)") && $0.contains("1/856")
    }
    try await terminal.type("/navcam")
    try await terminal.press("Enter")
    try await terminal.waitFor("NAVCAM")
    try await terminal.press("o")
    try await Poll.until("the opener to be called", within: 10) { setup.read("opened") != nil }
    #expect(
      setup.read("opened")?.hasSuffix(".JPG") == true
        || setup.read("opened")?.hasSuffix(".jpg") == true)
    let openerEnvironment = try #require(setup.read("opened-env"))
    #expect(openerEnvironment.contains("PATH="))
    #expect(!openerEnvironment.contains(key), "the opener was given the API key")
    try await terminal.press("Left", "d")
    try await terminal.waitFor("saved 856")
    #expect(Folder.photos(setup.mars).count == 856)
    try await terminal.waitFor("sol 1000 marked as saved") { $0.contains("●   1000") }
    try await terminal.press("q")
    #expect(try await setup.exitCode() == "0")
    #expect(setup.read("stderr") == "")
  }

  @Test("a resize redraws within 60 × 20; SIGTERM gives the terminal back, exit 130")
  func resizeAndTerminate() async throws {
    let setup = try await Setup()
    let terminal = try await Tmux.start(
      columns: 120, rows: 40, command: try setup.command("curiosity"))
    try await terminal.waitFor("2540")
    try await terminal.resize(columns: 60, rows: 20)
    try await terminal.waitFor("the title at 60 columns") {
      $0.hasPrefix(" rovers › Curiosity") && $0.hasSuffix("1/2281  ? keys")
    }
    let screen = try await terminal.screen()
    #expect(screen.prefix(20).last?.hasPrefix("Enter photos") == true)
    #expect(screen[2].hasPrefix("     2540  2019-09-28       4  FHAZ RHAZ"))
    let pid = try #require(setup.read("pid").flatMap { Int32($0) })
    kill(pid, SIGTERM)
    #expect(try await setup.exitCode() == "130")
    let after = try await terminal.screen()
    #expect(!after.contains { $0.contains("rovers › Curiosity") })
  }

  @Test("Ctrl-Z gives the terminal back; fg takes it again in raw mode")
  func suspend() async throws {
    let setup = try await Setup()
    let terminal = try await Tmux.start(columns: 100, rows: 30, command: "bash --norc -i")
    _ = try setup.command("")
    let env = try String(contentsOf: setup.url.appendingPathComponent("run.sh"), encoding: .utf8)
      .components(separatedBy: "\n").filter { $0.hasPrefix("export") }.joined(separator: "; ")
    try await terminal.type(
      "\(env); cd '\(setup.url.path)'; stty -g > before; '\(Binaries.rovers.path)' browse curiosity"
    )
    try await terminal.press("Enter")
    try await terminal.waitFor("2540")
    let tty = try await terminal.tty()
    let raw = try await terminal.settings(of: tty)
    #expect(raw.contains("-icanon"))
    try await terminal.press("C-z")
    try await terminal.waitFor("Stopped")
    let stopped = try await terminal.screen()
    #expect(!stopped.contains { $0.hasPrefix(" rovers › Curiosity") })
    try await terminal.type("stty -g > stopped")
    try await terminal.press("Enter")
    try await Poll.until("stty to run", within: 10) { setup.read("stopped")?.isEmpty == false }
    #expect(setup.read("stopped") == setup.read("before"))
    try await terminal.type("fg")
    try await terminal.press("Enter")
    try await terminal.waitFor("the browser again") { $0.hasPrefix(" rovers › Curiosity") }
    for _ in 0..<100 where try await !terminal.settings(of: tty).contains("-icanon") {
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(try await terminal.settings(of: tty).contains("-icanon"))
    try await terminal.press("j")
    try await terminal.waitFor("2/2281")
    try await terminal.press("q")
    // Keys typed before the browser has ended are its own: the shell is waited for.
    for _ in 0..<200
    where try await terminal.screen().contains(where: { $0.hasPrefix(" rovers ›") }) {
      try await Task.sleep(for: .milliseconds(50))
    }
    // The browser has ended once its process has: the shell is the pane's program again.
    let deadline = ContinuousClock.now + .seconds(10)
    while try await terminal.foreground() != "bash", ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(20))
    }
    #expect(try await terminal.foreground() == "bash")
    try await terminal.type("stty -g > after")
    try await terminal.press("Enter")
    try await Poll.until("stty to run", within: 10) { setup.read("after")?.isEmpty == false }
    #expect(setup.read("after") == setup.read("before"))
  }

  @Test("feeds that never answer: the API's rovers at once, the missions left out in words")
  func hangingFeeds() async throws {
    let setup = try await Setup()
    let feeds = try await FixtureServer.start(latencyMilliseconds: 600_000, shape: "nasa")
    let terminal = try await Tmux.start(
      columns: 120, rows: 30,
      command: try setup.command(
        "", environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": feeds.host]))
    for rover in ["Curiosity", "Spirit", "Opportunity", "Perseverance"] {
      try await terminal.waitFor(rover)
    }
    try await terminal.waitFor("Ingenuity and InSight are left out")
    let screen = try await terminal.screen()
    #expect(screen.contains { $0.contains("no answer from 127.0.0.1 within 2 s") })
    #expect(!screen.dropLast().contains { $0.contains("Ingenuity ") && $0.contains("complete") })
    // The rovers work as ever: Perseverance's sols open.
    try await terminal.type("/perseverance")
    try await terminal.press("Enter", "Enter")
    try await terminal.waitFor("1042 at the top") { $0.hasPrefix("     1042  2024-01-24") }
    try await terminal.press("q")
    #expect(try await setup.exitCode() == "0")
  }

  @Test("feeds that answer: the missions join the rovers")
  func missionsJoin() async throws {
    let setup = try await Setup()
    let feeds = try await FixtureServer.start(shape: "nasa")
    let terminal = try await Tmux.start(
      columns: 120, rows: 30,
      command: try setup.command(
        "", environment: ["ROVERS_SOURCE": "auto", "ROVERS_NASA_BASE": feeds.host]))
    try await terminal.waitFor("Perseverance")
    try await terminal.waitFor("InSight")
    try await terminal.press("q")
    #expect(try await setup.exitCode() == "0")
    #expect(setup.read("stderr") == "")
  }

  @Test("with a catalogue, / and words list its photos of every sol; ← goes back")
  func catalogueSearch() async throws {
    let setup = try await Setup()
    // Images served too: the catalogue's addresses, and so the previews, are the server's.
    let feeds = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let catalog = setup.url.appendingPathComponent("catalog.sqlite").path
    let sync = try await CapturedRun.rovers(
      ["catalog", "sync", "curiosity", "--from-sol", "86", "--to-sol", "87", "--catalog", catalog],
      base: Offline.apiBase, environment: ["ROVERS_NASA_BASE": feeds.host])
    #expect(sync.status == 0, "\(sync.stderr)")
    let terminal = try await Tmux.start(
      columns: 120, rows: 40,
      command: try setup.command("", environment: ["ROVERS_CATALOG": catalog]))
    try await terminal.waitFor("Curiosity")
    try await terminal.type("/navigation")
    try await terminal.press("Enter")
    // Sol 87's tiles are the newest; sol 86's Navcam frames follow.
    try await terminal.waitFor("the first found") {
      $0.contains("NLA_405127598EDR_T0050104NCAM00207M1") && $0.contains("87")
    }
    try await terminal.waitFor("how many") {
      $0.contains("24 photos whose title or caption has 'navigation'")
    }
    try await terminal.waitFor("the first's preview") { $0.contains("▀▀▀▀") }
    #expect(try await terminal.screen()[0].contains("rovers › 'navigation'"))
    try await terminal.press("G")
    try await terminal.waitFor("a sol-86 frame last") {
      $0.contains("EDR_F0050104NCAM00") && $0.contains("86")
    }
    try await terminal.press("BSpace")
    try await terminal.waitFor("the rovers again") { $0.contains("Perseverance") }
    // Inside a rover the catalogue holds nothing of, the search says so.
    try await terminal.type("/spirit")
    try await terminal.press("Enter", "Enter")
    try await terminal.waitFor("Spirit's sols") { $0.contains("rovers › Spirit") }
    try await terminal.type("/navigation")
    try await terminal.press("Enter")
    try await terminal.waitFor("the catalogue holds no Spirit") {
      $0.contains("holds no sol of spirit")
    }
    try await terminal.press("q")
    #expect(try await setup.exitCode() == "0")
    #expect(setup.read("stderr") == "")
  }

  @Test("stereo pairs: marked 3D in the photo list, a shows the pair's anaglyph")
  func stereoPreview() async throws {
    let setup = try await Setup()
    let terminal = try await Tmux.start(
      columns: 120, rows: 40, command: try setup.command("perseverance"))
    // The sols are newest first: G goes to sol 0, its 15 pairs recorded from the real API.
    try await terminal.waitFor("1042")
    try await terminal.press("G", "Enter")
    // The photos themselves, not only the title: an `a` pressed before they are listed is
    // answered "open a sol's photos first", which this test does not wait for.
    try await terminal.waitFor("the photos of sol 0") {
      $0.contains("2021-02-18") && !$0.contains("sol 0 (")
    }
    let list = try await terminal.screen()
    #expect(list.contains { $0.contains(" 3D") })
    // Down the list until a photo of a pair is selected: a then shows its anaglyph.
    var shown = false
    for _ in 0..<54 where !shown {
      try await terminal.press("a")
      try await terminal.waitFor("an answer to a") {
        $0.contains("3D: the pair as a red/cyan anaglyph") || $0.contains("partner is not")
      }
      shown = try await terminal.screen().contains { $0.contains("3D: the pair as a red/cyan") }
      if !shown { try await terminal.press("j") }
    }
    #expect(shown)
    try await terminal.waitFor("3D: red/cyan anaglyph of the pair")
    try await terminal.press("q")
    #expect(try await setup.exitCode() == "0")
    #expect(setup.read("stderr") == "")
  }

  @Test("NO_COLOR: no colour at all, the selection in reverse video")
  func noColor() async throws {
    let setup = try await Setup()
    let terminal = try await Tmux.start(
      columns: 100, rows: 30,
      command: try setup.command("curiosity", environment: ["NO_COLOR": "1"]))
    try await terminal.waitFor("2540")
    let screen = try await terminal.screenWithEscapes()
    #expect(!screen.contains("38;5;") && !screen.contains("48;5;") && !screen.contains("38;2;"))
    #expect(screen.contains("\u{1B}[7m") || screen.contains(";7m"))
    try await terminal.press("q")
    #expect(try await setup.exitCode() == "0")
  }
}

@Suite(.timeLimit(.minutes(3)))
struct BrowseWithoutTerminalTests {
  @Test("not on a terminal: exit 64 and the commands to use instead")
  func notATerminal() async throws {
    let run = await CapturedRun.run(["browse"], environment: Offline.environment([:]))
    #expect(run.code == .usage)
    #expect(
      run.stderr
        == "Error: browse needs a terminal on stdin and stdout; in a script, use 'rovers list', 'rovers manifest <rover>' and 'rovers photos <rover> --sol <sol>'\n"
    )
    #expect(run.stdout.isEmpty)
  }
}
