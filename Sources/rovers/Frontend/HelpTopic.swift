import ArgumentParsing
import CommandRuntime
import RoverAPI

/// `rovers help …`: a subcommand's help, or a topic such as the exit codes.
struct HelpTopic: Sendable {
  var name: String
  var abstract: String
  var text: @Sendable (HelpFormatter) -> String

  static let all = [
    HelpTopic(name: "exit-codes", abstract: "What each exit code means.") { format in
      var text = "EXIT CODES:\n"
      for code in ExitCode.allCases {
        text += format.row(String(code.rawValue), code.meaning)
      }
      return text + "\n" + format.wrap(ExitCode.nasaHostRule) + "\n"
    },
    HelpTopic(name: "options", abstract: "The options every data command takes.") { format in
      "COMMON OPTIONS:\n" + format.rows(commonOptions)
        + "\n  Flags beat environment variables, which beat the config file and defaults.\n"
        + "  See 'rovers help <subcommand>' for a command's own options.\n"
    },
    HelpTopic(name: "environment", abstract: "The environment variables rovers reads.") {
      format in
      var text = "ENVIRONMENT:\n"
      for (name, meaning) in environmentVariables { text += format.row(name, meaning) }
      return text
        + "\n  Flags beat environment variables, which beat the config file and defaults.\n"
    },
  ]

  /// The options every data command takes, described once (here, and in the man page's
  /// COMMON OPTIONS), so each command's help shows what is its own.
  static let commonOptions = CommonOptions.specs.map { option in
    var option = option
    if option.long == "deadline" { option.defaultValue = "300; 3600 for download and sync" }
    return option
  }

  /// Every variable rovers reads, with what it does: the one table behind help, the man page
  /// and the README's list (a test holds the README to it).
  static let environmentVariables: [(String, String)] = [
    ("ROVERS_API_BASE", "The API's base URL. (default: \(CommonOptions.defaultBase))"),
    ("ROVERS_API_KEY", "The API key, sent as X-API-Key and api_key."),
    ("NASA_API_KEY", "The API key, when ROVERS_API_KEY is unset or empty."),
    ("ROVERS_SOURCE", "api, nasa or auto: where photos come from. (default: auto)"),
    ("ROVERS_NASA_BASE", "The host of NASA's feeds. (default: \(CommonOptions.defaultNASABase))"),
    ("ROVERS_CONFIG", "The config file. (default: $XDG_CONFIG_HOME/rovers/config)"),
    ("ROVERS_TIMEOUT", "Seconds one request may take; NASA's feeds get 3 times. (default: 30)"),
    ("ROVERS_RETRIES", "Retries of a failed request. (default: 3)"),
    (
      "ROVERS_DEADLINE",
      "Seconds the whole command may take. (default: 300; 3600 for download and sync)"
    ),
    ("ROVERS_JOBS", "Transfers at once for download and sync, 1 to 64. (default: 8)"),
    ("ROVERS_MAX_BODY_MB", "The most megabytes of one JSON answer. (default: 256)"),
    ("ROVERS_CACHE_MAX_MB", "The most megabytes the cache keeps. (default: 200)"),
    (
      "ROVERS_EXTRAS_GRACE",
      "Seconds NASA's host may add after the main work, for tests. (default: 2)"
    ),
    (
      "ROVERS_TRANSPORT",
      "The HTTP client: \(TransportKind.allCases.map(\.rawValue).joined(separator: " or ")). "
        + "(default: \(TransportKind.native.rawValue))"
    ),
    (
      "ROVERS_IMAGE_PROTOCOL",
      "How show draws: auto, iterm, kitty, sixel, blocks or none. (default: auto)"
    ),
    ("ROVERS_DEBAYER", "on or off: Bayer frames in colour in show, stereo and movie."),
    ("ROVERS_GALLERY_URL", "Where the gallery is served, for its feed's links."),
    ("ROVERS_ON_NEW", "A command sync runs when it saved photos (their paths on stdin)."),
    ("ROVERS_ON_NEW_TIMEOUT", "Seconds the --on-new command may run. (default: 300)"),
    ("ROVERS_CATALOG", "The catalogue file. (default: $XDG_DATA_HOME/rovers/catalog.sqlite)"),
    ("XDG_CACHE_HOME", "The cache goes in its rovers folder. (default: ~/.cache)"),
    ("XDG_CONFIG_HOME", "The config file is its rovers/config. (default: ~/.config)"),
    ("XDG_DATA_HOME", "The catalogue is its rovers/catalog.sqlite. (default: ~/.local/share)"),
    ("NO_COLOR", "Set to a value that is not empty to turn colour off."),
    ("COLUMNS", "The width of tables and help on a terminal. (default: the terminal's)"),
  ]

  /// `rovers help` itself, for `rovers help help` and `rovers help --help`.
  static let command = CommandSpec(
    name: "help", abstract: "Show subcommand help information.",
    arguments: [
      ArgumentSpec(
        name: "subcommand", help: "A subcommand or help topic, such as photos or exit-codes.",
        isRequired: false, completion: .none)
    ])

  /// A subcommand's help: its own options, with the common ones left to `rovers help options`.
  static func help(for spec: CommandSpec, _ format: HelpFormatter) -> String {
    format.help(for: spec, commonOptionsTopic: "options")
  }

  /// The help that `rovers help <words>` prints.
  static func text(for words: [String], format: HelpFormatter) throws -> String {
    guard let name = words.first else { return Rovers.rootHelp(format) }
    if ["help", "-h", "--help"].contains(name) { return format.help(for: command) }
    if let command = Rovers.command(named: name) { return help(for: command.spec, format) }
    if let topic = all.first(where: { $0.name == name }) { return topic.text(format) }
    let names = Rovers.specs.map(\.name) + all.map(\.name) + ["help"]
    let hint = Suggestion.hint(for: name, in: names)
    throw UsageError(message: "Unknown help topic '\(name)'.\(hint)", command: nil)
  }
}
