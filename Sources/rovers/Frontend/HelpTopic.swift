/// `rovers help …`: a subcommand's help, or a topic such as the exit codes.
struct HelpTopic: Sendable {
  var name: String
  var abstract: String
  var text: @Sendable () -> String

  static let all = [
    HelpTopic(name: "exit-codes", abstract: "What each exit code means.") {
      var text = "EXIT CODES:\n"
      for code in ExitCode.allCases {
        text += HelpFormatter.row(String(code.rawValue), code.meaning)
      }
      return text
    },
    HelpTopic(name: "environment", abstract: "The environment variables rovers reads.") {
      var text = "ENVIRONMENT:\n"
      for (name, meaning) in environmentVariables { text += HelpFormatter.row(name, meaning) }
      return text
        + "\n  Flags beat environment variables, which beat the config file and defaults.\n"
    },
  ]

  /// Every variable rovers reads, with what it does: for help and the man page alike.
  static let environmentVariables: [(String, String)] = [
    ("ROVERS_API_BASE", "The API's base URL. (default: \(CommonOptions.defaultBase))"),
    ("ROVERS_API_KEY", "The API key, sent as X-API-Key and api_key."),
    ("NASA_API_KEY", "The API key, when ROVERS_API_KEY is unset."),
    ("ROVERS_TIMEOUT", "Seconds one request may take. (default: 30)"),
    ("ROVERS_RETRIES", "Retries of a failed request. (default: 3)"),
    ("ROVERS_DEADLINE", "Seconds the whole command may take. (default: 300)"),
    ("XDG_CACHE_HOME", "The cache goes in its rovers folder. (default: ~/.cache)"),
    ("XDG_CONFIG_HOME", "The config file is its rovers/config. (default: ~/.config)"),
    ("NO_COLOR", "Set to anything to turn colour off."),
    ("COLUMNS", "The width tables fit. (default: the terminal's)"),
  ]

  /// The help that `rovers help <words>` prints.
  static func text(for words: [String]) throws -> String {
    guard let name = words.first else { return Rovers.rootHelp }
    if let command = Rovers.command(named: name) {
      return HelpFormatter.help(for: command.spec)
    }
    if let topic = all.first(where: { $0.name == name }) { return topic.text() }
    let names = Rovers.specs.map(\.name) + all.map(\.name)
    let hint = Suggestion.nearest(to: name, in: names).map { " Did you mean '\($0)'?" } ?? ""
    throw UsageError(message: "Unknown help topic '\(name)'.\(hint)", command: nil)
  }
}
