import Foundation

extension Rovers {
  /// `rovers config show`: the settings in force and where each comes from.
  struct Config: DataCommand {
    static let spec = CommandSpec(
      name: "config", abstract: "Show the settings in force and where each comes from.",
      discussion: """
        Settings come from flags, then environment variables, then the config file \
        $XDG_CONFIG_HOME/rovers/config (else ~/.config/rovers/config), then defaults. The file \
        holds 'key = value' lines: api-base, api-key-file, timeout, retries, deadline, jobs, \
        source, nasa-base, size; '#' starts a comment. Every value is checked as the commands check \
        it. The key itself is never shown.
        """,
      synopsis: "show [--json]",
      arguments: [
        ArgumentSpec(
          name: "action", help: "show: the effective settings.", completion: .values(["show"]))
      ],
      // Only what changes a setting it shows: output and logging options would do nothing.
      options: [.flag("json", help: "Print the settings as a JSON array.")]
        + CommonOptions.specs.filter { settingOptions.contains($0.long) })

    private static let settingOptions: Set = [
      "api-base", "api-key", "api-key-file", "config", "source", "nasa-base", "timeout", "retries",
      "deadline",
    ]

    let common: CommonOptions
    let rows: [[String]]
    let json: Bool

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
      guard arguments.positionals[0] == "show" else {
        throw UsageError.invalidValue(
          arguments.positionals[0], for: "<action>", reason: "give show", in: Self.spec)
      }
      common = try CommonOptions(arguments, environment: environment)
      json = arguments.flag("json")
      let config = try ConfigFile.load(arguments, environment)
      let settings = SettingSource(arguments: arguments, environment: environment, config: config)
      let from = { (flag: String, variable: String?) in
        settings.text(flag, variable)?.origin ?? "default"
      }
      let keyOrigin =
        arguments.value("api-key") != nil
        ? "--api-key"
        : arguments.value("api-key-file") != nil
          ? "--api-key-file"
          : ["ROVERS_API_KEY", "NASA_API_KEY"].first { !(environment[$0] ?? "").isEmpty }
            ?? config.origin(of: "api-key-file") ?? "none"
      // Checked here as download checks it, so a bad line shows before the night's run does.
      let jobs = try settings.integer(
        "jobs", "ROVERS_JOBS", default: 8, in: 1...64, reason: "give a whole number, 1 to 64")
      let configPath =
        config.path.isEmpty
        ? XDGPaths(environment: environment).config?.appendingPathComponent("config").path
        : config.path
      rows = [
        ["api-base", common.baseURL.absoluteString, from("api-base", "ROVERS_API_BASE")],
        ["api-key", common.apiKey == nil ? "(none)" : "***", keyOrigin],
        ["source", common.source.rawValue, from("source", "ROVERS_SOURCE")],
        ["nasa-base", common.nasaBaseURL.absoluteString, from("nasa-base", "ROVERS_NASA_BASE")],
        ["timeout", Self.number(common.timeout), from("timeout", "ROVERS_TIMEOUT")],
        ["retries", String(common.retries), from("retries", "ROVERS_RETRIES")],
        ["deadline", Self.number(common.deadline), from("deadline", "ROVERS_DEADLINE")],
        ["jobs", String(jobs), from("jobs", "ROVERS_JOBS")],
        [
          "cache", common.cacheFolder?.path ?? "(off)",
          common.cacheFolder == nil ? "" : "XDG_CACHE_HOME or HOME",
        ],
        [
          "config file", configPath ?? "(none)",
          configPath.map { FileManager.default.fileExists(atPath: $0) ? "read" : "not present" }
            ?? "",
        ],
      ]
    }

    func run(_ console: Console) async throws -> ExitCode {
      if json {
        let out = OutputBuffer(console)
        var writer = JSONWriter(out)
        writer.array(rows) { writer, row in
          writer.object {
            $0.member("from", row[2])
            $0.member("setting", row[0])
            $0.member("value", row[1])
          }
        }
        writer.end()
        out.flush()
        return .success
      }
      var table = TextTable([.init(title: "SETTING"), .init(title: "VALUE"), .init(title: "FROM")])
      for row in rows { table.append(row) }
      console.output(table.render(console.style))
      return .success
    }

    private static func number(_ value: Double) -> String {
      value == value.rounded() ? String(Int(value)) : String(value)
    }
  }
}
