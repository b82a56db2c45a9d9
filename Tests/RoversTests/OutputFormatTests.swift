import ArgumentParsing
import CommandRuntime
import Foundation
import Synchronization
import Testing

@testable import rovers

@Suite(.timeLimit(.minutes(3))) struct OutputFormatTests {
  static let rows: [[Records.Cell]] = [
    [.number(7), .text("plain"), .list(["FHAZ", "RHAZ"])],
    [.number(8), .text("a, \"quoted\"\nname"), .list([])],
  ]

  var records: Records {
    Records([.init("id", alignRight: true), .init("name"), .init("cameras")], Self.rows) { $0 }
  }

  @Test func csvFollowsRFC4180() {
    #expect(
      records.csv() == "id,name,cameras\n7,plain,FHAZ RHAZ\n8,\"a, \"\"quoted\"\"\nname\",\n")
    #expect(
      records.csv(crlf: true)
        == "id,name,cameras\r\n7,plain,FHAZ RHAZ\r\n8,\"a, \"\"quoted\"\"\nname\",\r\n")
  }

  /// A field is looked at eight bytes at a time: each byte that needs care (a comma, a quote,
  /// a line break, a control, 0xC2 that may start a C1 control) is found at every place of
  /// fields of every length up to 20, and a field of other bytes (letters, accents) goes as it
  /// is.
  @Test func csvFindsABytesThatNeedsCareAnywhereInAField() {
    for length in 1...20 {
      for place in 0..<length {
        for (special, written) in [
          (",", "comma"), ("\"", "quote"), ("\n", "line break"), ("\u{7}", "bell"),
          ("\u{85}", "C1"),
        ] {
          var text = Array(repeating: "é", count: length)
          text[place] = special
          let field = text.joined()
          let records = Records([.init("f")], [[Records.Cell.text(field)]]) { $0 }
          // What the field must become, by the plain rule: a control shown as U+FFFD, then
          // quoted when a comma, quote or line break is there.
          let kept = field.replacingOccurrences(of: "\u{7}", with: "\u{FFFD}")
            .replacingOccurrences(of: "\u{85}", with: "\u{FFFD}")
          let quoted =
            kept.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" })
            ? "\"" + kept.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : kept
          #expect(records.csv() == "f\n" + quoted + "\n", "\(length) \(place) \(written)")
        }
        let plain = String(repeating: "aé\u{FF}", count: length)
        #expect(Records([.init("f")], [[Records.Cell.text(plain)]]) { $0 }.csv() == "f\n\(plain)\n")
      }
    }
  }

  @Test func tsvEscapesTabsAndBreaksInsideFields() {
    let records = Records(
      self.records.fields, Self.rows + [[.number(9), .text("tab\there\\"), .list([])]]
    ) { $0 }
    #expect(
      records.tsv()
        == "id\tname\tcameras\n7\tplain\tFHAZ RHAZ\n8\ta, \"quoted\"\\nname\t\n9\ttab\\there\\\\\t\n"
    )
  }

  @Test func ndjsonKeepsTypes() throws {
    #expect(
      records.ndjson() == """
        {"cameras":["FHAZ","RHAZ"],"id":7,"name":"plain"}
        {"cameras":[],"id":8,"name":"a, \\"quoted\\"\\nname"}

        """)
  }

  @Test func fieldsPickAndOrder() throws {
    let picked = try records.selecting(["name", "id"], spec: nil)
    #expect(picked.csv() == "name,id\nplain,7\n\"a, \"\"quoted\"\"\nname\",8\n")
    #expect(throws: UsageError.self) { try records.selecting(["nmae"], spec: nil) }
  }

  @Test func statusIsColouredOnlyWhenColourIsOn() {
    let records = Records(
      [.init("name"), .status],
      [[Records.Cell.text("Spirit"), .text("complete")], [.text("Curiosity"), .text("active")]]
    ) { $0 }
    let plain = records.table(TerminalStyle(width: nil, color: false))
    #expect(!plain.contains("\u{1B}"))
    let coloured = records.table(TerminalStyle(width: nil, color: true))
    #expect(coloured.contains("\u{1B}[34mcomplete\u{1B}[0m"))
    #expect(coloured.contains("\u{1B}[32mactive\u{1B}[0m"))
    // Colour never shifts the columns.
    let stripped = coloured.replacingOccurrences(
      of: "\u{1B}\\[[0-9]+m", with: "", options: .regularExpression)
    #expect(stripped == plain)
  }

  @Test(arguments: [
    ([String: String](), true), (["NO_COLOR": "1"], false), (["TERM": "dumb"], false),
    (["NO_COLOR": ""], true),
  ])
  func colourRules(_ environment: [String: String], _ expected: Bool) {
    #expect(TerminalStyle(environment: environment, stdoutIsTerminal: true).color == expected)
    #expect(!TerminalStyle(environment: environment, stdoutIsTerminal: false).color)
  }

  @Test(arguments: [
    ([String](), ColorChoice.auto), (["--no-color"], .never), (["--color", "always"], .always),
    (["--color=NEVER"], .never), (["--color", "auto"], .auto),
  ])
  func colourChoices(_ words: [String], _ expected: ColorChoice) async throws {
    let options = try OutputOptions(ArgumentParser.parse(words, for: Rovers.List.spec))
    #expect(options.color == expected)
  }

  @Test func colourAlwaysPaintsAPipeAndNeverDoesNot() async throws {
    let server = try await FixtureServer.start()
    let always = try await CapturedRun.rovers(["list", "--color", "always"], base: server.baseURL)
    #expect(always.stdout.contains("\u{1B}[1m"))
    let never = try await CapturedRun.rovers(["list", "--color", "never"], base: server.baseURL)
    #expect(!never.stdout.contains("\u{1B}"))
    let both = try await CapturedRun.rovers(
      ["list", "--no-color", "--color", "always"], base: server.baseURL)
    #expect(both.status == 64)
    #expect(
      both.stderr.hasPrefix("Error: '--no-color' and '--color always' cannot be used together"))
  }

  @Test func formatAndJSONMustAgree() async {
    let run = await CapturedRun.run("list --json --format csv")
    #expect(run.code == .usage)
    #expect(run.stderr.hasPrefix("Error: '--json' and '--format csv' cannot be used together\n"))
  }
}

/// The formats as text, for comparing.
extension Records {
  func rendered(_ write: (OutputBuffer) -> Void) -> String {
    let text = Mutex("")
    let console = Console(
      style: TerminalStyle(width: nil, color: false),
      out: { piece in text.withLock { $0 += piece } },
      err: { _ in })
    let out = OutputBuffer(console)
    write(out)
    out.flush()
    return text.withLock { $0 }
  }

  func csv(crlf: Bool = false) -> String { rendered { csv(crlf: crlf, to: $0) } }
  func tsv() -> String { rendered { tsv(to: $0) } }
  func ndjson() -> String { rendered { ndjson(to: $0) } }
  func table(_ style: TerminalStyle) -> String { rendered { table(style, to: $0) } }
}
