import ArgumentParsing
import PlainText

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Finds the API key: `--api-key`, then `--api-key-file`, then `ROVERS_API_KEY`, then
/// `NASA_API_KEY`, then the config file's `api-key-file`.
///
/// A key is 8 characters or more with no spaces or control characters: every server's keys
/// are far longer, and a one-letter "key" would make hiding it in messages rewrite ordinary
/// words.
package enum APIKeySource {
  /// The shortest key accepted.
  package static let minimumLength = 8

  package static func key(_ settings: Settings) throws -> String? {
    let arguments = settings.arguments
    if let key = try arguments[CommonOptions.apiKey] {
      guard !key.isEmpty else { return nil }
      guard isPlausible(key) else {
        throw UsageError(
          message: "The value of '--api-key <key>' is not a key: \(rule)", command: arguments.spec)
      }
      return key
    }
    if let path = try arguments[CommonOptions.apiKeyFile] {
      return try read(path, origin: "--api-key-file")
    }
    for variable in ["ROVERS_API_KEY", "NASA_API_KEY"] {
      guard let key = settings.environment[variable], !key.isEmpty else { continue }
      guard isPlausible(key) else {
        throw SettingError(message: "The value of \(variable) is not a key: \(rule)")
      }
      return key
    }
    let config = try settings.config()
    guard let (path, line) = config.values["api-key-file"] else { return nil }
    do {
      return try read(config.resolve(path), origin: "\(config.path):\(line)")
    } catch let error as SettingError {
      throw ConfigError(path: config.path, line: line, problem: error.message)
    }
  }

  package static let rule = "a key is \(minimumLength) characters or more, without spaces"

  /// Whether `key` can be a key at all.
  package static func isPlausible(_ key: String) -> Bool {
    key.count >= minimumLength
      && !key.unicodeScalars.contains { $0.properties.isWhitespace || TerminalText.isControl($0) }
  }

  /// The file's first line, trimmed.
  private static func read(_ path: String, origin: String) throws -> String {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      throw SettingError(message: "Cannot read the API key file '\(path)' (\(origin))")
    }
    let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
    let key = line.trimmingSpaces()
    guard !key.isEmpty else {
      throw SettingError(message: "The API key file '\(path)' (\(origin)) is empty")
    }
    guard isPlausible(key) else {
      throw SettingError(message: "The API key file '\(path)' (\(origin)) holds no key: \(rule)")
    }
    return key
  }
}
