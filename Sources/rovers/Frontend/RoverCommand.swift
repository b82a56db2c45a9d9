/// A subcommand: its description, validation of its arguments, and its run.
protocol RoverCommand: Sendable {
  /// How the subcommand is called and what help says of it.
  static var spec: CommandSpec { get }
  /// Validates the parsed arguments before anything is sent; throws ``UsageError``.
  init(_ arguments: ParsedArguments, environment: [String: String]) throws
  /// The options shared by every data command.
  var common: CommonOptions { get }
  /// Runs the command; returns the exit code when some of the work failed but some was shown.
  func run(_ console: Console) async throws -> ExitCode
}
