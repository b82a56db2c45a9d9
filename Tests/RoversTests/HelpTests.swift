import ArgumentParsing
import CommandRuntime
import Testing

@testable import rovers

@Suite(.timeLimit(.minutes(3))) struct HelpTests {
  @Test(arguments: ["", "-h", "--help", "help"])
  func rootHelp(_ line: String) async {
    let run = await CapturedRun.run(line)
    #expect(run.code == .success)
    #expect(
      run.stdout.hasPrefix(
        "OVERVIEW: Browse NASA's Mars rover photos from the terminal.\n\nUSAGE: rovers <subcommand>\n"
      ))
    #expect(
      run.stdout.contains(
        "\nSUBCOMMANDS:\n  list                    List the rovers and their mission status.\n"))
    #expect(run.stdout.contains("  See 'rovers help <subcommand>' for detailed help.\n"))
    #expect(run.stderr.isEmpty)
  }

  @Test(arguments: [
    "help photos", "photos --help", "photos -h", "photos curiosity --sool 1 --help",
  ])
  func subcommandHelpWinsOverErrors(_ line: String) async {
    let run = await CapturedRun.run(line)
    #expect(run.code == .success)
    #expect(
      run.stdout.hasPrefix("OVERVIEW: List the photos a rover took on one sol or Earth day.\n"))
    #expect(
      run.stdout.contains(
        "\nUSAGE: rovers photos <rover>\n         (--sol <sol> | --earth-date <date> | --from-sol <sol>)"
      ))
    #expect(
      run.stdout.contains(
        "\nARGUMENTS:\n  <rover>                 The rover, such as perseverance.\n"))
    #expect(
      run.stdout.contains(
        "  --sol <sol>             The Martian day: a number (0 and up), or today,\n"))
    #expect(run.stdout.contains("  -h, --help              Show help information.\n"))
  }

  /// A command's help shows its own options and examples; the twenty options every data
  /// command shares are named once and described in `rovers help options`.
  @Test func commandHelpLeavesTheCommonOptionsToTheirTopic() async throws {
    let photos = await CapturedRun.run("help photos")
    #expect(!photos.stdout.contains("--api-base <url>"))
    #expect(photos.stdout.contains("\nCOMMON OPTIONS:\n  --fields, --color,"))
    #expect(photos.stdout.contains("-v, -q: see 'rovers help options'.\n"))
    #expect(photos.stdout.contains("\nEXAMPLES:\n  rovers photos perseverance --sol 100\n"))
    #expect(photos.stdout.split(separator: "\n").count < 55)
    let topic = await CapturedRun.run("help options")
    #expect(topic.code == .success)
    for option in CommonOptions.specs {
      #expect(topic.stdout.contains("  \(option.helpLabel)"), "\(option.long)")
    }
    #expect(
      topic.stdout.contains("(default: 300; 3600 for download and\n                          sync)")
    )
    // Every data command names each shared option it takes.
    for spec in Rovers.specs where !spec.commonOptions.isEmpty {
      let help = await CapturedRun.run("help \(spec.name)").stdout
      let paragraph = help.components(separatedBy: "COMMON OPTIONS:\n").last ?? ""
      for option in spec.commonOptions {
        #expect(paragraph.contains(option.short.map { "-\($0)" } ?? "--\(option.long)"))
      }
    }
  }

  /// Each example in help is a command line the parser takes.
  @Test func everyExampleParses() throws {
    for spec in Rovers.specs {
      for example in spec.examples {
        let words = example.split(separator: "|")[0].split(separator: " ").map(String.init)
        #expect(Array(words.prefix(2)) == ["rovers", spec.name], "\(example)")
        #expect(throws: Never.self, "\(example)") {
          try ArgumentParser.parse(Array(words.dropFirst(2)), for: spec)
        }
      }
    }
  }

  /// An example is copied whole: on a line of its own at 80 columns (the default width, and
  /// a narrow 40), never cut across two.
  @Test func everyExampleIsOneLineOfItsHelp() async {
    for spec in Rovers.specs {
      for width in ["80", "40"] {
        let help = await CapturedRun.run(
          ["help", spec.name], environment: ["COLUMNS": width]
        ).stdout
        let lines = Set(help.split(separator: "\n").map(String.init))
        for example in spec.examples {
          #expect(lines.contains("  " + example), "\(spec.name) at \(width): \(example)")
          // And at 80 columns, none is wider than the terminal.
          #expect(example.count + 2 <= 80, "\(example)")
        }
      }
    }
  }

  @Test func everyDescriptionStartsAtColumn26() async {
    for name in ["list", "latest", "manifest", "photos"] {
      let help = await CapturedRun.run("help \(name)").stdout
      // The common options' paragraph names options without describing them.
      let described = help.components(separatedBy: "\nCOMMON OPTIONS:\n")[0]
      for line in described.split(separator: "\n")
      where (line.hasPrefix("  -") || line.hasPrefix("  <")) && line.count > 26 {
        let label = line.prefix(26)
        #expect(label.hasSuffix(" ") && line.dropFirst(26).first != " ", "\(line)")
      }
    }
  }

  @Test func versionIsBare() async {
    let run = await CapturedRun.run("--version")
    #expect(run.stdout == Rovers.version + "\n")
    // With -v, the libcurl it runs on, from the library itself.
    let verbose = await CapturedRun.run("--version -v")
    let lines = verbose.stdout.split(separator: "\n")
    #expect(lines.first == Substring(Rovers.version))
    #if canImport(LibCurl)
      #expect(
        lines.count == 2 && lines[1].wholeMatch(of: /libcurl [0-9]+\.[0-9]+\.[0-9]+.*/) != nil)
    #endif
    #expect(run.code == .success)
  }

  @Test func exitCodeTopicListsEveryCode() async {
    let run = await CapturedRun.run("help exit-codes")
    // Lines wrapped under the description column read as one again.
    let unwrapped = run.stdout.replacingOccurrences(
      of: "\n" + String(repeating: " ", count: HelpFormatter.descriptionColumn), with: " ")
    for code in ExitCode.allCases {
      #expect(unwrapped.contains("\n  \(code.rawValue)".padding(to: 27) + code.meaning + "\n"))
    }
  }

  @Test func longLabelsPushTheDescriptionDown() {
    #expect(
      HelpFormatter(program: "rovers").row("--a-very-long-option <value>", "Text.")
        == "  --a-very-long-option <value>\n" + String(repeating: " ", count: 26) + "Text.\n")
  }
}

@Suite(.timeLimit(.minutes(3))) struct TextTableTests {
  @Test func numbersAlignRightAndTheLastColumnIsShortenedInTheMiddle() {
    var table = TextTable([.init(title: "ID", alignRight: true), .init(title: "URL")])
    table.append(["7", "https://mars.nasa.gov/a/very/long/path/FLB_0001.JPG"])
    table.append(["12345", "short"])
    // 30 columns: 5 for the ids, 2 between, 23 for the URL with its middle cut out.
    let text = table.render(TerminalStyle(width: 30, color: false))
    #expect(text == "   ID  URL\n    7  https://mar…LB_0001.JPG\n12345  short\n")
  }

  @Test func aListDropsWholeNamesAndSaysHowManyNeverCuttingOne() {
    var table = TextTable([.init(title: "NAME"), .init(title: "CAMERAS", isList: true)])
    table.append(["Perseverance", "EDL_RUCAM EDL_DDCAM EDL_PUCAM1 EDL_PUCAM2 NAVCAM_LEFT"])
    // 40 columns: 12 for the name, 2 between, 26 for the cameras.
    let text = table.render(TerminalStyle(width: 40, color: false))
    #expect(text == "NAME          CAMERAS\nPerseverance  EDL_RUCAM EDL_DDCAM +3\n")
  }

  @Test func withoutAWidthNothingIsCut() {
    var table = TextTable([.init(title: "URL")])
    let url = "https://mars.nasa.gov/" + String(repeating: "x", count: 300)
    table.append([url])
    #expect(table.render(TerminalStyle(width: nil, color: false)).contains(url))
  }

  @Test func colourOnlyWrapsTheHeader() {
    let table = TextTable([.init(title: "NAME")])
    #expect(table.render(TerminalStyle(width: nil, color: true)) == "\u{1B}[1mNAME\u{1B}[0m\n")
  }
}
