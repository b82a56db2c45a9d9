import ArgumentParsing
import CommandRuntime

/// A subcommand: its description, validation of its arguments, and its run.
protocol RoverCommand: Sendable {
  /// The word that calls the subcommand: read alone to find it, so that running one command
  /// does not build the specs (options, help) of those listed before it.
  static var name: String { get }
  /// How the subcommand is called and what help says of it.
  static var spec: CommandSpec { get }
  /// Validates the parsed arguments before anything is sent; throws ``UsageError``. The
  /// settings read the environment and the config file once for the whole run.
  init(_ arguments: ParsedArguments, settings: Settings) throws
  /// The options shared by every data command; `nil` for a command that never reaches the
  /// API, such as `cache`.
  var sharedOptions: CommonOptions? { get }
  /// Runs the command; returns the exit code when some of the work failed but some was shown.
  func run(_ console: Console) async throws -> ExitCode
  /// Whether these arguments ask for work that needs no task at all (`show` of one file on
  /// disk), which ``runAtOnce(_:)`` then does: checked before the settings are read.
  static func mayRunAtOnce(_ arguments: ParsedArguments) -> Bool
  /// Runs the command on the calling thread when it needs no task at all, before the runtime
  /// starts its threads; `nil` where it does.
  func runAtOnce(_ console: Console) throws -> ExitCode?
  /// The names `--fields` takes, for completion; none for a command without it.
  static var fieldNames: [String] { get }
}

extension RoverCommand {
  static var fieldNames: [String] { [] }
  static func mayRunAtOnce(_ arguments: ParsedArguments) -> Bool { false }
  func runAtOnce(_ console: Console) throws -> ExitCode? { nil }
}

/// A subcommand that talks to the API, and so takes the common options.
protocol DataCommand: RoverCommand {
  /// Output, server, key, timeouts.
  var common: CommonOptions { get }
}

extension DataCommand {
  var sharedOptions: CommonOptions? { common }
}
