import CommandRuntime
import Foundation
import MarsCatalog
import TestSupport
import Testing

@testable import rovers

/// The README's promises, held to the tool: every runnable example runs against the fixture
/// servers, shown output is the output, and the exit-code and environment tables are the ones
/// help and the man page are made from.
@Suite(.timeLimit(.minutes(3))) struct ReadmeExamplesTests {
  /// One command from the README: from a ```sh block (must succeed), or a `$ ` line of a
  /// ```console block with the lines shown after it.
  struct Example: CustomStringConvertible {
    var command: String
    /// What stdout and stderr together print; `nil` where the README shows nothing.
    var shown: String?

    var description: String { command }
  }

  static let readme: String = {
    (try? String(
      contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8))
      ?? ""
  }()

  /// The examples in README order: later ones use what earlier ones downloaded.
  static func examples() -> [Example] {
    var examples: [Example] = []
    var fence: String?
    var current: Example?
    for line in readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        if let example = current { examples.append(example) }
        current = nil
        fence = fence == nil ? String(line.dropFirst(3)) : nil
        continue
      }
      switch fence {
      case "sh" where line.hasPrefix("rovers "):
        examples.append(Example(command: line, shown: nil))
      case "console" where line.hasPrefix("$ "):
        if let example = current { examples.append(example) }
        current = Example(command: String(line.dropFirst(2)), shown: "")
      case "console":
        current?.shown? += line + "\n"
      default: break
      }
    }
    return examples
  }

  @Test func everyRunnableExampleRunsAndShowsWhatTheReadmeSays() async throws {
    let examples = Self.examples()
    // Parsing that found nothing would pass vacuously.
    #expect(examples.count >= 25)
    #expect(examples.contains { $0.shown != nil })
    let api = try await FixtureServer.start(imageLatencyMilliseconds: 0)
    let feeds = try await FixtureServer.start(shape: "nasa", imageLatencyMilliseconds: 0)
    let home = try TemporaryFolder()
    let environment = [
      // The binary under test first on the path (the release one `make test` names), as a
      // user who installed it runs the examples.
      "HOME": home.url.path,
      "PATH": Binaries.rovers.deletingLastPathComponent().path + ":/usr/bin:/bin",
      "ROVERS_API_BASE": api.baseURL, "ROVERS_NASA_BASE": feeds.host,
      "XDG_CACHE_HOME": home.url.appendingPathComponent("cache").path,
      "XDG_CONFIG_HOME": home.url.appendingPathComponent("config").path,
      "NO_PROXY": "*", "no_proxy": "*",
    ]
    for example in examples {
      let run = try await ProcessRun.run(
        URL(fileURLWithPath: "/bin/sh"),
        ["-c", "cd \"$HOME\" && " + example.command + " 2>&1"], environment: environment)
      if let shown = example.shown {
        #expect(run.stdout == shown, "\(example)")
      } else {
        #expect(run.status == 0, "\(example): \(run.stdout.prefix(400))")
        #expect(!run.stdout.contains("Error:"), "\(example): \(run.stdout.prefix(400))")
      }
    }
    // The xargs example saves each of sol 100's 49 photos, not one per batch; the panorama
    // example writes its panorama.
    let saved = try FileManager.default.contentsOfDirectory(atPath: home.url.path)
      .filter { $0.hasSuffix(".jpg") }
    #expect(saved.filter { $0 != "panorama.jpg" }.count == 49)
    #expect(saved.contains("panorama.jpg"))
    // download and sync filled ~/mars, and the gallery was built from it.
    #expect(
      FileManager.default.fileExists(
        atPath: home.url.appendingPathComponent("mars/index.html").path))
  }

  /// A newcomer reads it through: the details are in `rovers help` and the man page, how the
  /// bench's rows were reached in the bench's own notebook.
  @Test func theReadmeStaysShortAndTheNotebookHasItsOwnFile() throws {
    let lines = Self.readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines > 100 && lines <= 700, "the README is \(lines) lines")
    let notebook = try String(
      contentsOf: PackagePaths.root.appendingPathComponent("Benchmarks/README.md"),
      encoding: .utf8)
    #expect(notebook.contains("| case | sizes | rovers | exponent |"))
    #expect(Self.readme.contains("(Benchmarks/README.md)"))
  }

  @Test func theExitCodeTableIsTheOneHelpIsMadeFrom() {
    var table = "| code | meaning |\n|---|---|\n"
    for code in ExitCode.allCases { table += "| \(code.rawValue) | \(code.meaning) |\n" }
    #expect(Self.readme.contains(table))
  }

  @Test func theSchemaIsTheOneTheCatalogueIsMadeFrom() {
    var table = "| photos column | type | meaning |\n|---|---|---|\n"
    for column in CatalogSchema.photoColumns {
      table += "| `\(column.name)` | \(column.type) | \(column.meaning) |\n"
    }
    #expect(Self.readme.contains(table))
  }

  @Test func theEnvironmentTableIsTheOneHelpIsMadeFrom() {
    var table = "| variable | what it does |\n|---|---|\n"
    for (name, meaning) in HelpTopic.environmentVariables {
      table += "| `\(name)` | \(meaning) |\n"
    }
    #expect(Self.readme.contains(table))
  }
}
