import CommandRuntime
import Foundation
import TestSupport
import Testing

@testable import ArgumentParsing
@testable import rovers

/// What people's hands type: getopt-style short options, help in every place argument-parser
/// answers it, and mistakes that get a way forward rather than a shrug.
@Suite(.timeLimit(.minutes(3))) struct CommandLineHabitsTests {
  @Test func shortOptionsCombineAndTakeAttachedValues() throws {
    let download = try ArgumentParser.parse(
      ["perseverance", "--sol", "100", "-j8", "-omars", "-qv"], for: Rovers.Download.spec)
    #expect(download.value("jobs") == "8")
    #expect(download.value("output") == "mars")
    #expect(download.flag("quiet") && download.flag("verbose"))
    let spaced = try ArgumentParser.parse(
      ["perseverance", "--sol", "1", "-vj", "4"], for: Rovers.Download.spec)
    #expect(spaced.value("jobs") == "4" && spaced.flag("verbose"))
    let equals = try ArgumentParser.parse(
      ["perseverance", "--sol", "1", "--jobs=8"], for: Rovers.Download.spec)
    #expect(equals.value("jobs") == "8")
  }

  @Test(arguments: [
    ("download perseverance --sol 1 -qx", "Unknown option '-x'."),
    ("download perseverance --sol 1 -j", "Missing value for '--jobs <n>'"),
    (
      "photos curiosity --sol 5 --sol 6",
      "'--sol <sol>' was given twice ('5' and '6'); it takes one value"
    ),
    (
      "photos curiosity --sol +5",
      "The value '+5' is invalid for '--sol <sol>': a sol is a whole number, 0 or more"
    ),
    (
      "photos curiosity --sol 99999999999999999999",
      "The value '99999999999999999999' is invalid for '--sol <sol>': the number is too large"
    ),
    ("photos curiosity --sol 1 --json --fields id", "'--fields' is for table, CSV, TSV and NDJSON"),
    ("photos curiosity --sol 1 --urls --json", "'--urls' prints only URLs; it cannot be used"),
    ("photos curiosity --sol 1 --urls --fields id", "it cannot be used with '--fields'"),
    (
      "photos curiosity --sol 1 --camera FHAZ,NAVCAM",
      "give one camera each time: --camera FHAZ --camera NAVCAM"
    ),
    (
      "latest --sol 5",
      "Unknown option '--sol'. For the photos of one sol, use 'rovers photos <rover> --sol <sol>'."
    ),
    ("photos curiosity --so 1", "Unknown option '--so'. Did you mean '--sol' or '--source'?"),
    ("phot", "Unknown subcommand 'phot'. Did you mean 'photos'?"),
    ("config show --verbose", "Unknown option '--verbose'."),
  ])
  func mistakesAreUsageErrors(_ line: String, _ message: String) async {
    let run = await CapturedRun.run(line)
    #expect(run.code == .usage)
    #expect(run.stderr.hasPrefix("Error: "))
    #expect(run.stderr.contains(message))
    #expect(run.stderr.contains("Usage: rovers"))
    #expect(run.stdout.isEmpty)
  }

  @Test func optionsBeforeTheSubcommandBelongToIt() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(["-q", "--format=csv", "list"], base: server.baseURL)
    #expect(run.status == 0)
    #expect(run.stdout.hasPrefix("name,status,"))
  }

  @Test func quietAndVerboseTogetherLeaveTheRequestLogAndErrors() async throws {
    let server = try await FixtureServer.start()
    let run = try await CapturedRun.rovers(
      ["-qv", "photos", "curiosity", "--sol", "99999"], base: server.baseURL)
    #expect(run.status == 0)
    // The request log stays; the range line, a notice, does not.
    #expect(run.stderr.contains("GET \(server.baseURL)/rovers/curiosity"))
    #expect(!run.stderr.contains("has photos from"))
  }

  @Test(arguments: ["help help", "help --help", "help -h"])
  func helpHasItsOwnHelp(_ line: String) async {
    let run = await CapturedRun.run(line)
    #expect(run.code == .success)
    #expect(run.stdout.hasPrefix("OVERVIEW: Show subcommand help information.\n\n"))
    #expect(run.stdout.contains("USAGE: rovers help [<subcommand>]"))
  }

  @Test func helpBeforeTheSubcommandIsItsHelp() async {
    let before = await CapturedRun.run("--help latest")
    let after = await CapturedRun.run("latest --help")
    #expect(before.stdout.hasPrefix("OVERVIEW: Show each rover's most recent photos."))
    #expect(before.stdout == after.stdout)
  }

  @Test(arguments: ["-V", "--version"])
  func versionHasAShortFlag(_ flag: String) async {
    let run = await CapturedRun.run(flag)
    #expect(run.stdout == Rovers.version + "\n")
  }

  // A URL default cannot be broken, so narrower than 80 a line may still pass the width.
  @Test(arguments: [80, 100, 120])
  func noHelpLineIsWiderThanTheWidth(_ width: Int) {
    let format = HelpFormatter(program: "rovers", width: width)
    var pages = Rovers.specs.map { format.help(for: $0) } + [Rovers.rootHelp(format)]
    pages += HelpTopic.all.map { $0.text(format) }
    for page in pages {
      for line in page.split(separator: "\n") {
        #expect(line.count <= width, "\(line)")
      }
    }
    // Nothing is lost to the wrapping: every option is still there.
    #expect(pages[3].contains("--earth-date <date>"))
  }

  @Test func helpInAPipeIsEightyColumnsWhateverColumnsSays() async throws {
    let run = try await CapturedRun.rovers(
      ["help", "photos"], base: "http://127.0.0.1:9/api/v1", environment: ["COLUMNS": "200"])
    let lines = run.stdout.split(separator: "\n")
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(lines.contains { $0.count > 70 })
  }

  @Test func configShowTakesOnlyWhatItShowsAndChecksEveryValue() async throws {
    let help = await CapturedRun.run("help config")
    #expect(help.stdout.contains("--json"))
    #expect(
      help.stdout.contains(
        "--timeout, --retries, --deadline, --cache-max-mb: see 'rovers help options'"))
    #expect(!help.stdout.contains("--verbose"))
    #expect(!help.stdout.contains("--fields"))
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("config")
    try Data("jobs = 0\n".utf8).write(to: file)
    let bad = await CapturedRun.run(["config", "show", "--config", file.path])
    #expect(bad.code == .configError)
    #expect(
      bad.stderr
        == "Error: \(file.path):1: the value '0' is invalid: give a whole number, 1 to 64\n")
    let json = await CapturedRun.run(
      ["config", "show", "--json"], environment: ["ROVERS_JOBS": "3", "ROVERS_CONFIG": ""])
    let rows = try #require(
      JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: String]])
    #expect(rows.contains { $0 == ["setting": "jobs", "value": "3", "from": "ROVERS_JOBS"] })
  }

  @Test func theProgressLineShowsPercentBytesRateAndTimeLeft() {
    var tally = DownloadProgress.Tally()
    tally.total = 40
    tally.downloaded = 10
    tally.bytes = 5_000_000
    #expect(
      DownloadProgress.line(tally, elapsed: 2)
        == "10/40  25%  5.0 MB  2.5 MB/s  0:06 left  0 failed")
    tally.total = nil
    #expect(DownloadProgress.line(tally, elapsed: 2) == "10 done  5.0 MB  2.5 MB/s  0 failed")
  }

  @Test func suggestionsMatchPrefixesAndNearSpellings() {
    let rovers = ["curiosity", "spirit", "opportunity", "perseverance"]
    #expect(Suggestion.hint(for: "opp", in: rovers) == " Did you mean 'opportunity'?")
    #expect(
      Suggestion.hint(for: "navcam", in: ["NAVCAM_LEFT", "NAVCAM_RIGHT", "SKYCAM"])
        == " Did you mean 'NAVCAM_LEFT' or 'NAVCAM_RIGHT'?")
    #expect(Suggestion.hint(for: "curiosty", in: rovers) == " Did you mean 'curiosity'?")
    #expect(Suggestion.hint(for: "zzz", in: rovers) == "")
  }
}
