import Foundation

/// Finds the API key: `--api-key`, then `--api-key-file`, then `ROVERS_API_KEY`, then
/// `NASA_API_KEY`, then the config file's `api-key-file`.
enum APIKeySource {
  static func key(
    _ arguments: ParsedArguments, _ environment: [String: String], config: ConfigFile = ConfigFile()
  ) throws -> String? {
    if let key = arguments.value("api-key") { return key.isEmpty ? nil : key }
    if let path = arguments.value("api-key-file") { return try read(path, arguments.spec) }
    for variable in ["ROVERS_API_KEY", "NASA_API_KEY"] {
      if let key = environment[variable], !key.isEmpty { return key }
    }
    guard let (path, line) = config.values["api-key-file"] else { return nil }
    do {
      return try read(path, arguments.spec)
    } catch let error as UsageError {
      throw ConfigError(path: config.path, line: line, problem: error.message)
    }
  }

  /// The file's first line, trimmed.
  private static func read(_ path: String, _ spec: CommandSpec) throws -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw UsageError(message: "Cannot read the API key file '\(path)'", command: spec)
    }
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    let key = line.trimmingCharacters(in: .whitespaces)
    guard !key.isEmpty else {
      throw UsageError(message: "The API key file '\(path)' is empty", command: spec)
    }
    return key
  }
}
