import ArgumentParsing
import PlainText
import SystemInterface

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A config file that cannot be used: exit 78, with the line.
package struct ConfigError: Error, CustomStringConvertible {
  package var path: String
  package var line: Int?
  package var problem: String

  package var description: String {
    "\(path)\(line.map { ":\($0)" } ?? ""): \(problem)"
  }
}

/// The config file: `--config PATH`, else `ROVERS_CONFIG`, else
/// `$XDG_CONFIG_HOME/rovers/config`. `key = value` lines; `#` at the start of a line or after
/// a space starts a comment; below flags and the environment in precedence.
package struct ConfigFile: Sendable {
  /// The most a config file may hold, in bytes: a few lines are all it takes.
  static let sizeLimit = 1_000_000

  /// Every setting the file may hold.
  package static let keys = [
    "api-base", "api-key-file", "timeout", "retries", "deadline", "jobs", "source", "nasa-base",
    "size", "image-protocol", "cache-max-mb", "debayer", "gallery-url", "on-new",
    "on-new-timeout",
  ]

  /// Each setting with the line it is on.
  package var values: [String: (value: String, line: Int)] = [:]
  package var path: String = ""

  /// The file the arguments and environment name, or the usual one; empty when there is none.
  /// A file named by `--config` or `ROVERS_CONFIG` must exist.
  package static func load(_ arguments: ParsedArguments?, _ environment: [String: String]) throws
    -> ConfigFile
  {
    let named =
      arguments?.text(of: CommonOptions.config)
      ?? environment["ROVERS_CONFIG"].flatMap { $0.isEmpty ? nil : $0 }
    guard
      let path = named.map({ expandHome($0, environment) })
        ?? XDGPaths(environment: environment).config?.appendingPathComponent("config").path
    else { return ConfigFile() }
    guard let status = FileStatus.of(path) else {
      let code = POSIX.lastError
      let missing = code == POSIX.ErrorCode.noSuchFile
      if missing, named == nil { return ConfigFile() }
      let reason =
        code == POSIX.ErrorCode.linkLoop ? "is a loop of symbolic links" : POSIX.describe(code)
      throw ConfigError(path: path, problem: missing ? "does not exist" : reason)
    }
    guard status.kind == .file else {
      throw ConfigError(path: path, problem: "is not a file")
    }
    // Read up to a limit, as every file the tool reads: a config file is a few lines.
    guard let bytes = POSIX.readStart(ofFile: path, upTo: Self.sizeLimit + 1) else {
      throw ConfigError(path: path, problem: "cannot be read")
    }
    guard bytes.count <= Self.sizeLimit else {
      throw ConfigError(
        path: path, problem: "is over \(Self.sizeLimit / 1_000_000) MB, too large for a config file"
      )
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw ConfigError(path: path, problem: "is not UTF-8 text")
    }
    return try ConfigFile(text, path: path, home: environment["HOME"])
  }

  package init() {}

  private var home: String?

  /// Parses the text; any line that is not blank, a comment or `key = value` with a known key
  /// is an error naming the line. Line ends may be `\n` or `\r\n`.
  package init(_ text: String, path: String, home: String? = nil) throws {
    self.path = path
    self.home = home
    // `\r\n` is one Character in Swift, and a newline like `\n`.
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (index, raw) in lines.enumerated() {
      let line = Self.withoutComment(raw).trimmingSpaces()
      if line.isEmpty { continue }
      guard let equals = line.firstIndex(of: "=") else {
        throw ConfigError(path: path, line: index + 1, problem: "expected 'key = value'")
      }
      let key = line[..<equals].trimmingSpaces()
      let value = line[line.index(after: equals)...].trimmingSpaces()
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
  package func origin(of key: String) -> String? {
    values[key].map { "\(path):\($0.line)" }
  }

  /// A path written in the file: `~` is the home folder, and a relative path is relative to
  /// the file's own folder, so cron and a shell in any folder read the same file.
  package func resolve(_ written: String) -> String {
    let expanded = Self.expandHome(written, ["HOME": home ?? ""])
    guard !expanded.hasPrefix("/") else { return expanded }
    return URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(expanded)
      .path
  }

  /// `~` and `~/x` with the home folder; anything else as it is.
  package static func expandHome(_ path: String, _ environment: [String: String]) -> String {
    guard path == "~" || path.hasPrefix("~/"), let home = environment["HOME"], !home.isEmpty
    else { return path }
    return home + path.dropFirst()
  }

  /// The line up to a `#` that starts it or follows white space.
  private static func withoutComment(_ line: Substring) -> Substring {
    var previous: Character = " "
    for index in line.indices {
      if line[index] == "#", previous.isWhitespace { return line[..<index] }
      previous = line[index]
    }
    return line
  }
}
