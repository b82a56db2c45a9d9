import Foundation

extension Rovers {
  /// `rovers config show`: the settings in force and where each comes from.
  struct Config: DataCommand {
    static let spec = CommandSpec(
      name: "config", abstract: "Show the settings in force and where each comes from.",
      discussion: """
        Settings come from flags, then environment variables, then the config file \
        $XDG_CONFIG_HOME/rovers/config (else ~/.config/rovers/config), then defaults. The file \
        holds 'key = value' lines: api-base, api-key-file, timeout, retries, jobs; '#' starts a \
        comment. The key itself is never shown.
        """,
      synopsis: "show",
      arguments: [
        ArgumentSpec(
          name: "action", help: "show: the effective settings.", completion: .values(["show"]))
      ],
      options: CommonOptions.specs)

    let common: CommonOptions
    let rows: [[String]]

    init(_ arguments: ParsedArguments, environment: [String: String]) throws {
      guard arguments.positionals[0] == "show" else {
        throw UsageError.invalidValue(
          arguments.positionals[0], for: "<action>", reason: "give show", in: Self.spec)
      }
      common = try CommonOptions(arguments, environment: environment)
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
      let configPath = XDGPaths(environment: environment).config?.appendingPathComponent("config")
        .path
      rows = [
        ["api-base", common.baseURL.absoluteString, from("api-base", "ROVERS_API_BASE")],
        ["api-key", common.apiKey == nil ? "(none)" : "***", keyOrigin],
        ["timeout", Self.number(common.timeout), from("timeout", "ROVERS_TIMEOUT")],
        ["retries", String(common.retries), from("retries", "ROVERS_RETRIES")],
        ["deadline", Self.number(common.deadline), from("deadline", "ROVERS_DEADLINE")],
        ["jobs", config.values["jobs"]?.value ?? "8", config.origin(of: "jobs") ?? "default"],
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
