import ArgumentParsing
import CommandRuntime
import Foundation
import TestSupport
import Testing

@testable import rovers

/// Help, the man page and the completion scripts, against files checked in: a change to any
/// command shows up here as a diff to read (`make golden` rewrites them).
@Suite(.timeLimit(.minutes(3))) struct GoldenTests {
  static let folder = PackagePaths.root.appendingPathComponent("Tests/RoversTests/Golden")

  @Test(arguments: [
    ("--help", "help.txt"), ("help photos", "help-photos.txt"),
    ("help download", "help-download.txt"), ("--generate-man-page", "rovers.1"),
    ("--generate-completion-script bash", "completion.bash"),
    ("--generate-completion-script zsh", "completion.zsh"),
    ("--generate-completion-script fish", "completion.fish"),
  ])
  func outputMatchesItsGoldenFile(_ line: String, _ file: String) async throws {
    let run = await CapturedRun.run(line)
    #expect(run.code == .success)
    let golden = try String(contentsOf: Self.folder.appendingPathComponent(file), encoding: .utf8)
    #expect(run.stdout == golden, "run `make golden` and read the diff if the change is meant")
  }

  @Test func theBashScriptParses() async throws {
    #expect(
      await Self.check([
        "/bin/bash", "-n", Self.folder.appendingPathComponent("completion.bash").path,
      ]))
  }

  @Test(arguments: ["gallery", "verify"])
  func bashCompletesFoldersWhereACommandTakesOne(_ command: String) async throws {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(
      at: folder.url.appendingPathComponent("mars"), withIntermediateDirectories: true)
    try Data().write(to: folder.url.appendingPathComponent("notes.txt"))
    let script = Self.folder.appendingPathComponent("completion.bash").path
    let run = try await ProcessRun.run(
      URL(fileURLWithPath: "/bin/bash"),
      [
        "-c",
        "cd '\(folder.url.path)' && source '\(script)' && COMP_WORDS=(rovers \(command) '')"
          + " && COMP_CWORD=2 && _rovers && echo \"${COMPREPLY[*]}\"",
      ], environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.stdout == "mars\n", "\(run.stderr)")
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed"))
  func zshShowsTheDescriptionsAsWritten() async throws {
    let script = Self.folder.appendingPathComponent("completion.zsh").path
    // The commands' descriptions, as zsh reads the array: apostrophes and colons kept.
    let run = try await ProcessRun.run(
      URL(fileURLWithPath: "/usr/bin/zsh"),
      [
        "-f", "-c",
        "eval \"$(sed -n '/^  commands=(/,/^  )/p' '\(script)' | sed 's/commands=/described=/')\""
          + " && print -r -l -- $described",
      ], environment: ["PATH": "/usr/bin:/bin"])
    #expect(run.stdout.contains("latest:Show each rover's most recent photos.\n"), "\(run.stderr)")
    #expect(run.stdout.contains("sync:Fetch every photo not yet in a folder: made for cron.\n"))
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh"), "zsh is not installed"))
  func theZshScriptParses() async throws {
    #expect(
      await Self.check([
        "/usr/bin/zsh", "-n", Self.folder.appendingPathComponent("completion.zsh").path,
      ]))
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed"),
    arguments: [
      ("rovers help ", "exit-codes"), ("rovers help ", "photos"),
      ("rovers photos --fields id,", "id,camera"), ("rovers list --fields name,sta", "name,status"),
    ])
  func fishCompletesHelpTopicsAndTheNextField(_ line: String, _ expected: String) async throws {
    let script = Self.folder.appendingPathComponent("completion.fish").path
    // A home of its own: fish writes its history and settings under it even with --no-config.
    let home = try TemporaryFolder()
    let run = try await ProcessRun.run(
      URL(fileURLWithPath: "/usr/bin/fish"),
      ["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"],
      environment: ["PATH": "/usr/bin:/bin", "HOME": home.url.path])
    let candidates = run.stdout.split(separator: "\n").map {
      String($0.split(separator: "\t").first ?? "")
    }
    #expect(candidates.contains(expected), "\(run.stdout)\(run.stderr)")
  }

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: "/usr/bin/fish"), "fish is not installed"))
  func theFishScriptParses() async throws {
    #expect(
      await Self.check([
        "/usr/bin/fish", "--no-execute", Self.folder.appendingPathComponent("completion.fish").path,
      ]))
  }

  @Test func completionIsHiddenFromHelp() async {
    let help = await CapturedRun.run("--help").stdout
    #expect(!help.contains("generate"))
  }

  @Test func anUnknownShellIsAUsageError() async {
    let run = await CapturedRun.run("--generate-completion-script powershell")
    #expect(run.code == .usage)
    #expect(
      run.stderr.hasPrefix(
        "Error: The value 'powershell' is invalid for '--generate-completion-script <shell>': give bash, zsh or fish\n"
      ))
  }

  private static func check(_ command: [String]) async -> Bool {
    guard let child = try? Subprocess(command[0], Array(command.dropFirst()), environment: [:])
    else {
      return false
    }
    return await child.exitStatus() == 0
  }
}
