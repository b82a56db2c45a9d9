import ArgumentParsing
import RoverAPI
import Synchronization

/// The settings of one run: the command line, the environment and the config file, which is
/// read once, on first use, however many options ask.
///
/// A value comes from the flag, else the environment variable (when not empty), else the
/// config file, else the default; a bad one is an error naming where it came from.
package final class Settings: Sendable {
  /// The command line.
  package let arguments: ParsedArguments
  /// The process's environment.
  package let environment: [String: String]
  /// Makes what carries the requests: a test's own; `nil` for the kind the run asks for.
  private let makeTransport: (@Sendable () -> any HTTPTransport)?
  /// The one transport of the run, made on first use: every client of the run (the API, the
  /// feeds, the image hosts) shares its connections.
  private let made = Mutex<(any HTTPTransport)?>(nil)
  private let file = Mutex<Result<ConfigFile, ConfigError>?>(nil)

  package init(
    arguments: ParsedArguments, environment: [String: String],
    transport: (@Sendable () -> any HTTPTransport)? = nil
  ) {
    self.arguments = arguments
    self.environment = environment
    self.makeTransport = transport
  }

  /// The run's transport: the one `make` makes (the kind the run asks for), unless a test
  /// gave its own.
  package func transport(_ make: () -> any HTTPTransport) -> any HTTPTransport {
    made.withLock { made in
      if let made { return made }
      let transport = makeTransport?() ?? make()
      made = transport
      return transport
    }
  }

  /// Ends the run's transport, if one was made.
  package func finishTransport() { made.withLock { $0?.finish() } }

  /// The config file, read the first time it is asked for.
  package func config() throws -> ConfigFile {
    try file.withLock { loaded in
      if let loaded { return try loaded.get() }
      do {
        let config = try ConfigFile.load(arguments, environment)
        loaded = .success(config)
        return config
      } catch let error as ConfigError {
        loaded = .failure(error)
        throw error
      }
    }
  }

  /// The setting's value, from wherever it comes.
  package subscript<Value>(_ setting: Setting<Value>) -> Value {
    get throws { try self[setting.option] ?? setting.defaultValue }
  }

  /// The option's value from the flag, the environment or the config file; `nil` when none
  /// gives one.
  package subscript<Value>(_ option: Option<Value>) -> Value? {
    get throws {
      guard let (text, origin) = try text(of: option) else { return nil }
      switch option.parse(text) {
      case .success(let value): return value
      case .failure(let problem): throw try invalid(text, origin, problem.reason)
      }
    }
  }

  /// Where the option's value comes from (`--timeout`, `ROVERS_TIMEOUT`, `path:3`), or
  /// `nil` for its default.
  package func origin<Value>(of option: Option<Value>) throws -> String? {
    try text(of: option)?.origin
  }

  /// The text giving the option's value, with where it came from.
  package func text<Value>(of option: Option<Value>) throws -> (value: String, origin: String)? {
    let long = option.spec.long
    if let value = arguments.text(of: option) { return (value, option.displayName) }
    if let variable = option.variable, let value = environment[variable], !value.isEmpty {
      return (value, variable)
    }
    guard option.inConfig else { return nil }
    let config = try config()
    if let (value, _) = config.values[long], let origin = config.origin(of: long) {
      return (value, origin)
    }
    return nil
  }

  /// The error for a bad value, naming the flag, the variable or the config file's line it
  /// came from.
  package func invalid(_ text: String, _ origin: String, _ reason: String) throws -> any Error {
    if origin.hasPrefix("--") {
      return UsageError.invalidValue(text, for: origin, reason: reason, in: arguments.spec)
    }
    // A value from the config file is the file's fault: exit 78, with its line.
    let config = try config()
    if !config.path.isEmpty, origin.hasPrefix(config.path + ":") {
      let line = Int(origin.dropFirst(config.path.count + 1))
      return ConfigError(
        path: config.path, line: line, problem: "the value '\(text)' is invalid: \(reason)")
    }
    return SettingError(message: "The value '\(text)' of \(origin) is invalid: \(reason)")
  }
}
