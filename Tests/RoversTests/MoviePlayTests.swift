import FixtureServing
import Foundation
import RasterImages
import TestSupport
import Testing

/// `movie --show`: kitty's animation as bytes, and half-block playback in a real terminal
/// (tmux) that stops on q and on Ctrl-C with the terminal given back as it was.
@Suite(.timeLimit(.minutes(3))) struct MoviePlayTests {
  let folder: TemporaryFolder

  init() throws { folder = try TemporaryFolder() }

  /// Three small local frames: a dark, a mid and a light grey.
  func frames() throws -> [String] {
    try [40, 128, 220].enumerated().map { index, level in
      let file = folder.url.appendingPathComponent("f\(index).png")
      let image = RasterImage(
        width: 8, height: 4, pixels: Array(repeating: UInt8(level), count: 8 * 4 * 3))
      try Data(PNGEncoder.encode(image)).write(to: file)
      return file.path
    }
  }

  @Test func kittyGetsEveryFrameWithItsGapAndLoopsThem() async throws {
    let paths = try frames()
    let run = try await CapturedRun.rovers(
      ["movie"] + paths + ["--show", "--image-protocol", "kitty", "--fps", "5", "--width", "4"],
      base: Offline.apiBase)
    #expect(run.status == 0, "\(run.stderr)")
    let commands = run.stdout.components(separatedBy: "\u{1B}_G").dropFirst().map {
      $0.components(separatedBy: "\u{1B}\\")[0]
    }
    #expect(commands.count == 5)
    // The first frame placed four columns wide, as RGB pixels of 8 × 4.
    #expect(commands[0].hasPrefix("a=T,i=1892,f=24,s=8,v=4,q=2,c=4,m=0;"))
    let pixels = [UInt8](
      Data(base64Encoded: String(commands[0].split(separator: ";")[1])) ?? Data())
    #expect(pixels == Array(repeating: 40, count: 96))
    // Each later frame added with its gap: 200 ms at 5 frames a second.
    #expect(commands[1].hasPrefix("a=f,i=1892,f=24,s=8,v=4,z=200,q=2,m=0;"))
    let second = [UInt8](
      Data(base64Encoded: String(commands[2].split(separator: ";")[1])) ?? Data())
    #expect(second == Array(repeating: 220, count: 96))
    #expect(commands[3] == "a=a,i=1892,r=1,z=200,q=2")
    #expect(commands[4] == "a=a,i=1892,s=3,v=1,q=2")
  }

  @Test func itermGetsTheGIF() async throws {
    let paths = try frames()
    let run = try await CapturedRun.rovers(
      ["movie"] + paths + ["--show", "--image-protocol", "iterm", "--width", "10"],
      base: Offline.apiBase)
    #expect(run.status == 0, "\(run.stderr)")
    let payload = try #require(
      run.stdout.components(separatedBy: "preserveAspectRatio=1:").last?.split(
        separator: "\u{07}"
      ).first)
    let gif = [UInt8](Data(base64Encoded: String(payload)) ?? Data())
    #expect(gif.starts(with: Array("GIF89a".utf8)))
    #expect(run.stdout.contains("width=10;"))
  }

  @Test(.enabled(if: Tmux.isInstalled, "tmux is not installed"), arguments: ["q", "C-c"])
  func halfBlocksPlayUntilAKeyAndGiveTheTerminalBack(_ key: String) async throws {
    let paths = try frames()
    let script = folder.url.appendingPathComponent("run.sh")
    let command =
      "'\(Binaries.rovers.path)' movie \(paths.joined(separator: " "))"
      + " --show --image-protocol blocks --fps 4"
    try """
    cd '\(folder.url.path)'
    export PATH=/usr/bin:/bin ROVERS_SOURCE=api NO_COLOR=
    stty -g > before
    echo MARKER-BEFORE-THE-MOVIE
    \(command)
    echo "exit=$?" > code
    stty -g > after
    echo MARKER-AFTER-THE-MOVIE
    read -r _
    """.write(to: script, atomically: true, encoding: .utf8)
    let terminal = try await Tmux.start(
      columns: 60, rows: 20, command: "bash --norc \(script.path)")
    // The frame counter moves: it plays. (Sampled, so any two of its values will do.)
    var counters: Set<String> = []
    let deadline = ContinuousClock.now + .seconds(30)
    while counters.count < 2, ContinuousClock.now < deadline {
      let screen = try await terminal.screen()
      for line in screen
      where ["1/3", "2/3", "3/3"].contains(line.trimmingCharacters(in: .whitespaces)) {
        counters.insert(line.trimmingCharacters(in: .whitespaces))
      }
      try await Task.sleep(for: .milliseconds(40))
    }
    #expect(counters.count >= 2, "the counter moved: \(counters)")
    let playing = try await terminal.screen()
    #expect(!playing.contains { $0.contains("MARKER-BEFORE") }, "on the alternate screen")
    try await terminal.press(key)
    try await terminal.waitFor("MARKER-AFTER-THE-MOVIE")
    let code = try String(
      contentsOf: folder.url.appendingPathComponent("code"), encoding: .utf8)
    #expect(code == (key == "q" ? "exit=0\n" : "exit=130\n"))
    let before = try String(
      contentsOf: folder.url.appendingPathComponent("before"), encoding: .utf8)
    let after = try String(contentsOf: folder.url.appendingPathComponent("after"), encoding: .utf8)
    #expect(before == after, "the terminal's settings as they were")
    let screen = try await terminal.screen()
    #expect(screen.contains { $0.contains("MARKER-BEFORE-THE-MOVIE") })
    #expect(!screen.contains { $0.contains("/3") }, "the movie's screen is gone: \(screen)")
  }
}
