import Foundation
import MarsData
import RoverAPI

/// The options every data command takes: `--json` and where and how to reach the API.
///
/// Flags beat environment variables, which beat defaults.
struct CommonOptions: Sendable {
  static let defaultBase = "https://rovers.nebulum.one/api/v1"

  static let specs: [OptionSpec] = [
    .flag("json", help: "Print JSON, with the API's own field names, instead of a table."),
    .option(
      "api-base", value: "url", help: "The API's base URL; or set ROVERS_API_BASE.",
      default: defaultBase),
    .option("api-key", value: "key", help: "The API key; or set ROVERS_API_KEY or NASA_API_KEY."),
    .option("api-key-file", value: "path", help: "Read the API key from this file's first line."),
    .option(
      "timeout", value: "seconds", help: "How long one request may take; or set ROVERS_TIMEOUT.",
      default: "30"),
  ]

  var json: Bool
  var baseURL: URL
  var apiKey: String?
  var timeout: Double
  /// Things the user should know before the run, such as a key about to travel in clear.
  var warnings: [String] = []

  init(_ arguments: ParsedArguments, environment: [String: String]) throws {
    json = arguments.flag("json")
    let setting = { (flag: String, variable: String) -> (value: String, source: String)? in
      if let value = arguments.value(flag) { return (value, "'\(arguments.option(flag))'") }
      if let value = environment[variable], !value.isEmpty { return (value, variable) }
      return nil
    }
    let base = setting("api-base", "ROVERS_API_BASE") ?? (Self.defaultBase, "")
    baseURL = try Self.validateBase(base.value, source: base.source, spec: arguments.spec)
    apiKey = try Self.key(arguments, environment)
    let timeoutSetting = setting("timeout", "ROVERS_TIMEOUT")
    timeout = 30
    if let (text, source) = timeoutSetting {
      guard let seconds = Double(text), seconds > 0, seconds.isFinite else {
        throw Self.invalid(text, source, "give a number of seconds above 0", arguments.spec)
      }
      timeout = seconds
    }
    let loopback = ["127.0.0.1", "localhost", "::1", "[::1]"]
    if apiKey != nil, baseURL.scheme == "http", !loopback.contains(baseURL.host ?? "") {
      warnings.append(
        "warning: the API key travels in clear text to \(baseURL.host ?? "the server") over plain http"
      )
    }
  }

  /// The archive these options describe.
  func makeArchive() -> MarsArchive {
    MarsArchive(client: APIClient(baseURL: baseURL, apiKey: apiKey, timeout: timeout))
  }

  private static func validateBase(_ text: String, source: String, spec: CommandSpec) throws
    -> URL
  {
    guard let components = URLComponents(string: text),
      let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https",
      let host = components.host, !host.isEmpty, components.query == nil,
      components.fragment == nil, let url = components.url
    else {
      throw invalid(text, source, "give an absolute http or https URL", spec)
    }
    return url
  }

  /// `--api-key`, then `--api-key-file`, then `ROVERS_API_KEY`, then `NASA_API_KEY`.
  private static func key(_ arguments: ParsedArguments, _ environment: [String: String]) throws
    -> String?
  {
    if let key = arguments.value("api-key") { return key.isEmpty ? nil : key }
    if let path = arguments.value("api-key-file") {
      guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
        throw UsageError(message: "Cannot read the API key file '\(path)'", command: arguments.spec)
      }
      let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
      let key = line.trimmingCharacters(in: .whitespaces)
      guard !key.isEmpty else {
        throw UsageError(message: "The API key file '\(path)' is empty", command: arguments.spec)
      }
      return key
    }
    for variable in ["ROVERS_API_KEY", "NASA_API_KEY"] {
      if let key = environment[variable], !key.isEmpty { return key }
    }
    return nil
  }

  private static func invalid(
    _ text: String, _ source: String, _ reason: String, _ spec: CommandSpec
  )
    -> UsageError
  {
    source.hasPrefix("'")
      ? UsageError.invalidValue(
        text, for: String(source.dropFirst().dropLast()), reason: reason, in: spec)
      : UsageError(message: "The value '\(text)' of \(source) is invalid: \(reason)", command: spec)
  }
}
