import Foundation

/// A config file that cannot be used: exit 78, with the line.
struct ConfigError: Error, CustomStringConvertible {
  var path: String
  var line: Int?
  var problem: String

  var description: String {
    "\(path)\(line.map { ":\($0)" } ?? ""): \(problem)"
  }
}

/// `$XDG_CONFIG_HOME/rovers/config`: `key = value` lines, `#` comments, below flags and the
/// environment in precedence.
struct ConfigFile: Sendable {
  static let keys = ["api-base", "api-key-file", "timeout", "retries", "jobs"]

  /// Each setting with the line it is on.
  var values: [String: (value: String, line: Int)] = [:]
  var path: String = ""

  /// The file under the config folder; empty when there is none.
  static func load(_ environment: [String: String]) throws -> ConfigFile {
    guard let folder = XDGPaths(environment: environment).config else { return ConfigFile() }
    let path = folder.appendingPathComponent("config").path
    guard FileManager.default.fileExists(atPath: path) else { return ConfigFile() }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigError(path: path, problem: "cannot be read")
    }
    guard let text = String(data: data, encoding: .utf8) else {
      throw ConfigError(path: path, problem: "is not UTF-8 text")
    }
    return try ConfigFile(text, path: path)
  }

  init() {}

  /// Parses the text; any line that is not blank, a comment or `key = value` with a known key
  /// is an error naming the line.
  init(_ text: String, path: String) throws {
    self.path = path
    for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let equals = line.firstIndex(of: "=") else {
        throw ConfigError(path: path, line: index + 1, problem: "expected 'key = value'")
      }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      guard Self.keys.contains(key) else {
        let hint =
          Suggestion.nearest(to: key, in: Self.keys).map { " (did you mean '\($0)'?)" } ?? ""
        throw ConfigError(
          path: path, line: index + 1,
          problem: "unknown setting '\(key)'\(hint); known: \(Self.keys.joined(separator: ", "))")
      }
      guard !value.isEmpty else {
        throw ConfigError(path: path, line: index + 1, problem: "'\(key)' has no value")
      }
      values[key] = (value, index + 1)
    }
  }

  /// Where a value came from, for messages: `~/.config/rovers/config:3`.
  func origin(of key: String) -> String? {
    values[key].map { "\(path):\($0.line)" }
  }
}
