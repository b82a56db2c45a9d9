import ArgumentParsing
import CommandRuntime
import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension Rovers {
  /// `rovers config show`: the settings in force and where each comes from.
  struct Config: DataCommand {
    static let name = "config"
    static let spec = CommandSpec(
      name: name, abstract: "Show the settings in force and where each comes from.",
      discussion: """
        Settings come from flags, then environment variables, then the config file \
        $XDG_CONFIG_HOME/rovers/config (else ~/.config/rovers/config), then defaults. The file \
        holds 'key = value' lines: api-base, api-key-file, timeout, retries, deadline, jobs, \
        source, nasa-base, size, image-protocol, cache-max-mb, debayer; '#' starts a comment. Every \
        value is checked as the commands check it. The key itself is never shown.
        """,
      arguments: [
        ArgumentSpec(
          name: "action", help: "show: the effective settings.", completion: .values(["show"]))
      ],
      // Only what changes a setting it shows: output and logging options would do nothing.
      options: [Self.jsonFlag.spec]
        + [
          CommonOptions.apiBase.spec, CommonOptions.apiKey.spec, CommonOptions.apiKeyFile.spec,
          CommonOptions.config.spec, CommonOptions.source.spec, CommonOptions.nasaBase.spec,
          CommonOptions.timeout.spec, CommonOptions.retries.spec,
          CommonOptions.deadline(300).spec, CommonOptions.cacheMaxMegabytes.spec,
        ].map(\.shared))

    static let jsonFlag = Flag("json", help: "Print the settings as a JSON array.")

    let common: CommonOptions
    let rows: [[String]]
    let json: Bool

    init(_ arguments: ParsedArguments, settings: Settings) throws {
      guard arguments.positionals[0] == "show" else {
        throw UsageError.invalidValue(
          arguments.positionals[0], for: "<action>", reason: "give show", in: Self.spec)
      }
      common = try CommonOptions(settings)
      json = arguments[Self.jsonFlag]
      let config = try settings.config()
      let environment = settings.environment
      func from<Value>(_ setting: Setting<Value>) throws -> String {
        try settings.origin(of: setting.option) ?? "default"
      }
      let keyOrigin =
        arguments.text(of: CommonOptions.apiKey) != nil
        ? "--api-key"
        : arguments.text(of: CommonOptions.apiKeyFile) != nil
          ? "--api-key-file"
          : ["ROVERS_API_KEY", "NASA_API_KEY"].first { !(environment[$0] ?? "").isEmpty }
            ?? config.origin(of: "api-key-file") ?? "none"
      // Checked here as download checks it, so a bad line shows before the night's run does.
      let jobs = try settings[DownloadOutput.jobs]
      let size = try settings[SizeOption.option]
      let configPath =
        config.path.isEmpty
        ? XDGPaths(environment: environment).config?.appendingPathComponent("config").path
        : config.path
      rows = [
        ["api-base", common.baseURL.absoluteString, try from(CommonOptions.apiBase)],
        ["api-key", common.apiKey == nil ? "(none)" : "***", keyOrigin],
        ["source", try settings[CommonOptions.source].rawValue, try from(CommonOptions.source)],
        ["nasa-base", common.nasaBaseURL.absoluteString, try from(CommonOptions.nasaBase)],
        ["timeout", Self.number(common.timeout), try from(CommonOptions.timeout)],
        ["retries", String(common.retries), try from(CommonOptions.retries)],
        ["deadline", Self.number(common.deadline), try from(CommonOptions.deadline(300))],
        ["jobs", String(jobs), try from(DownloadOutput.jobs)],
        ["size", size.rawValue, try from(SizeOption.option)],
        [
          "cache", common.cacheFolder?.path ?? "(off)",
          common.cacheFolder == nil ? "" : "XDG_CACHE_HOME or HOME",
        ],
        [
          "cache limit", "\(common.cacheMaxBytes / 1_000_000) MB",
          try from(CommonOptions.cacheMaxMegabytes),
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
        var writer = JSONWriter(.pretty) { out.write(bytes: $0) }
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
