import CommandRuntime
import Foundation
import TestSupport
import Testing

@testable import ArgumentParsing
@testable import rovers

@Suite(.timeLimit(.minutes(3))) struct ParserTests {
  static let photosUsage = """
    Usage: rovers photos <rover> (--sol <sol> | --earth-date <date> | --from-sol <sol>) \
    [--to-sol <sol>] [--from-date <date>] [--to-date <date>] [--camera <name> ...] \
    [--page <n>] [--urls] [--size <size>] [--sample-type <type> ...] \
    [--mars-time-from <hh:mm>] [--mars-time-to <hh:mm>] [--near <lat,lon>] [--within <distance>] \
    [--format <format>] [--json]
      See 'rovers photos --help' for more information.

    """

  @Test(arguments: [
    ("photos curiosity --sool 1", "Unknown option '--sool'. Did you mean '--sol'?"),
    ("photos curiosity --sol", "Missing value for '--sol <sol>'"),
    ("photos --sol 1", "Missing expected argument '<rover>'"),
    ("photos curiosity spirit --sol 1", "Unexpected argument 'spirit'"),
    (
      "photos curiosity --sol abc",
      "The value 'abc' is invalid for '--sol <sol>': a sol is a whole number, 0 or more"
    ),
    (
      "photos curiosity --sol -1",
      "The value '-1' is invalid for '--sol <sol>': a sol is a whole number, 0 or more"
    ),
    (
      "photos curiosity --sol 1.5",
      "The value '1.5' is invalid for '--sol <sol>': a sol is a whole number, 0 or more"
    ),
    (
      "photos curiosity --earth-date 2021-02-30",
      "The value '2021-02-30' is invalid for '--earth-date <date>': give a real date as YYYY-MM-DD"
    ),
    (
      "photos curiosity --sol 1 --earth-date 2021-02-01",
      "'--sol <sol>' and '--earth-date <date>' cannot be used together"
    ),
    (
      "photos curiosity",
      "Missing expected argument '--sol <sol>' or '--earth-date <date>' or '--from-sol <sol>' or '--from-date <date>'"
    ),
    ("photos curiosity --to-sol 5", "'--to-sol' needs '--from-sol'"),
    ("photos curiosity --from-sol 9 --to-sol 5", "'--from-sol' (9) is after '--to-sol' (5)"),
    (
      "photos curiosity --from-sol 1 --sol 2",
      "'--sol <sol>' and '--from-sol <sol>' cannot be used together"
    ),
    (
      "photos curiosity --from-sol 1 --page 2",
      "'--page 2' is for one sol or Earth day, not a range"
    ),
    (
      "photos curiosity --sol 1 --mars-time-from 7pm",
      "The value '7pm' is invalid for '--mars-time-from <hh:mm>': give a time of day as HH:MM, such as 17:30"
    ),
    (
      "photos curiosity --sol 1 --sample-type full-ish",
      "The value 'full-ish' is invalid for '--sample-type <type>': give full, thumbnail, subframe or downsampled"
    ),
    (
      "photos curiosity --sol 1 --page 0",
      "The value '0' is invalid for '--page <n>': pages count from 1"
    ),
    (
      "photos cur/iosity --sol 1",
      "The value 'cur/iosity' is invalid for '<rover>': a rover name is letters, such as curiosity"
    ),
    (
      "photos curiosity --sol 1 --camera F/HAZ",
      "The value 'F/HAZ' is invalid for '--camera <name>': a camera name is letters, digits and _, such as FHAZ"
    ),
    ("photos curiosity --sol 1 --json=yes", "Unexpected argument '--json=yes'"),
  ])
  func photosUsageErrors(_ line: String, _ message: String) async {
    let run = await CapturedRun.run(line)
    #expect(run.code == .usage)
    #expect(run.stderr == "Error: \(message)\n" + Self.photosUsage)
    #expect(run.stdout.isEmpty)
  }

  @Test(arguments: [
    ("lst", "Error: Unknown subcommand 'lst'. Did you mean 'list'?"),
    ("--verison", "Error: Unknown option '--verison'. Did you mean '--version'?"),
    ("help nope", "Error: Unknown help topic 'nope'."),
  ])
  func rootUsageErrors(_ line: String, _ message: String) async {
    let run = await CapturedRun.run(line)
    #expect(run.code == .usage)
    #expect(
      run.stderr == message
        + "\nUsage: rovers <subcommand>\n  See 'rovers --help' for more information.\n")
  }

  @Test(arguments: [
    ("manifest curiosity --from-sol 10 --to-sol 5", "'--from-sol' (10) is after '--to-sol' (5)"),
    ("manifest --limit 3", "'--from-sol', '--to-sol' and '--limit' need a <rover>"),
    (
      "list --api-base ftp://example.test",
      "The value 'ftp://example.test' is invalid for '--api-base <url>': give an absolute http or https URL without a query (pass the key with --api-key)"
    ),
    (
      "list --timeout 0",
      "The value '0' is invalid for '--timeout <seconds>': give a number of seconds above 0"
    ),
  ])
  func otherUsageErrors(_ line: String, _ message: String) async {
    let run = await CapturedRun.run(line)
    #expect(run.code == .usage)
    #expect(run.stderr.hasPrefix("Error: \(message)\nUsage: rovers "))
  }

  @Test func environmentValuesAreCheckedAndNamedWithoutUsage() async {
    let run = await CapturedRun.run("list", environment: ["ROVERS_API_BASE": "not a url"])
    #expect(run.code == .usage)
    #expect(
      run.stderr
        == "Error: The value 'not a url' of ROVERS_API_BASE is invalid: give an absolute http or"
        + " https URL without a query (pass the key with --api-key)\n")
    let timeout = await CapturedRun.run("list", environment: ["ROVERS_TIMEOUT": "abc"])
    #expect(timeout.code == .usage)
    #expect(
      timeout.stderr
        == "Error: The value 'abc' of ROVERS_TIMEOUT is invalid: give a number of seconds above 0\n"
    )
  }

  @Test func aKeyFileThatCannotBeReadIsNamedWithoutUsage() async {
    let run = await CapturedRun.run("list --api-key-file /nonexistent/key")
    #expect(run.code == .usage)
    #expect(
      run.stderr
        == "Error: Cannot read the API key file '/nonexistent/key' (--api-key-file)\n")
  }

  @Test func optionsTakeEveryFormAndOrder() throws {
    let spec = Rovers.Photos.spec
    let parsed = try ArgumentParser.parse(
      ["--camera=fhaz", "curiosity", "--sol", "7", "--camera", "NAVCAM", "--json"], for: spec)
    #expect(parsed.positionals == ["curiosity"])
    #expect(parsed.value("sol") == "7")
    #expect(parsed.all("camera") == ["fhaz", "NAVCAM"])
    #expect(parsed.flag("json"))
    let ended = try ArgumentParser.parse(["--sol", "1", "--", "--odd-name"], for: spec)
    #expect(ended.positionals == ["--odd-name"])
  }

  @Test func secretsNeverReachTheOutputEvenInUsageErrors() async {
    let run = await CapturedRun.run(
      ["list", "--api-key", "TOPSECRET9", "--api-base", "ftp://TOPSECRET9.example"])
    #expect(run.code == .usage)
    #expect(run.stderr.contains("'ftp://***.example'"))
    #expect(!run.stderr.contains("TOPSECRET9"))
  }

  @Test func suggestionsNeedACloseMatch() {
    #expect(Suggestion.nearest(to: "curiosty", in: ["spirit", "curiosity"]) == "curiosity")
    #expect(Suggestion.nearest(to: "--sool", in: ["--page", "--sol"]) == "--sol")
    #expect(Suggestion.nearest(to: "xyz", in: ["curiosity", "spirit"]) == nil)
    #expect(Suggestion.nearest(to: "ab", in: ["xy"]) == nil)
  }
}

@Suite(.timeLimit(.minutes(3))) struct CommonOptionsTests {
  func options(_ words: [String], _ environment: [String: String] = [:]) throws -> CommonOptions {
    try CommonOptions(
      Settings(
        arguments: ArgumentParser.parse(words, for: Rovers.List.spec), environment: environment))
  }

  @Test func flagsBeatEnvironmentWhichBeatsDefaults() throws {
    let defaults = try options([])
    #expect(defaults.baseURL.absoluteString == CommonOptions.defaultBase)
    #expect(defaults.timeout == 30 && defaults.retries == 3 && defaults.deadline == 300)
    #expect(defaults.apiKey == nil)
    let environment = [
      "ROVERS_API_BASE": "http://127.0.0.1:1/api/v1", "ROVERS_TIMEOUT": "5", "ROVERS_RETRIES": "1",
      "ROVERS_DEADLINE": "60", "NASA_API_KEY": "nasa-key-1", "ROVERS_API_KEY": "rovers-key-1",
    ]
    let fromEnvironment = try options([], environment)
    #expect(fromEnvironment.baseURL.absoluteString == "http://127.0.0.1:1/api/v1")
    #expect(fromEnvironment.timeout == 5 && fromEnvironment.retries == 1)
    #expect(fromEnvironment.deadline == 60)
    #expect(fromEnvironment.apiKey == "rovers-key-1")
    let fromFlags = try options(
      [
        "--api-base", "https://example.test/v1", "--timeout", "2", "--retries", "0", "--api-key",
        "flag-key-1",
      ],
      environment)
    #expect(fromFlags.baseURL.absoluteString == "https://example.test/v1")
    #expect(fromFlags.timeout == 2 && fromFlags.retries == 0)
    #expect(fromFlags.apiKey == "flag-key-1")
  }

  @Test func keyFileGivesItsFirstLineTrimmed() throws {
    let folder = try TemporaryFolder()
    let file = folder.url.appendingPathComponent("key")
    try "  mv_live_fromfile  \nsecond line\n".write(to: file, atomically: true, encoding: .utf8)
    let options = try options(["--api-key-file", file.path], ["ROVERS_API_KEY": "env-key-12"])
    #expect(options.apiKey == "mv_live_fromfile")
  }

  @Test func aKeyOverPlainHTTPToAnotherHostIsWarnedAbout() throws {
    let remote = try options([
      "--api-base", "http://mars.example.test/api/v1", "--api-key", "key-12345",
    ])
    #expect(
      remote.warnings == [
        "warning: the API key travels in clear text to mars.example.test over plain http"
      ])
    #expect(
      try options(["--api-base", "http://127.0.0.1:8080/api/v1", "--api-key", "key-12345"]).warnings
        .isEmpty
    )
    #expect(
      try options(["--api-base", "https://mars.example.test/api/v1", "--api-key", "key-12345"])
        .warnings
        .isEmpty)
    #expect(try options(["--api-base", "http://mars.example.test/api/v1"]).warnings.isEmpty)
    #expect(
      try options(["--api-base", "http://mars.example.test/api/v1", "--api-key", "key-12345", "-q"])
        .warnings.isEmpty)
  }

  @Test func verboseAndQuietDoNotMix() throws {
    #expect(try options(["-v"]).verbose)
    // Neither is dropped: -q -v is the request log and errors, nothing else.
    let both = try options(["-v", "--quiet"])
    #expect(both.verbose && both.quiet)
  }
}
